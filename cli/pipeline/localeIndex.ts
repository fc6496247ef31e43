import { contentHash } from '../cache.ts';
import { indexOptions, type PageShard, type ResultKind, type SearchIndexFile, type SectionDocument } from '../../widgets/search/engine.ts';
import { tokenizeQuery } from '../../widgets/search/tokenizer.ts';
import type { Vocabulary } from '../../widgets/search/vocabulary.ts';
import type { RenderedFile } from './render.tsx';
import type { PageSections } from './sections.ts';
import { shardOf } from '../../widgets/search/shards.ts';
import { CharacterCounts, scriptOfLocale, scriptPairsFrom, wordVariants } from './scriptPairs.ts';

export interface SearchLocale {
  code: string;
  iso: string;
  /**
   * content/synonyms.yaml's groups in this locale's words, and its word variants (Taiwan word first,
   * Traditional characters), before the writer adds OpenCC's and keeps those the index holds.
   */
  vocabulary: Vocabulary;
}

/** One locale's index as written: its core's address, its term shards' addresses, its documents (for the benchmark) and its files. */
export interface LocaleIndex {
  locale: string;
  url: string;
  shardUrls: string[];
  documents: number;
  files: RenderedFile[];
}

/** A page as the search stage indexes it. */
export interface IndexedPage extends PageSections {
  /** Its address: `/zh_TW/focus/climate/energy`. */
  path: string;
  kind: ResultKind;
}

/** About this much term data (raw JSON characters) per term shard: a query's few shards stay a few KB gzipped. */
const shardBytes = 12 * 1024;
/** At most this many term shards (a power of two, as every count is: `shardCountFor`). */
const maxShards = 256;
/** About this much text (raw JSON characters) per page shard: a result's page comes with few others. */
const pageShardBytes = 6 * 1024;

/**
 * A page's terms as the index takes them, made once per page (`pageTerms`) and kept with the page
 * in the build cache (searchCache.ts), in a shape that JSON reads fast: each section's field
 * lengths (the distinct tokens of each of `indexOptions.fields`, as MiniSearch counts them),
 * section after section; the page's terms; and for each term in turn the number of its
 * occurrences, then each occurrence as `section, field, count`, sections and fields ascending.
 */
export interface PageTerms {
  lengths: number[];
  terms: string[];
  occurrences: number[];
}

const fields = indexOptions.fields;

/** The texts of a section's fields, in the order of `indexOptions.fields`. */
function fieldTexts(title: string, section: IndexedPage['sections'][number]): string[] {
  const document: SectionDocument = { id: 0, title, headings: section.headings, lead: section.lead, text: section.text };
  return fields.map((field) => document[field as keyof SectionDocument] as string);
}

/** A page's terms, tokenized as MiniSearch would with the site's `indexOptions`. */
export function pageTerms(page: IndexedPage): PageTerms {
  const { tokenize, processTerm } = indexOptions as Required<Pick<typeof indexOptions, 'tokenize' | 'processTerm'>>;
  const byTerm = new Map<string, number[]>();
  const lengths: number[] = [];
  page.sections.forEach((section, at) =>
    fieldTexts(page.title, section).forEach((text, field) => {
      const tokens = tokenize(text, fields[field]);
      const counts = new Map<string, number>();
      for (const token of tokens) {
        const processed = processTerm(token, fields[field]);
        for (const term of Array.isArray(processed) ? processed : [processed]) if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) {
        const occurrences = byTerm.get(term);
        if (occurrences) occurrences.push(at, field, count);
        else byTerm.set(term, [at, field, count]);
      }
      lengths.push(new Set(tokens).size);
    }),
  );
  const occurrences: number[] = [];
  for (const list of byTerm.values()) occurrences.push(list.length / 3, ...list);
  return { lengths, terms: [...byTerm.keys()], occurrences };
}

/**
 * One locale's search index in MiniSearch's JSON, filled a page at a time. Sections are numbered in
 * the order their pages are added, which is the route table's order, and the terms are written in
 * sorted order: the files depend on the pages and their order only, so a build that takes most
 * pages' terms from the build cache writes the same bytes as one that tokenizes every page. The
 * field lengths and their averages are counted as MiniSearch counts them, so that the browser's
 * MiniSearch, loading the files, ranks as if it had indexed the sections itself.
 */
export class LocaleIndexWriter {
  /** Each term's occurrences, as triples `section, field, count` in section order. */
  private readonly terms = new Map<string, number[]>();
  private readonly fieldLengths: number[] = [];
  private readonly averageFieldLength: number[] = [];
  /** Every character indexed, for the Traditional↔Simplified query pairs (scriptPairs.ts). */
  private readonly characters = new CharacterCounts();
  private readonly pages: PageShard = [];
  private readonly pageSections: number[] = [];
  private pageKinds = '';
  private documents = 0;

  /** Adds a page, with its terms when the build cache has them. */
  add(page: IndexedPage, terms: PageTerms = pageTerms(page)): void {
    const { title } = page;
    const first = this.documents;
    this.characters.add(title);
    for (const section of page.sections) {
      this.characters.add(section.headings);
      this.characters.add(section.lead);
      this.characters.add(section.text);
    }
    // Section by section, each field's average as MiniSearch keeps it.
    for (let start = 0; start < terms.lengths.length; start += fields.length) {
      fields.forEach((_, field) => {
        const length = terms.lengths[start + field]!;
        this.averageFieldLength[field] = ((this.averageFieldLength[field] || 0) * this.documents + length) / (this.documents + 1);
        this.fieldLengths.push(length);
      });
      this.documents++;
    }
    let at = 0;
    for (const term of terms.terms) {
      let all = this.terms.get(term);
      if (!all) this.terms.set(term, (all = []));
      const end = at + 1 + terms.occurrences[at]! * 3;
      for (at++; at < end; at += 3) all.push(first + terms.occurrences[at]!, terms.occurrences[at + 1]!, terms.occurrences[at + 2]!);
    }
    this.pages.push([page.path, title, page.sections.map((section) => [section.heading, section.anchor, section.lead && section.text ? `${section.lead} ${section.text}` : section.lead || section.text])]);
    this.pageSections.push(page.sections.length);
    this.pageKinds += page.kind[0];
  }

  /**
   * The index as JSON files under `folder`, each named by its content hash: the term shards
   * (widgets/search/shards.ts), as many as the terms' size calls for unless `count` says, the
   * page shards, and the core (a SearchIndexFile) that names the page shards.
   */
  files(locale: SearchLocale, folder: string, count?: number): LocaleIndex {
    // Each term's entry as MiniSearch writes it (`["term",{"field":{"section":count}}]`), sorted.
    const terms = [...this.terms.keys()].sort().map((term): [string, string] => [term, termEntry(term, this.terms.get(term)!)]);
    count ??= shardCount(terms);
    const shards: string[][] = Array.from({ length: count }, () => []);
    for (const [term, json] of terms) shards[shardOf(term, count)]!.push(json);
    const shardFiles = shards.map((entries, shard) => hashedFile(`${folder}/search-${locale.code}-t${shard}`, `[${entries.join(',')}]`));
    const pageFiles = this.pageShards().map(({ first, pages }) => ({ first, file: hashedFile(`${folder}/search-${locale.code}-p${first}`, JSON.stringify(pages)) }));
    // MiniSearch's JSON (its `toJSON`, serialization version 2) without what the files hold apart.
    const index: SearchIndexFile['index'] = {
      documentCount: this.documents,
      nextId: this.documents,
      documentIds: {},
      fieldIds: Object.fromEntries(fields.map((field, id) => [field, id])),
      fieldLength: {},
      averageFieldLength: this.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    };
    const coreFile: SearchIndexFile = {
      locale: locale.code,
      scriptPairs: scriptPairsFrom(scriptOfLocale(locale.iso), this.characters),
      vocabulary: { synonyms: this.present(locale.vocabulary.synonyms), variants: this.present(wordVariants(scriptOfLocale(locale.iso), locale.vocabulary.variants)) },
      pageSections: this.pageSections,
      pageKinds: this.pageKinds,
      pageShards: pageFiles.map(({ first, file }) => ({ first, url: `/${file.path}` })),
      fieldLengths: this.fieldLengths,
      index,
    };
    const core = hashedFile(`${folder}/search-${locale.code}`, JSON.stringify(coreFile));
    return { locale: locale.code, url: `/${core.path}`, shardUrls: shardFiles.map((file) => `/${file.path}`), documents: this.documents, files: [core, ...shardFiles, ...pageFiles.map(({ file }) => file)] };
  }

  /**
   * The pages in shards of about `pageShardBytes`, each shard a run of whole pages. Whether a page
   * starts a new shard depends on that page alone (`startsShard`), unless the shard before it is
   * full (twice the size): a page made longer or shorter changes its own shard and seldom another.
   * Packed from the first page until full, one event edited rewrote 79 of the 107 page shards
   * after it.
   */
  private pageShards(): { first: number; pages: PageShard }[] {
    const shards: { first: number; pages: PageShard }[] = [];
    let bytes = Infinity;
    this.pages.forEach((page, number) => {
      const size = page[1].length + page[2].reduce((sum, [heading, anchor, text]) => sum + heading.length + anchor.length + text.length, 0) * 3;
      if (bytes >= 2 * pageShardBytes || startsShard(page[0], size)) {
        shards.push({ first: number, pages: [] });
        bytes = 0;
      }
      shards.at(-1)!.pages.push(page);
      bytes += size;
    });
    return shards;
  }

  /**
   * The vocabulary groups some term of which the index holds: every token of the term (as a
   * query is tokenized) in one section, as MiniSearch's search with `combineWith: 'AND'` and no
   * prefixes finds it.
   */
  private present(groups: string[][]): string[][] {
    const sectionsOfTerm = new Map<string, Set<number>>();
    const sectionsOf = (token: string) => {
      let sections = sectionsOfTerm.get(token);
      if (!sections) {
        const occurrences = this.terms.get(token) ?? [];
        sections = new Set();
        for (let at = 0; at < occurrences.length; at += 3) sections.add(occurrences[at]!);
        sectionsOfTerm.set(token, sections);
      }
      return sections;
    };
    const found = (term: string) => {
      const tokens = tokenizeQuery(term);
      if (!tokens.length || !tokens.every((token) => this.terms.has(token))) return false;
      const [first, ...others] = tokens.map(sectionsOf);
      return [...first!].some((section) => others.every((sections) => sections.has(section)));
    };
    return groups.filter((group) => group.some(found));
  }
}

/**
 * Whether the page at `path`, of `size`, starts a page shard: with the chance of its share of a
 * shard, by a hash of its address (FNV-1a, then mixed), so shards hold `pageShardBytes` on average.
 * A 32-bit hash in JavaScript: the search thread asks it of every page of every locale.
 */
function startsShard(path: string, size: number): boolean {
  let hash = 0x811c9dc5;
  for (let at = 0; at < path.length; at++) hash = Math.imul(hash ^ path.charCodeAt(at), 0x01000193);
  // MurmurHash3's finalizer: addresses that differ in their last characters differ in every bit.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32 < size / pageShardBytes;
}

/** A term's entry in MiniSearch's JSON, from its occurrences in section order: fields ascending, each with its sections ascending. */
function termEntry(term: string, occurrences: number[]): string {
  const byField: string[][] = [];
  for (let at = 0; at < occurrences.length; at += 3) (byField[occurrences[at + 1]!] ??= []).push(`"${occurrences[at]}":${occurrences[at + 2]}`);
  const data: string[] = [];
  byField.forEach((counts, field) => data.push(`"${field}":{${counts.join(',')}}`));
  return `[${JSON.stringify(term)},{${data.join(',')}}]`;
}

function shardCount(terms: [string, string][]): number {
  let bytes = 0;
  for (const [, json] of terms) bytes += json.length;
  return shardCountFor(bytes);
}

/**
 * The number of term shards for this much term data: the power of two nearest to `shardBytes`
 * each (shards of 8.5 to 17 KB). A term's shard depends on the count, so a new count rewrites
 * every shard of the locale: counted to the nearest whole shard, an edit of a few words moved it
 * now and then (one edit of an event rewrote 150 shards, the next one 5); in powers of two only a
 * site that grows or shrinks by half moves it.
 */
export function shardCountFor(bytes: number): number {
  return Math.min(maxShards, 2 ** Math.max(0, Math.round(Math.log2(bytes / shardBytes))));
}

/**
 * A locale's index files among the names of the files in a built `_esg/` folder, as `files` names
 * them: the core, and the term shards in shard order (for the tests and the search benchmark).
 */
export function indexFileNames(names: string[], locale: string): { core?: string; shards: string[] } {
  const core = new RegExp(`^search-${locale}-[0-9a-f]{10}\\.json$`);
  const shard = new RegExp(`^search-${locale}-t(\\d+)-[0-9a-f]{10}\\.json$`);
  const shards: string[] = [];
  for (const name of names) {
    const match = shard.exec(name);
    if (match) shards[Number(match[1])] = name;
  }
  return { core: names.find((name) => core.test(name)), shards };
}

function hashedFile(name: string, contents: string): RenderedFile {
  return { path: `${name}-${contentHash(contents).slice(0, 10)}.json`, contents };
}
