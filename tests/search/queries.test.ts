import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadIndex, searchSections, type SearchIndexFile } from '../../widgets/search/engine.ts';
import { buildSample } from '../helpers/site.ts';

type Searcher = (query: string) => string[];
const searchers = new Map<string, Searcher>();
let outDir: string;

beforeAll(async () => {
  outDir = await buildSample();
  for (const locale of ['zh_TW', 'zh_CN', 'en']) {
    const file = JSON.parse(readFileSync(join(outDir, indexFileOf(locale)), 'utf8')) as SearchIndexFile;
    const index = loadIndex(file);
    searchers.set(locale, (query) => searchSections(index, query, file.scriptPairs).map((hit) => hit.url));
  }
});

function indexFileOf(locale: string): string {
  const name = readdirSync(join(outDir, '_esg')).find((file) => new RegExp(`^search-${locale}-[0-9a-f]{10}\\.json$`).test(file));
  if (!name) throw new Error(`no search index for ${locale}`);
  return join('_esg', name);
}

const pageOf = (url: string) => url.replace(/#.*$/, '');

// Words from the text of the sample pages (not only their titles), typed as a reader might:
// in the locale's script, in the other script, with Latin codes.
const cases: [locale: string, query: string, page: string][] = [
  ['zh_TW', '溫室氣體盤查', '/focus/climate/energy'],
  ['zh_TW', '碳足跡', '/focus/smart/green'],
  ['zh_TW', '取水', '/focus/climate/water'],
  ['zh_TW', '盡職調查', '/focus/care/human-rights'],
  ['zh_TW', '育嬰留職停薪', '/focus/care/retention'],
  ['zh_TW', '心理支持', '/focus/care/safe'],
  ['zh_TW', '承攬商', '/focus/care/safety'],
  ['zh_TW', '勞資溝通', '/focus/care/social'],
  ['zh_TW', '情境分析', '/focus/climate/action'],
  ['zh_TW', '空氣污染', '/focus/climate/protection'],
  ['zh_TW', '產業共生', '/focus/climate/waste'],
  ['zh_TW', '植樹造林', '/focus/local/ecology'],
  ['zh_TW', '閱讀推廣', '/focus/local/social'],
  ['zh_TW', '客戶隱私', '/focus/smart/communication'],
  ['zh_TW', '專利', '/focus/smart/product'],
  ['zh_TW', '有害物質', '/focus/smart/quality'],
  ['zh_TW', '檢舉', '/focus/sustainability/integrity'],
  ['zh_TW', '稅務', '/focus/sustainability/performance'],
  ['zh_TW', '三道防線', '/focus/sustainability/risk'],
  ['zh_TW', '責任礦產', '/focus/sustainability/supply'],
  ['zh_TW', '奇異果', '/kiwi'],
  ['zh_TW', '賽夏族', '/saisiyat'],
  ['zh_TW', '水質紀錄', '/Shuang-Xi'],
  ['zh_TW', '報告期間', '/about'],
  ['zh_TW', 'GRI 403 職業安全', '/focus/care/safety'],
  ['zh_TW', '2050 淨零', '/chairman'],
  ['zh_TW', '资讯安全', '/focus/sustainability/risk'],
  ['zh_TW', '循环经济', '/focus/climate/waste'],
  ['zh_CN', '温室气体盘查', '/focus/climate/energy'],
  ['zh_CN', '碳足迹', '/focus/smart/green'],
  ['zh_CN', '董事会', '/focus/sustainability/governance'],
  ['zh_CN', '三道防線', '/focus/sustainability/risk'],
  ['zh_CN', '賽夏族', '/saisiyat'],
  ['zh_CN', '節水', '/focus/climate/water'],
];

describe('Chinese queries over the sample content', () => {
  it.each(cases)('%s: %s finds %s in the top three', (locale, query, page) => {
    const top = searchers.get(locale)!(query).slice(0, 3).map(pageOf);
    expect(top).toContain(`/${locale}${page}`);
  });

  it('runs at least 20 Chinese queries in each Chinese locale', () => {
    expect(cases.filter(([locale]) => locale === 'zh_TW').length).toBeGreaterThanOrEqual(20);
  });

  it('finds a one-character query wherever the character stands, even last in a run', () => {
    const urls = searchers.get('zh_TW')!('碳');
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.map(pageOf)).toContain('/zh_TW/focus/smart/green');
  });

  it('needs every bigram of the query: a phrase that is nowhere finds nothing', () => {
    expect(searchers.get('zh_TW')!('氣體溫室')).toEqual([]);
    expect(searchers.get('zh_TW')!('排放')).not.toEqual([]);
  });
});

describe('Traditional and Simplified queries', () => {
  const pairs: [string, string][] = [['永續', '永续'], ['環境', '环境'], ['溫室氣體', '温室气体'], ['誠信經營', '诚信经营']];
  it.each(pairs)('%s and %s find the same sections in zh_TW and in zh_CN', (traditional, simplified) => {
    for (const locale of ['zh_TW', 'zh_CN']) {
      const search = searchers.get(locale)!;
      expect(search(traditional).length).toBeGreaterThan(0);
      expect(search(simplified)).toEqual(search(traditional));
    }
  });

  it('ships only the characters that matter for the index, not a dictionary', () => {
    const file = JSON.parse(readFileSync(join(outDir, indexFileOf('zh_CN')), 'utf8')) as SearchIndexFile;
    const chars = [...file.scriptPairs];
    expect(chars.length % 2).toBe(0);
    expect(chars.length / 2).toBeLessThan(3000);
    expect(file.scriptPairs).toContain('續续');
    expect(JSON.parse(readFileSync(join(outDir, indexFileOf('en')), 'utf8')).scriptPairs).toBe('');
  });
});

describe('Latin words, codes and numbers', () => {
  it('finds GRI codes, SDG numbers and years in the Chinese sites', () => {
    expect(searchers.get('zh_TW')!('gri 2-21').map(pageOf)).toContain('/zh_TW/committee');
    expect(searchers.get('zh_CN')!('GRI 201-1').map(pageOf)).toContain('/zh_CN/focus/sustainability/performance');
    expect(searchers.get('zh_TW')!('SDG 13').length).toBeGreaterThan(0);
    expect(searchers.get('zh_TW')!('2050').map(pageOf)).toContain('/zh_TW/chairman');
  });

  it('finds English words by prefix in the English site', () => {
    expect(searchers.get('en')!('solar').map(pageOf).slice(0, 3)).toContain('/en/event/2023-rooftop-solar-inauguration');
    expect(searchers.get('en')!('integrit').map(pageOf).slice(0, 3)).toContain('/en/event/2024-integrity-training');
  });
});
