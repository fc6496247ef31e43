import MiniSearch from 'minisearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexOptions, loadIndex, loadIndexInSlices, searchSections, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { buildSample } from '../helpers/site.ts';
import { readIndexFiles } from './indexFiles.ts';

/**
 * The browser builds MiniSearch's tree itself (widgets/search/termTree.ts) instead of calling
 * MiniSearch.loadJS, which was too slow on phones. It must make the very same index: the same
 * terms in the same tree order, and the same results in the same order for any query.
 */
describe('loading the search index', () => {
  const files = new Map<string, SearchIndexFile>();
  beforeAll(async () => {
    const outDir = await buildSample();
    // The whole index: the core with every term shard put back.
    for (const locale of ['en', 'zh_CN', 'zh_TW']) files.set(locale, readIndexFiles(outDir, locale).whole);
  });

  it('makes the index MiniSearch.loadJS makes, term order included', async () => {
    expect([...files.values()].map((file) => file.index.index.length).every((terms) => terms > 1000)).toBe(true);
    for (const file of files.values()) {
      const reference = JSON.stringify(MiniSearch.loadJS<SectionDocument>(file.index, indexOptions).toJSON());
      expect(JSON.stringify(loadIndex(file).toJSON())).toBe(reference);
      expect(JSON.stringify((await loadIndexInSlices(file)).toJSON())).toBe(reference);
    }
  });

  it('finds the same sections in the same order as MiniSearch.loadJS', async () => {
    const queries: [string, string[]][] = [
      ['zh_TW', ['減碳', '碳', '溫室氣體', 'GRI 305', '305', '水', '人權', 'energy', '再生能源', '职业安全']],
      ['zh_CN', ['减碳', '碳', '溫室氣體', '供应链']],
      ['en', ['emissions', 'water', 'gri', 'safety', 'e']],
    ];
    for (const [locale, list] of queries) {
      const file = files.get(locale)!;
      const reference = MiniSearch.loadJS<SectionDocument>(file.index, indexOptions);
      const sliced = await loadIndexInSlices(file);
      for (const query of list) {
        const expected = searchSections(reference, query, file.scriptPairs);
        expect(searchSections(sliced, query, file.scriptPairs), `${locale} ${query}`).toEqual(expected);
      }
    }
    expect(searchSections(await loadIndexInSlices(files.get('zh_TW')!), '減碳', files.get('zh_TW')!.scriptPairs).length).toBeGreaterThan(10);
  });
});
