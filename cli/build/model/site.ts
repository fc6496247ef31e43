import type { SchemaName, Site } from '../../../schemas/types.ts';
import { isDocumentOf, type ContentDocument } from '../../content/documents.ts';
import type { LocaleCode, LocaleMetrics } from '../../../templates/context.tsx';
import type { Vocabulary } from '../../../widgets/search/vocabulary.ts';
import type { SourceFile } from '../../content/source.ts';

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
  /** content/metrics.yaml in this locale's words (set by the metrics stage, 04-metrics/). */
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
