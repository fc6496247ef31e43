import MiniSearch from 'minisearch';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocaleIndexWriter } from '../../cli/pipeline/localeIndex.ts';
import { indexJson } from '../../cli/pipeline/searchIndex.ts';
import { sectionsOfPage } from '../../cli/pipeline/sections.ts';
import { buildSample } from '../helpers/site.ts';
import { CharacterCounts, scriptPairsFrom } from '../../cli/pipeline/scriptPairs.ts';
import { indexOptions, loadIndex, searchSections, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { shardOf, type TermEntries } from '../../widgets/search/shards.ts';

/** Sections with shared prefixes, repeated terms, Latin codes and an empty field, to exercise the tree. */
const documents: SectionDocument[] = ['碳排放管理', '碳足跡盤查', '溫室氣體排放', 'GRI 305-1 直接排放', '排放', '水資源 water-use 2050', '碳', '淨零排放 net-zero 2050 碳排', '𥚃碳排 𥚃𥚄'].map((text, id) => ({
  id,
  title: id % 2 ? '氣候行動' : '環境保護',
  heading: text.slice(0, 4),
  headings: id % 3 ? `環境 / ${text.slice(0, 4)}` : '',
  text: `${text}，${text.split('').reverse().join('')}`,
  url: `/zh_TW/focus/climate/x#s${id}`,
  excerpt: text,
}));

describe('the build-side search index writer', () => {
  it('writes byte for byte the JSON MiniSearch writes for the same documents', () => {
    const reference = new MiniSearch<SectionDocument>(indexOptions);
    reference.addAll(documents);
    expect(indexJson(documents, indexOptions)).toBe(JSON.stringify(reference.toJSON()));
  });

  it('adds up the counts of tokens that processTerm makes one term, as MiniSearch does', () => {
    // Split at each space, so two spaces give an empty token, which MiniSearch counts but does not index.
    const options = { ...indexOptions, tokenize: (text: string) => text.split(' '), processTerm: (term: string) => (term === 'skip' ? null : term.toLowerCase()) };
    const folded = [{ ...documents[0]!, text: 'GRI gri Gri skip Net net-zero NET' }, { ...documents[1]!, text: 'gri GRI' }, { ...documents[2]!, text: 'net  zero  net' }];
    const reference = new MiniSearch<SectionDocument>(options);
    reference.addAll(folded);
    expect(indexJson(folded, options)).toBe(JSON.stringify(reference.toJSON()));
  });

  it('writes the same JSON as MiniSearch for every section of the sample site', async () => {
    const outDir = await buildSample();
    for (const locale of ['zh_TW', 'en']) {
      const pages = readdirSync(join(outDir, locale), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('index.html'));
      const sections = pages.flatMap((page) => sectionsOfPage(readFileSync(join(outDir, locale, page), 'utf8'), `/${locale}/${page}`));
      const sectionDocuments = sections.map((section, id) => ({ id, ...section }));
      expect(sectionDocuments.length).toBeGreaterThan(100);
      const reference = new MiniSearch<SectionDocument>(indexOptions);
      reference.addAll(sectionDocuments);
      expect(indexJson(sectionDocuments, indexOptions)).toBe(JSON.stringify(reference.toJSON()));
    }
  });

  it('gives an index that finds what MiniSearch finds', () => {
    const index = loadIndex({ locale: 'zh_TW', scriptPairs: '', index: JSON.parse(indexJson(documents, indexOptions)) });
    expect(searchSections(index, '排放', '').map((hit) => hit.id).sort()).toEqual([0, 2, 3, 4, 7]);
    expect(searchSections(index, 'net zero', '').map((hit) => hit.id)).toEqual([7]);
  });

  it('splits the index into a core and term shards that together are the whole index, term order kept', () => {
    const whole = JSON.parse(indexJson(documents, indexOptions)) as SearchIndexFile['index'];
    const writer = new LocaleIndexWriter();
    writer.add(documents.map(({ id: _id, ...section }) => section));
    const written = writer.files({ code: 'zh_TW', iso: 'zh-Hant-TW' }, '_esg', 4);
    const [core, ...shards] = written.files.map((file) => JSON.parse(file.contents) as unknown);
    expect(written.files.map((file) => file.path)).toEqual([expect.stringMatching(/^_esg\/search-zh_TW-[0-9a-f]{10}\.json$/), ...[0, 1, 2, 3].map((shard) => expect.stringMatching(new RegExp(`^_esg/search-zh_TW-t${shard}-[0-9a-f]{10}\\.json$`)))]);
    expect(written.url).toBe(`/${written.files[0]!.path}`);
    expect(written.shardUrls).toEqual(written.files.slice(1).map((file) => `/${file.path}`));
    expect((core as SearchIndexFile).index).toEqual({ ...whole, index: [] });
    shards.forEach((entries, shard) => expect(entries).toEqual(whole.index.filter(([term]) => shardOf(term, 4) === shard)));
    expect((shards as TermEntries[]).filter((entries) => entries.length > 0).length).toBeGreaterThan(1);
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
