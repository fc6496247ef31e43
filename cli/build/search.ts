import { createHash } from 'node:crypto';
import { indexOptions, indexUrlPlaceholder, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { bundleFolder } from './bundle.ts';
import type { RenderedFile } from './render.tsx';
import { sectionsOfPage, type PageSection } from './sections.ts';
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
 * The search stage, fed page by page while the site renders: `take` keeps only the sections of an
 * indexable page, not its HTML, so memory grows with the site's text rather than its markup, and
 * each page can be written as soon as it is rendered. `finish` builds one index per locale, named
 * by its content hash, and gives the held-back search pages the address of their locale's index.
 * Working from the rendered HTML means every page is covered, including pages added later.
 */
export function searchIndexer(locales: SearchLocale[]) {
  const pages = new Map(locales.map((locale) => [locale.code, [] as PageSections[]]));
  const waiting: RenderedFile[] = [];
  return {
    /** Reads a rendered file; false when the file must wait for `finish` (it names the index). */
    take(file: RenderedFile): boolean {
      if (file.contents.includes(indexUrlPlaceholder)) {
        waiting.push(file);
        return false;
      }
      const locale = pages.get(file.path.slice(0, file.path.indexOf('/')));
      if (locale && file.path.endsWith('/index.html') && isIndexable(file.contents)) {
        locale.push({ file: file.path, sections: sectionsOfPage(file.contents, `/${file.path.slice(0, -'/index.html'.length)}`) });
      }
      return true;
    },
    /** The index files and the search pages that were held back, now with their index's address. */
    finish(): { files: RenderedFile[]; indexes: LocaleIndex[] } {
      const indexes = locales.map((locale) => indexLocale(locale, numbered(pages.get(locale.code)!)));
      const addressed = waiting.map((file) => {
        const index = indexes.find((entry) => file.path.startsWith(`${entry.locale}/`));
        return index ? { ...file, contents: file.contents.replaceAll(indexUrlPlaceholder, index.url) } : file;
      });
      return { files: [...addressed, ...indexes.map((index) => index.file)], indexes };
    },
  };
}

/** The sections of one page, by the page's file (`zh_TW/about/index.html`). */
interface PageSections {
  file: string;
  sections: PageSection[];
}

/** The sections of a locale's pages numbered in file order, which does not depend on render order. */
function numbered(pages: PageSections[]): SectionDocument[] {
  return pages
    .sort((a, b) => (a.file < b.file ? -1 : 1))
    .flatMap((page) => page.sections)
    .map((section, id) => ({ id, ...section }));
}

function indexLocale(locale: SearchLocale, documents: SectionDocument[]): LocaleIndex {
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
  const head = html.indexOf('</head>');
  const noindex = html.indexOf('<meta name="robots" content="noindex"');
  return noindex < 0 || (head >= 0 && noindex > head);
}
