import type { ContentTypes, SchemaName } from '../../schemas/types.ts';
import type { SourceFile } from '../content/source.ts';
import { ContentDataCache } from '../content/yamlCache.ts';
import { checkDocument, partialProblems } from '../content/schemas.ts';
import { loadValidators } from '../content/validators.ts';
import type { ContentProblem } from '../errors.ts';
import type { LoadedContent, LoadedFile } from './load.ts';

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

/** Each locale folder's files that passed their schema, keyed by their path inside it. */
export interface ValidContent {
  contentDir: string;
  /** Undefined when site.yaml itself has problems: nothing past this stage can run then. */
  site?: ContentDocument<'site'>;
  /** The metrics registry; undefined when the site has none or it has problems (`metricsBroken`). */
  metrics?: ContentDocument<'metrics'>;
  metricsBroken: boolean;
  /** The search vocabulary; undefined when the site has none or it has problems. */
  synonyms?: ContentDocument<'synonyms'>;
  folders: Record<string, Map<string, ContentDocument>>;
  partial: Record<string, Map<string, PartialDocument>>;
  /**
   * Files with problems, by locale folder. Their pages still exist for the stages after this one,
   * so one file's mistake is reported once, not again as a broken link in every file linking to it.
   */
  broken: Record<string, Set<string>>;
  assets: Set<string>;
}

/**
 * Parses and checks every file against its schema; each file's problems go to `problems`. The
 * parsed data goes through `cache`, which the caller saves (after the pages, in `esg dev`).
 */
export async function validateContent(loaded: LoadedContent, problems: ContentProblem[], cache: ContentDataCache): Promise<ValidContent> {
  await loadValidators();
  const content: ValidContent = { contentDir: loaded.contentDir, folders: {}, partial: {}, broken: {}, assets: loaded.assets, metricsBroken: false };
  const dataOf = (file: LoadedFile): unknown => {
    const parsed = cache.dataOf(file.source);
    if ('problems' in parsed) {
      problems.push(...parsed.problems);
      return undefined;
    }
    return parsed.data ?? {};
  };
  const broken = (file: LoadedFile) => (content.broken[file.locale!] ??= new Set()).add(file.path);
  const siteData = dataOf(loaded.site);
  if (siteData !== undefined) {
    const checked = checkDocument(loaded.site.source, 'site', siteData);
    if (checked.problems) problems.push(...checked.problems);
    else content.site = { schema: 'site', data: checked.data, source: loaded.site.source };
  }
  /** A file directly in content/ with its schema's data, or undefined when it has problems. */
  const siteWide = <S extends 'metrics' | 'synonyms'>(file: LoadedFile, schema: S): ContentDocument<S> | undefined => {
    const data = dataOf(file);
    const checked = data === undefined ? undefined : checkDocument(file.source, schema, data);
    if (checked?.problems) problems.push(...checked.problems);
    return checked && !checked.problems ? ({ schema, data: checked.data, source: file.source } as ContentDocument<S>) : undefined;
  };
  if (loaded.metrics) {
    content.metrics = siteWide(loaded.metrics, 'metrics');
    content.metricsBroken = !content.metrics;
  }
  if (loaded.synonyms) content.synonyms = siteWide(loaded.synonyms, 'synonyms');
  for (const file of loaded.files) {
    const locale = file.locale!;
    const { source, body } = file;
    const schema = file.kind.schema;
    const data = dataOf(file);
    if (data === undefined) {
      broken(file);
      continue;
    }
    if (isPartial(file)) {
      const found = partialProblems(source, schema, data);
      problems.push(...found);
      if (found.length) broken(file);
      else (content.partial[locale] ??= new Map()).set(file.path, { schema, data, source, body });
    } else {
      const checked = checkDocument(source, schema, data);
      if (checked.problems) {
        problems.push(...checked.problems);
        broken(file);
      } else {
        (content.folders[locale] ??= new Map()).set(file.path, { schema, data: checked.data, source, body });
      }
    }
    // Its data is read and checked: the parsed YAML is let go, and parsed again only to point at a later problem.
    source.releaseYaml();
  }
  return content;
}

/** zh_CN files override zh_TW ones, and UI messages missing outside zh_TW fall back to zh_TW's. */
export function isPartial(file: Pick<LoadedFile, 'locale' | 'kind'>): boolean {
  return file.locale === 'zh_CN' || (file.locale !== 'zh_TW' && file.kind.schema === 'messages');
}
