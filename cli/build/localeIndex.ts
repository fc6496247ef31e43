import { createHash } from 'node:crypto';
import { indexOptions, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import type { RenderedFile } from './render.tsx';
import type { PageSection } from './sections.ts';
import { IndexWriter } from './searchIndex.ts';
import { countCharacters, scriptOfLocale, scriptPairsFrom } from './scriptPairs.ts';

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
 * One locale's search index, written a page at a time. Sections are numbered in the order their
 * pages are added, which is the route table's order, so the same content gives the same file.
 */
export class LocaleIndexWriter {
  private readonly index = new IndexWriter<SectionDocument>(indexOptions);
  /** Every character indexed, for the Traditional↔Simplified query pairs (scriptPairs.ts). */
  private readonly characters = new Map<string, number>();
  private documents = 0;

  add(sections: PageSection[]): void {
    for (const section of sections) {
      this.index.add({ id: this.documents++, ...section });
      countCharacters(this.characters, `${section.title}${section.headings}${section.text}`);
    }
  }

  /** The index as a JSON file under `folder`, named by its content hash. */
  file(locale: SearchLocale, folder: string): LocaleIndex {
    const head: Omit<SearchIndexFile, 'index'> = { locale: locale.code, scriptPairs: scriptPairsFrom(scriptOfLocale(locale.iso), this.characters) };
    // A SearchIndexFile: the index's JSON is written as it is, not parsed and written again.
    const json = `${JSON.stringify(head).slice(0, -1)},"index":${this.index.json()}}`;
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
    const path = `${folder}/search-${locale.code}-${hash}.json`;
    return { locale: locale.code, url: `/${path}`, documents: this.documents, file: { path, contents: json } };
  }
}
