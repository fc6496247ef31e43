import { createHash } from 'node:crypto';
import { indexOptions, indexUrlPlaceholder, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { bundleFolder } from './bundle.ts';
import type { RenderedFile } from './render.tsx';
import { sectionsOfPage } from './sections.ts';
import { indexJson } from './searchIndex.ts';
import { scriptOfLocale, scriptPairsOf } from './scriptPairs.ts';

export interface SearchLocale {
  code: string;
  iso: string;
}

/** One locale's index as written: its address, its documents (for the benchmark) and its file. */
export interface LocaleIndex {
  locale: string;
  url: string;
  documents: number;
  file: RenderedFile;
}

/**
 * The search stage: indexes the rendered pages of every locale section by section, writes each
 * index as JSON named by its content hash, and gives the search pages the address of their index.
 * Working from the rendered HTML means every page is covered, including pages added later.
 */
export function indexSearch(files: RenderedFile[], locales: SearchLocale[]): { files: RenderedFile[]; indexes: LocaleIndex[] } {
  const indexes = locales.map((locale) => indexLocale(files, locale));
  const withAddresses = files.map((file) => {
    const index = file.contents.includes(indexUrlPlaceholder) && indexes.find((entry) => file.path.startsWith(`${entry.locale}/`));
    return index ? { ...file, contents: file.contents.replaceAll(indexUrlPlaceholder, index.url) } : file;
  });
  return { files: [...withAddresses, ...indexes.map((index) => index.file)], indexes };
}

/** The section documents of one locale's indexable pages, numbered in page order. */
export function sectionDocuments(files: RenderedFile[], locale: string): SectionDocument[] {
  return files
    .filter((file) => file.path.startsWith(`${locale}/`) && file.path.endsWith('/index.html') && isIndexable(file.contents))
    .sort((a, b) => (a.path < b.path ? -1 : 1))
    .flatMap((file) => sectionsOfPage(file.contents, `/${file.path.replace(/\/index\.html$/, '')}`))
    .map((section, id) => ({ id, ...section }));
}

function indexLocale(files: RenderedFile[], locale: SearchLocale): LocaleIndex {
  const documents = sectionDocuments(files, locale.code);
  const index = indexJson(documents, indexOptions);
  const indexedText = documents.map((doc) => `${doc.title}${doc.headings}${doc.text}`).join('');
  const head: Omit<SearchIndexFile, 'index'> = { locale: locale.code, scriptPairs: scriptPairsOf(scriptOfLocale(locale.iso), indexedText) };
  // A SearchIndexFile: the index's JSON is written as it is, not parsed and written again.
  const json = `${JSON.stringify(head).slice(0, -1)},"index":${index}}`;
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
  const path = `${bundleFolder}/search-${locale.code}-${hash}.json`;
  return { locale: locale.code, url: `/${path}`, documents: documents.length, file: { path, contents: json } };
}

/**
 * Guard pages, 404 pages and the search page itself say `noindex`: what search engines should not
 * list, site search does not list either.
 */
function isIndexable(html: string): boolean {
  // The meta tag is in <head>: looking only there spares scanning every page to its end.
  const head = html.indexOf('</head>');
  return !html.slice(0, head < 0 ? undefined : head).includes('<meta name="robots" content="noindex"');
}
