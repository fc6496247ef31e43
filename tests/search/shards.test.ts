import MiniSearch from 'minisearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertQuery, indexOptions, searchSections, type SectionDocument, type SectionHit } from '../../widgets/search/engine.ts';
import { ShardedIndex } from '../../widgets/search/shardedIndex.ts';
import { shardOf, shardsOfQuery } from '../../widgets/search/shards.ts';
import { buildSample } from '../helpers/site.ts';
import { fetchFrom, indexedSections, readIndexFiles, type IndexFiles } from './indexFiles.ts';
import { cases, moreQueries } from './sampleQueries.ts';

/**
 * The search page downloads the index core and only the term shards its query needs. Searching
 * those must give what one MiniSearch index of the same sections gives: the same sections with the
 * same scores and matched terms, in the same order, for every query the search tests use.
 */
let outDir: string;
const files = new Map<string, IndexFiles>();
/** Each locale's sections, indexed by MiniSearch itself with `addAll`. */
const references = new Map<string, MiniSearch<SectionDocument>>();
beforeAll(async () => {
  outDir = await buildSample();
  for (const locale of ['zh_TW', 'zh_CN', 'en']) {
    files.set(locale, readIndexFiles(outDir, locale));
    const reference = new MiniSearch<SectionDocument>(indexOptions);
    reference.addAll(indexedSections(outDir, files.get(locale)!.core));
    references.set(locale, reference);
  }
});

const queries: [string, string][] = [...cases.map(([locale, query]): [string, string] => [locale, query]), ...moreQueries.flatMap(([locale, list]) => list.map((query): [string, string] => [locale, query]))];

/**
 * The same hits as `expected`. An index loaded from JSON builds MiniSearch's term tree in another
 * order than adding the documents did, so a prefix query meets its terms in another order: the
 * terms a hit lists come in another order, its score may differ in the last bit of its sum, and
 * hits of equal score may swap. Anything more is a difference.
 */
function expectSameHits(actual: SectionHit[], expected: SectionHit[], query: string): void {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(a, b);
  const canonical = (hits: SectionHit[]) => hits.map((hit) => ({ ...hit, score: 0, terms: [...hit.terms].sort() })).sort((a, b) => a.id - b.id);
  expect(canonical(actual), query).toEqual(canonical(expected));
  const scores = new Map(expected.map((hit) => [hit.id, hit.score]));
  expect(actual.every((hit) => close(hit.score, scores.get(hit.id)!)), `${query}: scores`).toBe(true);
  expect(actual.every((hit, at) => hit.id === expected[at]!.id || close(hit.score, expected[at]!.score)), `${query}: order`).toBe(true);
}

describe('the sharded search index of the sample site', () => {
  it('holds the sections the reference index is made of, in the same order', () => {
    for (const [locale, { core }] of files) {
      const stored = indexedSections(outDir, core).map(({ title, heading, url, excerpt }) => ({ title, heading, url, excerpt }));
      expect(stored, locale).toEqual(Object.values(core.index.storedFields));
      expect(stored.length).toBeGreaterThan(50);
    }
  });

  it("is MiniSearch's own index of those sections, each term in the shard of its first character, in MiniSearch's order", () => {
    for (const [locale, { core, shards }] of files) {
      const { index: terms, ...rest } = references.get(locale)!.toJSON();
      expect(core.index).toEqual({ ...rest, index: [] });
      shards.forEach((entries, shard) => expect(entries).toEqual(terms.filter(([term]) => shardOf(term, shards.length) === shard)));
      expect(shards.flat().length).toBe(terms.length);
    }
  });

  it.each(queries)('%s: %s finds the same hits with only its shards as with the whole index', async (locale, query) => {
    const { coreUrl, shardUrls, whole } = files.get(locale)!;
    const requested: string[] = [];
    const hits = await new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir, requested)).search(query);
    expectSameHits(hits, searchSections(references.get(locale)!, query, whole.scriptPairs), query);
    // Exactly what MiniSearch makes of the whole index loaded at once.
    expect(hits).toEqual(searchSections(MiniSearch.loadJS<SectionDocument>(whole.index, indexOptions), query, whole.scriptPairs));
    // The core, the shards of the query as typed and of the query converted; nothing else.
    const needed = new Set([...shardsOfQuery(query, shardUrls.length), ...shardsOfQuery(convertQuery(query, whole.scriptPairs), shardUrls.length)]);
    expect(requested.sort()).toEqual([coreUrl, ...[...needed].map((shard) => shardUrls[shard]!)].sort());
    if (locale !== 'en') expect(needed.size).toBeLessThan(shardUrls.length / 2);
  });

  it('keeps finding the same hits query after query, downloading each file once', async () => {
    const { coreUrl, shardUrls, whole } = files.get('zh_TW')!;
    const reference = references.get('zh_TW')!;
    const requested: string[] = [];
    const sharded = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir, requested));
    const list = queries.filter(([locale]) => locale === 'zh_TW').map(([, query]) => query);
    for (const query of [...list, ...list.reverse()]) expectSameHits(await sharded.search(query), searchSections(reference, query, whole.scriptPairs), query);
    // Each file downloaded once.
    expect(requested.length).toBe(new Set(requested).size);
  });

  it('answers queries typed one after another, each with the shards it needs', async () => {
    const { coreUrl, shardUrls, whole } = files.get('zh_TW')!;
    const sharded = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir));
    // Not awaited one by one: the later queries ask for shards while the first index still loads.
    const typed = ['溫', '溫室', '溫室氣體', '減碳', 'GRI 305'];
    const found = await Promise.all(typed.map((query) => sharded.search(query)));
    typed.forEach((query, at) => expectSameHits(found[at]!, searchSections(references.get('zh_TW')!, query, whole.scriptPairs), query));
    expect(found.every((hits) => hits.length > 0)).toBe(true);
  });

  it('finds a converted query (环境 on the Traditional site) through the shard of its converted characters', async () => {
    const { coreUrl, shardUrls, whole } = files.get('zh_TW')!;
    expect(convertQuery('环境', whole.scriptPairs)).toBe('環境');
    expect(shardOf('环境', shardUrls.length)).not.toBe(shardOf('環境', shardUrls.length));
    const sharded = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir));
    const hits = await sharded.search('环境');
    expect(hits.length).toBeGreaterThan(5);
    expect(hits).toEqual(await sharded.search('環境'));
  });

  it('reports a core or shard that cannot be fetched, and fetches it again on the next search', async () => {
    const { coreUrl, shardUrls } = files.get('zh_TW')!;
    let fail = true;
    const fetchOnce = fetchFrom(outDir);
    const sharded = new ShardedIndex(coreUrl, shardUrls, (url) => (fail && url !== coreUrl ? Promise.reject(new Error('offline')) : fetchOnce(url)));
    await expect(sharded.search('減碳')).rejects.toThrow('offline');
    fail = false;
    expect((await sharded.search('減碳')).length).toBeGreaterThan(10);
  });
});
