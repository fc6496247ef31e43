import MiniSearch from 'minisearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertQuery, indexOptions, searchSections, type SectionDocument } from '../../widgets/search/engine.ts';
import { ShardedIndex } from '../../widgets/search/shardedIndex.ts';
import { shardOf, shardsOfQuery } from '../../widgets/search/shards.ts';
import { buildSample } from '../helpers/site.ts';
import { fetchFrom, readIndexFiles, type IndexFiles } from './indexFiles.ts';
import { cases, moreQueries } from './sampleQueries.ts';

/**
 * The search page downloads the index core and only the term shards its query needs. Searching
 * those must give exactly what the whole index gives: the same sections, scores, matched terms and
 * order, for every query the search tests use.
 */
let outDir: string;
const files = new Map<string, IndexFiles>();
/** Each locale's whole index, loaded by MiniSearch itself. */
const references = new Map<string, MiniSearch<SectionDocument>>();
beforeAll(async () => {
  outDir = await buildSample();
  for (const locale of ['zh_TW', 'zh_CN', 'en']) {
    files.set(locale, readIndexFiles(outDir, locale));
    references.set(locale, MiniSearch.loadJS<SectionDocument>(files.get(locale)!.whole.index, indexOptions));
  }
});

const queries: [string, string][] = [...cases.map(([locale, query]): [string, string] => [locale, query]), ...moreQueries.flatMap(([locale, list]) => list.map((query): [string, string] => [locale, query]))];

describe('the sharded search index of the sample site', () => {
  it('puts each term in the shard of its first character, in the whole index order', () => {
    for (const { shards, whole } of files.values()) {
      const order = new Map(whole.index.index.map(([term], at) => [term, at]));
      shards.forEach((entries, shard) => {
        expect(entries.every(([term]) => shardOf(term, shards.length) === shard)).toBe(true);
        const positions = entries.map(([term]) => order.get(term)!);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      });
      expect(whole.index.index.length).toBe(new Set(order.keys()).size);
      expect(whole.index.documentCount).toBeGreaterThan(50);
    }
  });

  it.each(queries)('%s: %s finds the same hits with only its shards as with the whole index', async (locale, query) => {
    const { coreUrl, shardUrls, whole } = files.get(locale)!;
    const expected = searchSections(references.get(locale)!, query, whole.scriptPairs);
    const requested: string[] = [];
    const sharded = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir, requested));
    expect(await sharded.search(query)).toEqual(expected);
    // The core, the shards of the query as typed and of the query converted; nothing else.
    const needed = new Set([...shardsOfQuery(query, shardUrls.length), ...shardsOfQuery(convertQuery(query, whole.scriptPairs), shardUrls.length)]);
    expect(requested.sort()).toEqual([coreUrl, ...[...needed].map((shard) => shardUrls[shard]!)].sort());
    if (locale !== 'en') expect(needed.size).toBeLessThan(shardUrls.length / 2);
  });

  it('keeps finding the same hits as further queries add shards to the same index', async () => {
    const { coreUrl, shardUrls, whole } = files.get('zh_TW')!;
    const reference = references.get('zh_TW')!;
    const requested: string[] = [];
    const sharded = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir, requested));
    const list = queries.filter(([locale]) => locale === 'zh_TW').map(([, query]) => query);
    for (const query of [...list, ...list.reverse()]) expect(await sharded.search(query), query).toEqual(searchSections(reference, query, whole.scriptPairs));
    // Each file downloaded once.
    expect(requested.length).toBe(new Set(requested).size);
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
