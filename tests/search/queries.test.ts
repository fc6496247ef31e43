import { beforeAll, describe, expect, it } from 'vitest';
import { ShardedIndex } from '../../widgets/search/shardedIndex.ts';
import { buildSample } from '../helpers/site.ts';
import { fetchFrom, readIndexFiles } from './indexFiles.ts';
import { cases } from './sampleQueries.ts';
import { searchQueries } from '../../bench/searchQueries.ts';

/** The addresses of the pages a query finds, best first, as the search page finds them. */
type Searcher = (query: string) => Promise<string[]>;
const searchers = new Map<string, Searcher>();
let outDir: string;

beforeAll(async () => {
  outDir = await buildSample();
  for (const locale of ['zh_TW', 'zh_CN', 'en']) {
    const { coreUrl, shardUrls, pages } = readIndexFiles(outDir, locale);
    const index = new ShardedIndex(coreUrl, shardUrls, fetchFrom(outDir));
    searchers.set(locale, async (query) => (await index.search(query)).pages.map((found) => pages[found.page]![0]));
  }
});

describe('Chinese queries over the sample content', () => {
  it.each(cases)('%s: %s finds %s in the top three', async (locale, query, page) => {
    const top = (await searchers.get(locale)!(query)).slice(0, 3);
    expect(top).toContain(`/${locale}${page}`);
  });

  it('runs at least 20 Chinese queries in each Chinese locale', () => {
    expect(cases.filter(([locale]) => locale === 'zh_TW').length).toBeGreaterThanOrEqual(20);
  });

  it('finds a one-character query wherever the character stands, even last in a run', async () => {
    const urls = await searchers.get('zh_TW')!('碳');
    expect(urls.length).toBeGreaterThan(10);
    expect(urls).toContain('/zh_TW/focus/smart/green');
  });

  it('finds the pages holding most of a query whose bigrams are nowhere together, and nothing for words nowhere at all', async () => {
    // 體溫 is in no page: the pages with 氣體 and 溫室 come first, then those with one of them.
    const partial = await searchers.get('zh_TW')!('氣體溫室');
    expect(partial.slice(0, 3)).toContain('/zh_TW/focus/climate/energy');
    expect(partial.length).toBeGreaterThan(10);
    expect(await searchers.get('zh_TW')!('zzqx')).toEqual([]);
  });

  it('reads a question for the words it asks about', async () => {
    expect((await searchers.get('zh_TW')!('公司的溫室氣體盤查是怎麼做的')).slice(0, 3)).toContain('/zh_TW/focus/climate/energy');
    expect((await searchers.get('en')!('how did you train staff on integrity')).slice(0, 3)).toContain('/en/event/2024-integrity-training');
  });
});

describe('Traditional and Simplified queries', () => {
  const pairs: [string, string][] = [
    ['永續', '永续'],
    ['環境', '环境'],
    ['溫室氣體', '温室气体'],
    ['誠信經營', '诚信经营'],
  ];
  it.each(pairs)('%s and %s find the same sections in zh_TW and in zh_CN', async (traditional, simplified) => {
    for (const locale of ['zh_TW', 'zh_CN']) {
      const search = searchers.get(locale)!;
      expect((await search(traditional)).length).toBeGreaterThan(0);
      expect(await search(simplified)).toEqual(await search(traditional));
    }
  });

  it('ships only the characters that matter for the index, not a dictionary', () => {
    const file = readIndexFiles(outDir, 'zh_CN').core;
    const chars = [...file.scriptPairs];
    expect(chars.length % 2).toBe(0);
    expect(chars.length / 2).toBeLessThan(3000);
    expect(file.scriptPairs).toContain('續续');
    expect(readIndexFiles(outDir, 'en').core.scriptPairs).toBe('');
  });
});

describe('Latin words, codes and numbers', () => {
  it('finds GRI codes, SDG numbers and years in the Chinese sites', async () => {
    expect(await searchers.get('zh_TW')!('gri 2-21')).toContain('/zh_TW/committee');
    expect(await searchers.get('zh_CN')!('GRI 201-1')).toContain('/zh_CN/focus/sustainability/performance');
    expect((await searchers.get('zh_TW')!('SDG 13')).length).toBeGreaterThan(0);
    expect(await searchers.get('zh_TW')!('2050')).toContain('/zh_TW/chairman');
  });

  it('finds English words by prefix in the English site', async () => {
    expect((await searchers.get('en')!('solar')).slice(0, 3)).toContain('/en/event/2023-rooftop-solar-inauguration');
    expect((await searchers.get('en')!('integrit')).slice(0, 3)).toContain('/en/event/2024-integrity-training');
  });
});

describe('the query set of the comparison with Pagefind (bench/searchQueries.ts)', () => {
  // Synonyms, the other script, Taiwan and mainland words, hub pages against topic pages, questions and codes.
  it.each(searchQueries.map((entry) => [entry.locale, entry.kind, entry.query, entry.page] as const))(
    '%s %s: %s finds %s in the top three',
    async (locale, _kind, query, page) => {
      expect((await searchers.get(locale)!(query)).slice(0, 3)).toContain(`/${locale}${page === '/' ? '' : page}`);
    },
  );

  // An index's table or the downloads page's list names the words row after row; the page about them comes first.
  it.each(searchQueries.filter((entry) => entry.first).map((entry) => [entry.locale, entry.query, entry.page] as const))(
    '%s: %s finds %s first, above the pages that list it in tables',
    async (locale, query, page) => {
      expect((await searchers.get(locale)!(query))[0]).toBe(`/${locale}${page}`);
    },
  );
});
