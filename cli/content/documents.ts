import type { ContentTypes, SchemaName } from '../../schemas/types.ts';
import type { ContentProblem } from '../errors.ts';
import type { ContentKind } from './catalog.ts';
import type { SourceFile } from './source.ts';
import type { DataEntry } from './yamlCache.ts';

// What a content file is as the build reads it (the load stage), as it checks it against its
// schema (the validate stage), and once its schema passed it: the one shape every later stage reads.

/** A content file read from disk, not yet validated. */
export interface LoadedFile {
  source: SourceFile;
  kind: ContentKind;
  /** Locale folder it came from, or null for the files directly in content/ (site.yaml …). */
  locale: string | null;
  /** Path inside the locale folder: `pages/about.yaml`, `events/2024-blood-drive.md`. */
  path: string;
  /** The Markdown below the front matter of an event file. */
  body?: string;
  /** Why the file could not be read (not UTF-8): it is a file with problems, its text unknown. */
  unread?: ContentProblem;
}

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

/** What checking one file against its schema gave: its document (whole, or a partial one to lay over its base), or its problems. */
export type CheckedFile = (({ document: ContentDocument } | { partial: PartialDocument }) & { entry: DataEntry }) | { problems: ContentProblem[] };
