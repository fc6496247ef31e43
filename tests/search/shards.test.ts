import type MiniSearch from 'minisearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertQuery, kindOfLetter, queriesOf, rankPages, type FoundPage, type RankedSection, type SectionDocument } from '../../widgets/search/engine.ts';
import { phraseRuns } from '../../widgets/search/highlight.ts';
import { pagesPerStep, ShardedIndex, type Found } from '../../widgets/search/shardedIndex.ts';
import { shardOf, shardsOfQuery } from '../../widgets/search/shards.ts';
import { shardCountFor } from '../../cli/build/search/localeIndex.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sectionsOfPage } from '../../cli/build/search/sections.ts';
import { buildSample } from '../helpers/site.ts';
import { fetchFrom, indexedSections, rankWhole, readIndexFiles, referenceIndex, wholeIndex, type IndexFiles } from './indexFiles.ts';
import { cases, moreQueries } from './sampleQueries.ts';

/**
 * The search page downloads the index core, only the term shards its query needs and only the
 * page shards of the results it shows. Searching those must find what the whole index finds: the
 * same sections with the same coverage and scores, pages in the same order (but for the first
 * pages, where a page holding the query as one phrase may move up).
 */
let outDir: string;
const files = new Map<string, IndexFiles>();
const wholes = new Map<string, MiniSearch<SectionDocument>>();
beforeAll(async () => {
  outDir = await buildSample();
  for (const locale of ['zh_TW', 'zh_CN', 'en']) {
    files.set(locale, readIndexFiles(outDir, locale));
    wholes.set(locale, wholeIndex(files.get(locale)!));
  }
});

const queries: [string, string][] = [
  ...cases.map(([locale, query]): [string, string] => [locale, query]),
  ...moreQueries.flatMap(([locale, list]) => list.map((query): [string, string] => [locale, query])),
];

/** `found` has the sections and page order of `expected`, ranked over the whole index. */
function expectSameResults(found: Found, expected: RankedSection[], query: string, indexFiles: IndexFiles): void {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(a, b);
  const sections = found.pages.flatMap((page) => page.sections);
  const canonical = (list: RankedSection[]) => list.map((section) => ({ ...section, score: 0, terms: [...section.terms].sort() })).sort((a, b) => a.id - b.id);
  expect(canonical(sections), query).toEqual(canonical(expected));
  const scores = new Map(expected.map((section) => [section.id, section.score]));
  expect(
    sections.every((section) => close(section.score, scores.get(section.id)!)),
    `${query}: scores`,
  ).toBe(true);
  const pages = rankPages(expected, indexFiles.core.pageKinds).map((page) => page.page);
  expect(
    found.pages.slice(pagesPerStep).map((page) => page.page),
    `${query}: order`,
  ).toEqual(pages.slice(pagesPerStep));
  expect(new Set(found.pages.slice(0, pagesPerStep).map((page) => page.page)), `${query}: first pages`).toEqual(new Set(pages.slice(0, pagesPerStep)));
  // The pages shown are the first pages found, each with its stored address.
  expect(found.shown.map((page) => page.url)).toEqual(found.pages.slice(0, pagesPerStep).map((page) => indexFiles.pages[page.page]![0]));
}

describe('the sharded search index of the sample site', () => {
  it("stores each page as the build splits it: title, and each section's heading, anchor and text", () => {
    for (const [locale, indexFiles] of files) {
      expect(indexFiles.pages.length, locale).toBe(indexFiles.core.pageSections.length);
      expect(indexFiles.core.pageKinds.length).toBe(indexFiles.pages.length);
      for (const [number, [path, title, stored]] of indexFiles.pages.entries()) {
        const page = sectionsOfPage(readFileSync(join(outDir, path, 'index.html'), 'utf8'), kindOfLetter(indexFiles.core.pageKinds[number]!));
        expect(title).toBe(page.title);
        expect(stored).toEqual(
          page.sections.map((section) => [section.heading, section.anchor, [section.lead, section.text, section.listing].filter(Boolean).join(' ')]),
        );
      }
      expect(indexFiles.pages.length).toBeGreaterThan(10);
    }
  });

  it("is MiniSearch's own index of those sections, each term in the shard of its first character, terms sorted", () => {
    for (const [locale, indexFiles] of files) {
      const { index: terms, documentIds, fieldLength, ...rest } = referenceIndex(outDir, indexFiles).toJSON();
      expect(indexFiles.core.index, locale).toEqual({ ...rest, index: [], documentIds: {}, fieldLength: {}, storedFields: {} });
      expect(Object.values(documentIds)).toEqual(Object.keys(documentIds).map(Number));
      expect(indexFiles.core.fieldLengths).toEqual(Object.values(fieldLength).flat());
      const { shards } = indexFiles;
      const sorted = [...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      shards.forEach((entries, shard) =>
        expect(JSON.stringify(entries)).toBe(JSON.stringify(sorted.filter(([term]) => shardOf(term, shards.length) === shard))),
      );
      expect(shards.flat().length).toBe(terms.length);
      expect(indexedSections(outDir, indexFiles).length).toBe(indexFiles.core.pageSections.reduce((a, b) => a + b, 0));
    }
  });

  it.each(queries)('%s: %s finds with only its files what the whole index finds', async (locale, query) => {
    const indexFiles = files.get(locale)!;
    const { coreUrl, shardUrls, core } = indexFiles;
    const requested: string[] = [];
    const found = await new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir, requested)).search(query);
    expectSameResults(found, rankWhole(indexFiles, wholes.get(locale)!, query), query, indexFiles);
    // The core, the term shards of the query as typed and of the queries searched for it, the
    // page shards of the pages shown; nothing else.
    const needed = new Set([
      ...shardsOfQuery(query, shardUrls.length),
      ...queriesOf(query, core).flatMap((variant) => shardsOfQuery(variant.text, shardUrls.length)),
    ]);
    const pageShards = new Set(found.pages.slice(0, pagesPerStep).map((page) => core.pageShards.findLast((shard) => shard.first <= page.page)!.url));
    expect(requested.sort()).toEqual([coreUrl, ...[...needed].map((shard) => shardUrls[shard]!), ...pageShards].sort());
  });

  it('fetches at most 150 KB (gzip) before the first results of any query, and the core stays under 20 KB', () => {
    const gzipped = (url: string) => gzipSync(readFileSync(join(outDir, url))).length;
    for (const [locale, indexFiles] of files) expect(gzipped(indexFiles.coreUrl), locale).toBeLessThan(20 * 1024);
    return Promise.all(
      queries.map(async ([locale, query]) => {
        const { coreUrl, shardUrls } = files.get(locale)!;
        const requested: string[] = [];
        await new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir, requested)).search(query);
        expect(
          requested.reduce((sum, url) => sum + gzipped(url), 0),
          `${locale} ${query}`,
        ).toBeLessThanOrEqual(150 * 1024);
      }),
    );
  });

  it('keeps finding the same results query after query, downloading each file once', async () => {
    const indexFiles = files.get('zh_TW')!;
    const requested: string[] = [];
    const sharded = new ShardedIndex(indexFiles.coreUrl, indexFiles.shardUrls, fetchFrom(outDir, requested));
    const list = queries.filter(([locale]) => locale === 'zh_TW').map(([, query]) => query);
    for (const query of [...list, ...list.reverse()])
      expectSameResults(await sharded.search(query), rankWhole(indexFiles, wholes.get('zh_TW')!, query), query, indexFiles);
    expect(requested.length).toBe(new Set(requested).size);
  });

  it('answers queries typed one after another, each with the shards it needs', async () => {
    const indexFiles = files.get('zh_TW')!;
    const sharded = new ShardedIndex(indexFiles.coreUrl, indexFiles.shardUrls, fetchFrom(outDir));
    // Not awaited one by one: the later queries ask for shards while the first index still loads.
    const typed = ['溫', '溫室', '溫室氣體', '減碳', 'GRI 305'];
    const found = await Promise.all(typed.map((query) => sharded.search(query)));
    typed.forEach((query, at) => expectSameResults(found[at]!, rankWhole(indexFiles, wholes.get('zh_TW')!, query), query, indexFiles));
    expect(found.every((result) => result.pages.length > 0)).toBe(true);
  });

  it('shows the next pages on demand, from their own page shards', async () => {
    const indexFiles = files.get('zh_TW')!;
    const sharded = new ShardedIndex(indexFiles.coreUrl, indexFiles.shardUrls, fetchFrom(outDir));
    const found = await sharded.search('永續');
    expect(found.pages.length).toBeGreaterThan(pagesPerStep);
    const more = await sharded.more(found);
    expect(more.map((page) => page.url)).toEqual(found.pages.slice(pagesPerStep, 2 * pagesPerStep).map((page) => indexFiles.pages[page.page]![0]));
  });

  it("has the first pages as they come, in order, and asks for the first screen's page shards before the others", async () => {
    const indexFiles = files.get('zh_TW')!;
    const { core } = indexFiles;
    const read = fetchFrom(outDir);
    const pageShardOf = (page: number) => core.pageShards.findLast((shard) => shard.first <= page)!.url;
    // Page shards wait until released; the rest comes at once.
    const asked: string[] = [];
    const held: (() => void)[] = [];
    const fetchJson = (url: string) => {
      if (!core.pageShards.some((shard) => shard.url === url)) return read(url);
      asked.push(url);
      return new Promise<unknown>((done) => held.push(() => done(read(url))));
    };
    const release = async () => {
      for (const done of held.splice(0)) done();
      await new Promise((done) => setTimeout(done, 20));
    };
    const shown: number[] = [];
    const searching = new ShardedIndex(indexFiles.coreUrl, indexFiles.shardUrls, fetchJson).search('永續', (found) => shown.push(found.shown.length));
    await new Promise((done) => setTimeout(done, 100));
    const firstScreen = [...asked];
    expect(shown).toEqual([]);
    await release();
    // The first two pages are drawn before the shards of the others have come (or been asked for).
    expect(shown.at(-1)).toBeGreaterThanOrEqual(2);
    expect(shown.at(-1)).toBeLessThan(pagesPerStep);
    expect(asked.length).toBeGreaterThan(firstScreen.length);
    await release();
    const found = await searching;
    expect(firstScreen).toEqual([...new Set(found.pages.slice(0, 2).map((page) => pageShardOf(page.page)))]);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(shown.at(-1)).toBe(pagesPerStep);
    expect(found.shown).toHaveLength(pagesPerStep);
  });

  it('puts first, among the first pages, those that hold a Chinese phrase of the query as written, told from their terms as their text tells it', async () => {
    const phrased = queries.filter(([, query]) => phraseRuns(query, files.get('zh_TW')!.core.scriptPairs).length > 0);
    expect(phrased.length).toBeGreaterThan(10);
    for (const [locale, query] of phrased) {
      const indexFiles = files.get(locale)!;
      const found = await new ShardedIndex(indexFiles.coreUrl, indexFiles.shardUrls, fetchFrom(outDir)).search(query);
      const runs = phraseRuns(query, indexFiles.core.scriptPairs);
      const starts = indexFiles.core.pageSections.map((_, page) => indexFiles.core.pageSections.slice(0, page).reduce((a, b) => a + b, 0));
      // The rule on the pages' stored text: the title, a matched section's heading or text holds the phrase.
      const holds = (page: FoundPage) => {
        const [, title, stored] = indexFiles.pages[page.page]!;
        return page.sections.some((section) => {
          const [heading, , text] = stored[section.id - starts[page.page]!]!;
          return runs.some((run) => `${title} ${heading} ${text}`.toLowerCase().includes(run));
        });
      };
      const ranked = rankPages(rankWhole(indexFiles, wholes.get(locale)!, query), indexFiles.core.pageKinds).slice(0, pagesPerStep);
      const expected = ranked.map((page) => ({ page: page.page, score: page.score * (holds(page) ? 2 : 1) })).sort((a, b) => b.score - a.score);
      expect(
        found.pages.slice(0, pagesPerStep).map((page) => page.page),
        `${locale} ${query}`,
      ).toEqual(expected.map((entry) => entry.page));
    }
  });

  it('finds a converted query (环境 on the Traditional site) through the shard of its converted characters', async () => {
    const { coreUrl, shardUrls, core } = files.get('zh_TW')!;
    expect(convertQuery('环境', core.scriptPairs)).toBe('環境');
    expect(shardOf('环境', shardUrls.length)).not.toBe(shardOf('環境', shardUrls.length));
    const sharded = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir));
    const found = await sharded.search('环境');
    expect(found.pages.length).toBeGreaterThan(5);
    expect(found.pages).toEqual((await sharded.search('環境')).pages);
  });

  it('reports a core or shard that cannot be fetched, and fetches it again on the next search', async () => {
    const { coreUrl, shardUrls } = files.get('zh_TW')!;
    let fail = true;
    const fetchOnce = fetchFrom(outDir);
    const sharded = new ShardedIndex(coreUrl, shardUrls, (url) => (fail && url !== coreUrl ? Promise.reject(new Error('offline')) : fetchOnce(url)));
    await expect(sharded.search('減碳')).rejects.toThrow('offline');
    fail = false;
    expect((await sharded.search('減碳')).pages.length).toBeGreaterThan(5);
  });
});

describe('the number of term shards of a locale (localeIndex.ts shardCountFor)', () => {
  it('is a power of two, each shard about 12 KB of terms (8.5 to 17 KB)', () => {
    expect(shardCountFor(0)).toBe(1);
    for (let bytes = 1000; bytes < 8_000_000; bytes = Math.ceil(bytes * 1.03)) {
      const count = shardCountFor(bytes);
      expect(Number.isInteger(Math.log2(count)), `${bytes}`).toBe(true);
      if (count > 1) expect(bytes / count, `${bytes}`).toBeGreaterThanOrEqual(8.5 * 1024);
      if (count < 256) expect(bytes / count, `${bytes}`).toBeLessThanOrEqual(17.4 * 1024);
    }
  });

  it('stays the same while a locale of 1,000 events gains or loses a few words: an edit rewrites only the shards of its terms', () => {
    // The zh_TW index of the 1,000-event benchmark holds about 1.8 MB of terms.
    const counts = new Set<number>();
    for (let bytes = 1_200_000; bytes <= 2_100_000; bytes += 500) counts.add(shardCountFor(bytes));
    expect([...counts]).toEqual([128]);
  });
});
