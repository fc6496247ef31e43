import { createHash } from 'node:crypto';
import { indexOptions, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import type { RenderedFile } from './render.tsx';
import type { PageSection } from './sections.ts';
import { indexJson } from './searchIndex.ts';
import { scriptOfLocale, scriptPairsOf } from './scriptPairs.ts';

export interface SearchLocale {
  code: string;
  iso: string;
}

/** The sections of one page, by the page's file (`zh_TW/about/index.html`). */
export interface PageSections {
  file: string;
  sections: PageSection[];
}

/** One locale's index as written: its address, its documents (for the benchmark) and its file. */
export interface LocaleIndex {
  locale: string;
  url: string;
  documents: number;
  file: RenderedFile;
}

/** A locale's search index as a JSON file under `folder`, named by its content hash. */
export function localeIndex(locale: SearchLocale, pages: PageSections[], folder: string): LocaleIndex {
  const documents = numbered(pages);
  const index = indexJson(documents, indexOptions);
  const indexedText = documents.map((doc) => `${doc.title}${doc.headings}${doc.text}`).join('');
  const head: Omit<SearchIndexFile, 'index'> = { locale: locale.code, scriptPairs: scriptPairsOf(scriptOfLocale(locale.iso), indexedText) };
  // A SearchIndexFile: the index's JSON is written as it is, not parsed and written again.
  const json = `${JSON.stringify(head).slice(0, -1)},"index":${index}}`;
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
  const path = `${folder}/search-${locale.code}-${hash}.json`;
  return { locale: locale.code, url: `/${path}`, documents: documents.length, file: { path, contents: json } };
}

/** The sections of a locale's pages numbered in file order, which does not depend on render order. */
function numbered(pages: PageSections[]): SectionDocument[] {
  return pages
    .sort((a, b) => (a.file < b.file ? -1 : 1))
    .flatMap((page) => page.sections)
    .map((section, id) => ({ id, ...section }));
}
