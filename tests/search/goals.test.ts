import { beforeAll, describe, expect, it } from 'vitest';
import { kindOfLetter } from '../../widgets/search/engine.ts';
import { ShardedIndex } from '../../widgets/search/shardedIndex.ts';
import { searchQueries } from '../../bench/searchQueries.ts';
import { buildSample } from '../helpers/site.ts';
import { fetchFrom, readIndexFiles } from './indexFiles.ts';

/**
 * A query naming a goal or a commitment (淨零, 碳中和, 零工安事故, net zero …) finds the page about
 * it first: the performance tabs, the targets page, the strategy's goals, the report indexes and
 * the home pages name it in a line or a row, and rank below (bench/searchQueries.ts, `goal`).
 */
const goals = searchQueries.filter((entry) => entry.kind === 'goal');
const searchers = new Map<string, (query: string) => Promise<{ path: string; kind: string }[]>>();

beforeAll(async () => {
  const outDir = await buildSample();
  for (const locale of ['zh_TW', 'zh_CN', 'en']) {
    const { coreUrl, shardUrls, pages, core } = readIndexFiles(outDir, locale);
    const index = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir));
    searchers.set(locale, async (query) =>
      (await index.search(query)).pages.map((found) => ({ path: pages[found.page]![0], kind: kindOfLetter(core.pageKinds[found.page]!) })),
    );
  }
});

describe('goals and commitments', () => {
  it('are asked in every locale, about twenty in all', () => {
    for (const locale of ['zh_TW', 'zh_CN', 'en']) expect(goals.filter((entry) => entry.locale === locale).length, locale).toBeGreaterThanOrEqual(3);
    expect(goals.length).toBeGreaterThanOrEqual(20);
  });

  it.each(goals.map((entry) => [entry.locale, entry.query, entry.page] as const))('%s: %s finds %s first', async (locale, query, page) => {
    const found = await searchers.get(locale)!(query);
    expect(found[0]?.path).toBe(`/${locale}${page}`);
  });

  it('ranks the pages that only list a goal below the page about it, though they name it too', async () => {
    // 淨零 stands in a line of the performance tab, the strategy's goals and the climate index.
    const found = await searchers.get('zh_TW')!('淨零');
    const listing = found.filter((page) => ['summary', 'report'].includes(page.kind)).map((page) => page.path);
    expect(listing).toEqual(expect.arrayContaining(['/zh_TW/performance/2', '/zh_TW/sustainable', '/zh_TW/report/climate']));
    expect(found.findIndex((page) => page.path === '/zh_TW/focus/climate/action')).toBeLessThan(
      Math.min(...listing.map((path) => found.findIndex((page) => page.path === path))),
    );
  });
});
