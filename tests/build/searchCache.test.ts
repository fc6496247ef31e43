import { beforeEach, describe, expect, it } from 'vitest';
import { cachedIndex, indexedEntry, IndexedPages, indexSaver, pageHash } from '../../cli/build/search/searchCache.ts';
import { LocaleIndexWriter, pageTerms, type IndexedPage, type SearchLocale } from '../../cli/build/search/localeIndex.ts';
import { tempDir } from '../helpers/site.ts';

// A build cache of its own for each test (cli/cache.ts).
beforeEach(() => {
  process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
});

const locale: SearchLocale = { code: 'zh_TW', iso: 'zh-Hant-TW', vocabulary: { synonyms: [], variants: [] } };

/** A locale's index of `count` pages saved into the build cache as the search thread saves it; the pages' hashes. */
function savedIndex(count: number): string[] {
  const writer = new LocaleIndexWriter();
  const indexed = new IndexedPages();
  const hashes: string[] = [];
  for (let n = 0; n < count; n++) {
    const page: IndexedPage = {
      path: `/zh_TW/event/e${n}`,
      kind: 'event',
      title: `活動 ${n}`,
      sections: [{ heading: `活動 ${n}`, anchor: '', headings: '', lead: `第 ${n} 場淨灘`, text: '同仁與眷屬一同參加'.repeat((n % 5) + 1), listing: '' }],
    };
    const entry = indexedEntry(page, pageTerms(page));
    writer.add(entry.page, entry.terms);
    indexed.add(entry.line);
    hashes.push(pageHash(`zh_TW/event/e${n}/index.html`, entry.line));
  }
  indexSaver('key', locale, '_esg', hashes, indexed.close(), writer.files(locale, '_esg'))();
  return hashes;
}

describe("a locale's cached search index", () => {
  it('parses its pages ahead in order, a few at a time, and gives each page as it was saved, ahead or not', () => {
    const hashes = savedIndex(40);
    const fresh = cachedIndex('key', locale, '_esg')!;
    const ahead = cachedIndex('key', locale, '_esg')!;
    expect(ahead.pages).toEqual(hashes);
    // About 1,000 characters a call: a few pages each time, until none is left.
    const reads: number[] = [];
    for (let read = ahead.readAhead(1000); read > 0; read = ahead.readAhead(1000)) reads.push(read);
    expect(reads.length).toBeGreaterThan(3);
    for (const read of reads.slice(0, -1)) expect(read).toBeGreaterThanOrEqual(1000);
    expect(ahead.readAhead(1000)).toBe(0);
    for (const hash of hashes) expect(ahead.page(hash)).toEqual(fresh.page(hash));
    expect(ahead.page(hashes[7]!)?.page.title).toBe('活動 7');
    // A page asked for again (taken ahead before) comes from the saved lines.
    expect(ahead.page(hashes[7]!)).toEqual(fresh.page(hashes[7]!));
    expect(ahead.page('no such page')).toBeUndefined();
  });

  it('is not there for another key', () => {
    savedIndex(3);
    expect(cachedIndex('another key', locale, '_esg')).toBeUndefined();
    expect(cachedIndex('key', { ...locale, code: 'zh_CN' }, '_esg')).toBeUndefined();
  });
});
