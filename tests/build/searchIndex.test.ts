import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { LocaleIndexWriter, pageTerms, type IndexedPage, type LocaleIndex, type PageTerms } from '../../cli/build/search/localeIndex.ts';
import { CharacterCounts, scriptPairsFrom, wordVariants } from '../../cli/build/search/scriptPairs.ts';
import { indexOptions, queriesOf, rankSections, type PageShard, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { shardOf, type TermEntries } from '../../widgets/search/shards.ts';

/** Sections with shared prefixes, repeated terms, Latin codes and an empty field. */
const texts = [
  '碳排放管理',
  '碳足跡盤查',
  '溫室氣體排放',
  'GRI 305-1 直接排放',
  '排放',
  '水資源 water-use 2050',
  '碳',
  '淨零排放 net-zero 2050 碳排',
  '𥚃碳排 𥚃𥚄',
];
const section = (text: string, id: number) => ({
  heading: text.slice(0, 4),
  headings: id % 3 ? `環境 / ${text.slice(0, 4)}` : '',
  anchor: `s${id}`,
  lead: id === 0 ? '前言' : '',
  text: `${text}，${text.split('').reverse().join('')}`,
  // Every third section lists a word of its text in a table or list too.
  listing: id % 3 === 2 ? text.slice(2, 6) : '',
});
const pages: IndexedPage[] = [
  { path: '/zh_TW/focus/climate/x', kind: 'focus', title: '環境保護', sections: texts.slice(0, 4).map(section) },
  { path: '/zh_TW/event/y', kind: 'event', title: '氣候行動', sections: texts.slice(4).map((text, at) => section(text, at + 4)) },
  // A page longer than a page shard's average always starts a shard of its own (localeIndex.ts `startsShard`).
  {
    path: '/zh_TW/about',
    kind: 'topic',
    title: '關於',
    sections: [{ heading: '', headings: '', anchor: '', lead: '', text: '報告書'.repeat(1000), listing: '' }],
  },
  { path: '/zh_TW', kind: 'hub', title: '首頁', sections: [{ heading: '', headings: '', anchor: '', lead: '首頁', text: '', listing: '' }] },
];
const documents: SectionDocument[] = pages
  .flatMap((page) => page.sections.map((s) => ({ title: page.title, headings: s.headings, lead: s.lead, text: s.text, listing: s.listing })))
  .map((document, id) => ({ id, ...document }));
const vocabulary = {
  synonyms: [
    ['碳排放', '碳排'],
    ['不在索引裡', '也不在'],
  ],
  variants: [['資訊', '信息']],
};

/** The files of a LocaleIndexWriter given `pages`, parsed, in `count` shards. */
function written(count: number) {
  const writer = new LocaleIndexWriter();
  for (const page of pages) writer.add(page);
  const index = writer.files({ code: 'zh_TW', iso: 'zh-Hant-TW', vocabulary }, '_esg', count);
  const parsed = index.files.map((file) => JSON.parse(file.contents) as unknown);
  return { index, core: parsed[0] as SearchIndexFile, shards: parsed.slice(1, 1 + count) as TermEntries[], pageShards: parsed.slice(1 + count) as PageShard[] };
}

/** A page's terms in the reverse order, each with its occurrences. */
function reversed(terms: PageTerms): PageTerms {
  const groups: number[][] = [];
  let at = 0;
  for (const _ of terms.terms) groups.push(terms.occurrences.slice(at, (at += 1 + terms.occurrences[at]! * 3)));
  return { ...terms, terms: [...terms.terms].reverse(), occurrences: groups.reverse().flat() };
}

describe("the build's search index of a locale", () => {
  it("writes MiniSearch's index of the sections as a core without terms, stored fields or ids, and term shards by first character, terms sorted", () => {
    const reference = new MiniSearch<SectionDocument>(indexOptions);
    reference.addAll(documents);
    const { index: terms, fieldLength, ...rest } = reference.toJSON();
    const sorted = [...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const { core, shards } = written(4);
    expect(core.index).toEqual({ ...rest, index: [], documentIds: {}, fieldLength: {}, storedFields: {} });
    expect(core.fieldLengths).toEqual(Object.values(fieldLength).flat());
    shards.forEach((entries, shard) => expect(JSON.stringify(entries)).toBe(JSON.stringify(sorted.filter(([term]) => shardOf(term, 4) === shard))));
    expect(shards.filter((entries) => entries.length > 0).length).toBeGreaterThan(1);
    expect(shards.flat().length).toBe(terms.length);
  });

  it('writes the same files from terms kept in the build cache as from the pages tokenized, whatever order the terms came in', () => {
    const writer = new LocaleIndexWriter();
    for (const page of [...pages].reverse()) pageTerms(page);
    for (const page of pages) {
      const kept = JSON.parse(JSON.stringify(pageTerms(page))) as PageTerms;
      writer.add(page, reversed(kept));
    }
    const files = writer.files({ code: 'zh_TW', iso: 'zh-Hant-TW', vocabulary }, '_esg', 4).files;
    expect(files).toEqual(written(4).index.files);
  });

  it('stores the pages, their sections and kinds apart from the terms, and only the vocabulary the index holds', () => {
    const { core, pageShards } = written(4);
    expect(core.pageSections).toEqual([4, 5, 1, 1]);
    expect(core.pageKinds).toBe('feth');
    expect(core.pageShards.map((shard) => shard.first)).toEqual([0, 2]);
    expect(pageShards.flat()[0]).toEqual([
      '/zh_TW/focus/climate/x',
      '環境保護',
      pages[0]!.sections.map((s) => [s.heading, s.anchor, [s.lead, s.text, s.listing].filter(Boolean).join(' ')]),
    ]);
    expect(core.vocabulary).toEqual({ synonyms: [['碳排放', '碳排']], variants: [] });
  });

  it('keeps the page shards around a page that grows: an edit rewrites its own page shard, seldom the next, never the rest', () => {
    /** 400 event pages of 1 to 3 sections, page `grown` with a paragraph more; the page shards' file names. */
    const pageShardFiles = (grown?: number) => {
      const writer = new LocaleIndexWriter();
      for (let n = 0; n < 400; n++) {
        const text = `第 ${n} 場活動：${'員工與社區一起參與淨灘與植樹。'.repeat(1 + (n % 7))}${n === grown ? '這一段是後來補上的說明，讓這一頁變長了一些。'.repeat(3) : ''}`;
        writer.add({
          path: `/zh_TW/event/e${n}`,
          kind: 'event',
          title: `活動 ${n}`,
          sections: Array.from({ length: 1 + (n % 3) }, (_, at) => ({
            heading: at ? `段落 ${at}` : '',
            headings: '',
            anchor: at ? `s${at}` : '',
            lead: '',
            text,
            listing: '',
          })),
        });
      }
      return writer
        .files({ code: 'zh_TW', iso: 'zh-Hant-TW', vocabulary }, '_esg', 4)
        .files.map((file) => file.path)
        .filter((path) => /-p\d+-/.test(path));
    };
    const before = pageShardFiles();
    expect(before.length).toBeGreaterThan(20);
    for (const grown of [3, 50, 120, 200, 333]) {
      const after = new Set(pageShardFiles(grown));
      const changed = before.filter((path) => !after.has(path));
      expect(changed.length, `page ${grown}`).toBeGreaterThanOrEqual(1);
      expect(changed.length, `page ${grown}`).toBeLessThanOrEqual(2);
    }
  });

  it('makes, after pages are replaced, the files a new writer given the pages as they are makes, and rewrites only the shards they touch', () => {
    const words = ['淨灘', '植樹', '碳排放', '節能', '志工', '社區', 'solar', 'water-use', '𥚃碳', '2050', '安全', '訓練'];
    /**
     * Event `n` in version `edit`: its sections' texts and its kind change with the edit, their
     * number does not. Only event 17's first edit has 體, whose Simplified form the index then pairs.
     */
    const event = (n: number, edit = 0): IndexedPage => ({
      path: `/zh_TW/event/e${n}`,
      kind: edit % 2 ? 'topic' : 'event',
      title: `活動 ${n}${edit ? ` 第 ${edit} 版` : ''}`,
      sections: Array.from({ length: 1 + (n % 3) }, (_, at) => ({
        heading: at ? `段落 ${at}` : '',
        headings: '',
        anchor: at ? `s${at}` : '',
        lead: at === 1 ? words[(n + edit) % words.length]! : '',
        text: `${words[(n * 7 + at + edit * 5) % words.length]} 與 ${words[(n + at * 3 + edit) % words.length]}${edit ? ` ${words[(edit * 11) % words.length]}${'補充'.repeat(edit)}` : ''}${n === 17 && edit === 1 ? ' 體驗' : ''}`,
        listing: at === 2 ? words[(n + edit) % words.length]! : '',
      })),
    });
    const locale = { code: 'zh_TW', iso: 'zh-Hant-TW', vocabulary };
    const fresh = (versions: number[], count?: number) => {
      const writer = new LocaleIndexWriter();
      versions.forEach((edit, n) => writer.add(event(n, edit)));
      return writer.files(locale, '_esg', count);
    };
    const versions = Array.from({ length: 300 }, () => 0);
    const writer = new LocaleIndexWriter();
    versions.forEach((edit, n) => writer.add(event(n, edit)));
    expect(writer.files(locale, '_esg')).toEqual(fresh(versions));
    // In 16 term shards, so that a page's terms fall in some of them only.
    let last = writer.files(locale, '_esg', 16);
    expect(last).toEqual(fresh(versions, 16));
    // One page, then several at once, then a page back as it was; a term only the edit brought goes again.
    for (const edited of [[17], [3, 150, 299], [17], [0, 1, 2, 42, 200]]) {
      for (const n of edited) {
        const edit = versions[n] === 0 || n !== 17 ? versions[n]! + 1 : 0;
        writer.replace(n, event(n, edit), pageTerms(event(n, edit)), { page: event(n, versions[n]), terms: pageTerms(event(n, versions[n])) });
        versions[n] = edit;
      }
      const files = writer.files(locale, '_esg', 16);
      expect(files).toEqual(fresh(versions, 16));
      // The term shards the pages' terms are not in are the very files made last time: not made again.
      const shards = (index: LocaleIndex) => index.files.slice(1, 17);
      const kept = shards(files).filter((file, shard) => file === shards(last)[shard]);
      expect(kept.length, `after ${edited}`).toBeGreaterThan(0);
      expect(kept.length, `after ${edited}`).toBeLessThan(16);
      last = files;
    }
    // The number of shards the terms call for again: every shard is made anew.
    expect(writer.files(locale, '_esg')).toEqual(fresh(versions));
    // A page of another number of sections is refused.
    expect(() => writer.replace(4, event(5), pageTerms(event(5)), { page: event(4), terms: pageTerms(event(4)) })).toThrow(/sections/);
  });

  it('names each file by its content hash and gives their addresses', () => {
    const { index, core } = written(4);
    expect(index.files.map((file) => file.path)).toEqual([
      expect.stringMatching(/^_esg\/search-zh_TW-[0-9a-f]{10}\.json$/),
      ...[0, 1, 2, 3].map((shard) => expect.stringMatching(new RegExp(`^_esg/search-zh_TW-t${shard}-[0-9a-f]{10}\\.json$`))),
      ...[0, 2].map((first) => expect.stringMatching(new RegExp(`^_esg/search-zh_TW-p${first}-[0-9a-f]{10}\\.json$`))),
    ]);
    expect(index.url).toBe(`/${index.files[0]!.path}`);
    expect(index.shardUrls).toEqual(index.files.slice(1, 5).map((file) => `/${file.path}`));
    expect(core.pageShards.map((shard) => shard.url)).toEqual(index.files.slice(5).map((file) => `/${file.path}`));
    expect(index.documents).toBe(documents.length);
    expect(written(4).index.files.map((file) => file.path)).toEqual(index.files.map((file) => file.path));
  });

  it('gives an index that ranks the sections holding all of the query first, then those holding part of it', () => {
    const { core, shards } = written(4);
    const fieldLength = Object.fromEntries(documents.map(({ id }) => [id, core.fieldLengths.slice(id * 4, id * 4 + 4)]));
    const documentIds = Object.fromEntries(documents.map(({ id }) => [id, id]));
    const index = MiniSearch.loadJS<SectionDocument>({ ...core.index, documentIds, fieldLength, index: shards.flat() }, indexOptions);
    const pageOf = (id: number) => (id < 4 ? 0 : 1);
    const ranked = rankSections(index, queriesOf('排放', core), core.pageKinds, pageOf);
    expect(ranked.map((hit) => hit.id).sort()).toEqual([0, 2, 3, 4, 7]);
    expect(rankSections(index, queriesOf('net zero', core), core.pageKinds, pageOf).map((hit) => hit.id)).toEqual([7]);
    // 溫室 and 排放 are both in section 2 only; the others hold one of them.
    const partial = rankSections(index, queriesOf('溫室排放', core), core.pageKinds, pageOf);
    expect(partial[0]!.id).toBe(2);
    expect(partial[0]!.coverage).toBe(2 / 3);
    expect(partial.slice(1).every((hit) => hit.coverage < partial[0]!.coverage)).toBe(true);
  });
});

describe('the query conversion pairs and word variants of an index', () => {
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

  it("pairs Taiwan and mainland words from OpenCC's phrase table and the site's own list, in the index's script", () => {
    const traditional = wordVariants('traditional', [['品質', '質量']]);
    expect(traditional).toContainEqual(['品質', '質量']);
    expect(traditional).toContainEqual(['資訊', '信息']);
    expect(traditional).toContainEqual(['軟體', '軟件']);
    const simplified = wordVariants('simplified', [['品質', '質量']]);
    expect(simplified).toContainEqual(['品质', '质量']);
    expect(simplified).toContainEqual(['资讯', '信息']);
    expect(simplified).toContainEqual(['软体', '软件']);
    expect(wordVariants('other', [['品質', '質量']])).toEqual([]);
  });
});
