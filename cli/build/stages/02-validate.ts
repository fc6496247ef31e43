import type { SchemaName } from '../../../schemas/types.ts';
import type { ContentDataCache } from '../../content/yamlCache.ts';
import { checkDocument, partialProblems } from '../../content/schemas.ts';
import { loadValidators } from '../../content/validators.ts';
import type { ContentProblem } from '../../errors.ts';
import type { LoadedContent } from './01-load.ts';
import { isDocumentOf, type CheckedFile, type ContentDocument, type LoadedFile, type PartialDocument } from '../../content/documents.ts';
import { isPartial } from '../../content/catalog.ts';
import type { BuildSession } from '../session.ts';

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
  /**
   * The latest published edition's figures (content/editions/<year>/metrics.json), when the site
   * keeps any: its year, and its document unless the file has problems.
   */
  edition?: { year: number; document?: ContentDocument<'edition'> };
  folders: Record<string, Map<string, ContentDocument>>;
  partial: Record<string, Map<string, PartialDocument>>;
  /**
   * Files with problems, by locale folder. Their pages still exist for the stages after this one,
   * so one file's mistake is reported once, not again as a broken link in every file linking to it.
   */
  broken: Record<string, Set<string>>;
  assets: Set<string>;
  /** Files of content/assets refused by the load stage (01-load.ts `refusedAssets`). */
  refusedAssets: Set<string>;
  /** Files under content/evidence, as paths inside it (01-load.ts `evidence`). */
  evidence: Set<string>;
}

/**
 * Parses and checks every file against its schema; each file's problems go to `problems`. The
 * parsed data goes through `cache`, which the caller saves (after the pages, in `esg dev`).
 */
export async function validateContent(
  session: BuildSession,
  loaded: LoadedContent,
  problems: ContentProblem[],
  cache: ContentDataCache,
): Promise<ValidContent> {
  await loadValidators();
  const content: ValidContent = {
    contentDir: loaded.contentDir,
    folders: {},
    partial: {},
    broken: {},
    assets: loaded.assets,
    refusedAssets: loaded.refusedAssets,
    evidence: loaded.evidence,
    metricsBroken: false,
  };
  const checks = new Map<string, { text: string; checked: CheckedFile }>();
  /** The file checked, or taken from the last build's checks when its text is the same; its problems go to `problems`. */
  const check = (file: LoadedFile, schema: SchemaName, partial = false): CheckedFile => {
    const { source } = file;
    // The session's last checks: an unchanged file's document is the same object as before, so the
    // stages after this one keep what they made of it too (`remembered`).
    const last = session.checks.get(source.file);
    const checked: CheckedFile = file.unread
      ? { problems: [file.unread] }
      : last?.text === source.text
        ? last.checked
        : checkFile(file, schema, partial, cache);
    // A file taken from the last build keeps its parsed data in the cache too (for a new one, this is already so).
    if ('entry' in checked) cache.keep(checked.entry);
    else problems.push(...checked.problems);
    if (!file.unread) checks.set(source.file, { text: source.text, checked });
    return checked;
  };
  /** A file directly in content/ with its schema's data, or undefined when it has problems. */
  const siteWide = <S extends 'site' | 'metrics' | 'synonyms' | 'edition'>(file: LoadedFile, schema: S): ContentDocument<S> | undefined => {
    const checked = check(file, schema);
    return 'document' in checked && isDocumentOf(checked.document, schema) ? checked.document : undefined;
  };
  content.site = siteWide(loaded.site, 'site');
  if (loaded.metrics) {
    content.metrics = siteWide(loaded.metrics, 'metrics');
    content.metricsBroken = !content.metrics;
  }
  if (loaded.synonyms) content.synonyms = siteWide(loaded.synonyms, 'synonyms');
  // Every edition is checked; the latest is the one the registry is compared with.
  const editions = [...loaded.editions].sort(([a], [b]) => a - b).map(([year, file]) => ({ year, document: siteWide(file, 'edition') }));
  content.edition = editions.at(-1);
  for (const file of loaded.files) {
    const locale = file.locale!;
    const checked = check(file, file.kind.schema, isPartial(file));
    if ('document' in checked) (content.folders[locale] ??= new Map()).set(file.path, checked.document);
    else if ('partial' in checked) (content.partial[locale] ??= new Map()).set(file.path, checked.partial);
    else (content.broken[locale] ??= new Set()).add(file.path);
  }
  session.checks = checks;
  return content;
}

/** One file parsed (or its data taken from `cache`) and checked against its schema, whole or as a partial file. */
function checkFile({ source, body }: LoadedFile, schema: SchemaName, partial: boolean, cache: ContentDataCache): CheckedFile {
  const parsed = cache.dataOf(source);
  if ('problems' in parsed) return parsed;
  const data = parsed.data ?? {};
  // Once checked, the parsed YAML is let go, and parsed again only to point at a later problem.
  try {
    if (partial) {
      const found = partialProblems(source, schema, data);
      return found.length ? { problems: found } : { partial: { schema, data, source, body }, entry: parsed.entry };
    }
    const checked = checkDocument(source, schema, data);
    return checked.problems ? { problems: checked.problems } : { document: { schema, data: checked.data, source, body }, entry: parsed.entry };
  } finally {
    source.releaseYaml();
  }
}
