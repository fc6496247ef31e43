import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { LocaleIndexWriter } from '../../cli/pipeline/localeIndex.ts';
import { CharacterCounts, scriptPairsFrom } from '../../cli/pipeline/scriptPairs.ts';
import { indexOptions, searchSections, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { joinShards } from '../../widgets/search/shardedIndex.ts';
import { shardOf, type TermEntries } from '../../widgets/search/shards.ts';

/** Sections with shared prefixes, repeated terms, Latin codes and an empty field. */
const documents: SectionDocument[] = ['碳排放管理', '碳足跡盤查', '溫室氣體排放', 'GRI 305-1 直接排放', '排放', '水資源 water-use 2050', '碳', '淨零排放 net-zero 2050 碳排', '𥚃碳排 𥚃𥚄'].map((text, id) => ({
  id,
  title: id % 2 ? '氣候行動' : '環境保護',
  heading: text.slice(0, 4),
  headings: id % 3 ? `環境 / ${text.slice(0, 4)}` : '',
  text: `${text}，${text.split('').reverse().join('')}`,
  url: `/zh_TW/focus/climate/x#s${id}`,
  excerpt: text,
}));

/** The files of a LocaleIndexWriter given `documents` (split into two pages), parsed, in `count` shards. */
function written(count: number) {
  const writer = new LocaleIndexWriter();
  const sections = documents.map(({ id: _id, ...section }) => section);
  writer.add(sections.slice(0, 4));
  writer.add(sections.slice(4));
  const index = writer.files({ code: 'zh_TW', iso: 'zh-Hant-TW' }, '_esg', count);
  const [core, ...shards] = index.files.map((file) => JSON.parse(file.contents) as unknown);
  return { index, core: core as SearchIndexFile, shards: shards as TermEntries[] };
}

describe("the build's search index of a locale", () => {
  it("writes MiniSearch's index of the sections as a core without terms and term shards by first character, MiniSearch's order kept", () => {
    const reference = new MiniSearch<SectionDocument>(indexOptions);
    reference.addAll(documents);
    const { index: terms, ...rest } = reference.toJSON();
    const { core, shards } = written(4);
    expect(core.index).toEqual({ ...rest, index: [] });
    shards.forEach((entries, shard) => expect(entries).toEqual(terms.filter(([term]) => shardOf(term, 4) === shard)));
    expect(shards.filter((entries) => entries.length > 0).length).toBeGreaterThan(1);
    expect(shards.flat().length).toBe(terms.length);
  });

  it('names each file by its content hash and gives their addresses', () => {
    const { index } = written(4);
    expect(index.files.map((file) => file.path)).toEqual([expect.stringMatching(/^_esg\/search-zh_TW-[0-9a-f]{10}\.json$/), ...[0, 1, 2, 3].map((shard) => expect.stringMatching(new RegExp(`^_esg/search-zh_TW-t${shard}-[0-9a-f]{10}\\.json$`)))]);
    expect(index.url).toBe(`/${index.files[0]!.path}`);
    expect(index.shardUrls).toEqual(index.files.slice(1).map((file) => `/${file.path}`));
    expect(index.documents).toBe(documents.length);
    expect(written(4).index.files.map((file) => file.path)).toEqual(index.files.map((file) => file.path));
  });

  it('gives an index that finds the sections with every term of the query', () => {
    const { core, shards } = written(4);
    const index = MiniSearch.loadJS<SectionDocument>(joinShards(core, shards).index, indexOptions);
    expect(searchSections(index, '排放', '').map((hit) => hit.id).sort()).toEqual([0, 2, 3, 4, 7]);
    expect(searchSections(index, 'net zero', '').map((hit) => hit.id)).toEqual([7]);
  });
});

describe('the query conversion pairs of an index', () => {
  it('counts every character, outside the Basic Multilingual Plane too', () => {
    const counts = new CharacterCounts();
    counts.add('發展𥚃發a');
    counts.add('𥚃');
    expect([counts.of('發'), counts.of('展'), counts.of('𥚃'), counts.of('a'), counts.of('发')]).toEqual([2, 1, 2, 1, 0]);
  });

  it('lists a Simplified character for a Traditional index only where the index lacks it, the most used counterpart winning', () => {
    const counts = new CharacterCounts();
    counts.add('頭髮 發展 發現 環境');
    const pairs = scriptPairsFrom('traditional', counts);
    // 发 stands for both 發 and 髮; 發 occurs more often. 环 → 環, 境 is the same in both scripts.
    expect(pairs).toContain('发發');
    expect(pairs).toContain('环環');
    expect(pairs).not.toContain('境');
    const simplified = new CharacterCounts();
    simplified.add('环境 发展');
    expect(scriptPairsFrom('simplified', simplified)).toContain('環环');
    expect(scriptPairsFrom('simplified', simplified)).not.toContain('环環');
  });
});
