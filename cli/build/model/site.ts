import type { ContentTypes, SchemaName, Site } from '../../../schemas/types.ts';
import type { LocaleCode, LocaleMetrics } from '../../../templates/context.tsx';
import type { Vocabulary } from '../../../widgets/search/vocabulary.ts';
import type { SourceFile } from '../../content/source.ts';

// Content documents: what a content file is once its schema passed it (the validate stage), the one
// shape every later stage reads.

/** A content file that passed its schema, with the type its schema gives its data. */
export interface ContentDocument<S extends SchemaName = SchemaName> {
  schema: S;
  data: ContentTypes[S];
  source: SourceFile;
  /** The Markdown body of an event file. */
  body?: string;
}

/** Whether a document follows `schema`; narrows its data to that schema's type. */
export function isDocumentOf<S extends SchemaName>(document: ContentDocument, schema: S): document is ContentDocument<S> {
  return document.schema === schema;
}

/**
 * A file that may leave out what its base has: a zh_CN override (laid over the zh_TW file it
 * converts) or another locale's UI messages (laid over zh_TW's). What is there fits its schema;
 * the locales stage checks the whole once it is laid over its base.
 */
export interface PartialDocument {
  schema: SchemaName;
  data: unknown;
  source: SourceFile;
  body?: string;
}

// The site as the stages after the locales stage know it: one complete model per locale.

export type { LocaleCode } from '../../../templates/context.tsx';

export type Origin = 'written' | 'converted' | 'overridden';

/** Everything one locale's pages are made from, complete and in that locale's script. */
export interface LocaleModel {
  code: LocaleCode;
  iso: string;
  name: string;
  alias: string;
  /** Documents by path inside the locale folder (`pages/about.yaml`). */
  documents: Map<string, ContentDocument>;
  /** How each document came to be: written in this locale, converted from zh_TW, or converted and then overridden. */
  origins: Map<string, Origin>;
  /** Files with problems (for zh_CN, those of zh_TW too): their pages exist, their content is not known. */
  broken: Set<string>;
  /** UI messages of zh_TW this locale's messages.yaml does not translate (the zh_TW text is shown). */
  missingMessages: string[];
  /** content/metrics.yaml in this locale's words (set by the metrics stage, 04-metrics.ts). */
  metrics: LocaleMetrics;
  /** content/synonyms.yaml in this locale's words, for its search index (scriptPairs.ts). */
  vocabulary: Vocabulary;
}

export interface SiteModel {
  site: Site;
  /** content/site.yaml as read, to point at a line of it. */
  siteSource: SourceFile;
  contentDir: string;
  assets: Set<string>;
  /** Files of content/assets that are not read (01-load.ts `refusedAssets`): reported once, where they are. */
  refusedAssets: Set<string>;
  locales: LocaleModel[];
}

/** The document of `path` in a locale when it follows `schema`, with that schema's type. */
export function documentOf<S extends SchemaName>(locale: LocaleModel, path: string, schema: S): ContentDocument<S> | undefined {
  const document = locale.documents.get(path);
  return document && isDocumentOf(document, schema) ? document : undefined;
}

/** Objects merge key by key; lists and texts of the override replace the base's whole. */
export function overlay(base: unknown, override: unknown): unknown {
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(override)) merged[key] = key in base ? overlay(base[key], value) : value;
    return merged;
  }
  return override;
}

/** An object with keys (a mapping of YAML), not a list and not null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
