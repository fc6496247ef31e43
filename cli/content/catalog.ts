import type { SchemaName } from '../../schemas/types.ts';

/**
 * Which content files exist and which schema each one follows. A file under content/ that matches
 * no entry is an error, so a misnamed file is caught instead of silently ignored.
 */
export interface ContentKind {
  /** Path inside a locale folder (or inside content/ for site-wide files); `*` matches one name. */
  pattern: string;
  /** Schema file name without `.schema.json`. */
  schema: SchemaName;
  /** Markdown with front matter instead of YAML. */
  markdown?: boolean;
}

export const siteFile: ContentKind = { pattern: 'site.yaml', schema: 'site' };
/** The metrics registry: every figure of the report, once, for all locales (optional). */
export const metricsFile: ContentKind = { pattern: 'metrics.yaml', schema: 'metrics' };
/** The search vocabulary: synonyms and Taiwan/mainland words, for all locales (optional). */
export const synonymsFile: ContentKind = { pattern: 'synonyms.yaml', schema: 'synonyms' };
/**
 * Each published edition's figures, as its open data file was published: the build compares the
 * registry's earlier-year figures with the latest edition's (04-metrics/restatements.ts).
 */
export const editionFile: ContentKind = { pattern: 'editions/*/metrics.json', schema: 'edition' };
/** The folder of content/ that holds the editions, and the year each one's folder is named by. */
export const editionsFolder = 'editions';
export const editionYear = (path: string): number | undefined => {
  const match = /^editions\/(20\d\d)\/metrics\.json$/.exec(path);
  return match ? Number(match[1]) : undefined;
};
/** The files directly in content/. */
export const siteWideFiles = [siteFile, metricsFile, synonymsFile];

export const localeKinds: ContentKind[] = [
  { pattern: 'messages.yaml', schema: 'messages' },
  { pattern: 'menu.yaml', schema: 'menu' },
  { pattern: 'sitemap.yaml', schema: 'sitemap' },
  { pattern: 'home.yaml', schema: 'home' },
  { pattern: 'index2024.yaml', schema: 'home' },
  { pattern: 'index2023.yaml', schema: 'home' },
  { pattern: 'report-download.yaml', schema: 'downloads' },
  { pattern: 'search.yaml', schema: 'search' },
  { pattern: 'sustainable.yaml', schema: 'sustainable' },
  { pattern: 'report/UNGC-support.yaml', schema: 'ungc' },
  { pattern: 'performance.yaml', schema: 'performance' },
  { pattern: 'performance2024.yaml', schema: 'performance' },
  { pattern: 'materiality-analyze.yaml', schema: 'materiality' },
  { pattern: 'components.yaml', schema: 'components' },
  { pattern: 'pages/*.yaml', schema: 'article' },
  { pattern: 'focus/*/*.yaml', schema: 'article' },
  { pattern: 'events/*.md', schema: 'event', markdown: true },
  { pattern: 'report/gri.yaml', schema: 'report-gri' },
  { pattern: 'report/sasb.yaml', schema: 'report-sasb' },
  { pattern: 'report/exchange.yaml', schema: 'report-exchange' },
  { pattern: 'report/climate.yaml', schema: 'report-climate' },
  { pattern: 'report/accounting.yaml', schema: 'report-accounting' },
  { pattern: 'qa.yaml', schema: 'quiz' },
  { pattern: 'questionnaire.yaml', schema: 'questionnaire' },
  { pattern: 'book.yaml', schema: 'book' },
];

/** The shell needs these in every locale folder that has any page. */
export const shellFiles = ['messages.yaml', 'menu.yaml', 'sitemap.yaml'];

export function kindOf(relativePath: string): ContentKind | undefined {
  if (!kinds.has(relativePath)) kinds.set(relativePath, localeKinds.find((kind) => matches(kind.pattern, relativePath)));
  return kinds.get(relativePath);
}

/** Each path's kind, found once per process: `esg dev` lists every file again after each save. */
const kinds = new Map<string, ContentKind | undefined>();

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((part, i) => part === have[i] || (part.startsWith('*') && have[i]!.endsWith(part.slice(1))));
}

/** The folders of content/ that hold a locale's files. */
export const localeFolders = ['zh_TW', 'zh_CN', 'en'];

/** zh_CN files override zh_TW ones, and UI messages missing outside zh_TW fall back to zh_TW's. */
export function isPartial(file: { locale: string | null; kind: ContentKind }): boolean {
  return file.locale === 'zh_CN' || (file.locale !== 'zh_TW' && file.kind.schema === 'messages');
}
