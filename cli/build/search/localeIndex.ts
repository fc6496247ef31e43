import { contentHash } from '../../cache.ts';
import { indexOptions, type PageShard, type ResultKind, type SearchIndexFile, type SectionDocument } from '../../../widgets/search/engine.ts';
import { tokenizeQuery } from '../../../widgets/search/tokenizer.ts';
import type { Vocabulary } from '../../../widgets/search/vocabulary.ts';
import type { RenderedFile } from '../../siteFiles.ts';
import type { PageSections } from './sections.ts';
import { shardOf } from '../../../widgets/search/shards.ts';
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
  const document: SectionDocument = { id: 0, title, headings: section.headings, lead: section.lead, text: section.text, listing: section.listing };
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
 *
 * A writer that has made its files may have pages replaced (`replace`, in a process that builds
 * again: searchThread.ts) and make them again: only the term shards and page shards the changed
 * pages touch are written anew, and the files are the same, byte for byte, as a new writer given
 * the pages as they are now would make.
 */
export class LocaleIndexWriter {
  /** Each term's occurrences, as triples `section, field, count` in section order. */
  private readonly terms = new Map<string, number[]>();
  private readonly fieldLengths: number[] = [];
  /** Every character indexed, for the Traditional↔Simplified query pairs (scriptPairs.ts). */
  private readonly characters = new CharacterCounts();
  private readonly pages: PageShard = [];
  private readonly pageSections: number[] = [];
  /** The number of each page's first section. */
  private readonly firstSections: number[] = [];
  private pageKinds = '';
  private documents = 0;
  /** What the last `files` made, for the next one after `replace`. */
  private made: MadeFiles | undefined;
  /** The terms `replace` changed since. */
  private readonly changedTerms = new Set<string>();

  /** Adds a page, with its terms when the build cache has them. */
  add(page: IndexedPage, terms: PageTerms = pageTerms(page)): void {
    const first = this.documents;
    this.countCharacters(page, 1);
    this.fieldLengths.push(...terms.lengths);
    this.documents += page.sections.length;
    let at = 0;
    for (const term of terms.terms) {
      let all = this.terms.get(term);
      if (!all) this.terms.set(term, (all = []));
      at = pushOccurrences(all, terms, at, first);
    }
    this.pages.push(pageEntry(page));
    this.pageSections.push(page.sections.length);
    this.firstSections.push(first);
    this.pageKinds += page.kind[0];
    // Sections added after the files were made: they are all made again.
    this.made = undefined;
  }

  /**
   * Puts `page` in the place of the page added `number`th, `old` (as it was added, with its terms).
   * Its sections keep their numbers, so the new page must have as many as the old one had.
   */
  replace(number: number, page: IndexedPage, terms: PageTerms, old: { page: IndexedPage; terms: PageTerms }): void {
    const first = this.firstSections[number]!;
    const count = this.pageSections[number]!;
    if (page.sections.length !== count || old.page.sections.length !== count)
      throw new Error(`replacing page ${number} of ${count} sections by one of ${page.sections.length}`);
    this.countCharacters(old.page, -1);
    this.countCharacters(page, 1);
    this.fieldLengths.splice(first * fields.length, terms.lengths.length, ...terms.lengths);
    const added = occurrencesOf(terms, first);
    for (const term of new Set([...old.terms.terms, ...added.keys()])) {
      const all = this.terms.get(term) ?? [];
      const from = firstOccurrence(all, first);
      all.splice(from, firstOccurrence(all, first + count) - from, ...(added.get(term) ?? []));
      if (all.length) this.terms.set(term, all);
      else this.terms.delete(term);
      this.changedTerms.add(term);
    }
    this.pages[number] = pageEntry(page);
    this.pageKinds = `${this.pageKinds.slice(0, number)}${page.kind[0]}${this.pageKinds.slice(number + 1)}`;
  }

  /**
   * The index as JSON files under `folder`, each named by its content hash: the term shards
   * (widgets/search/shards.ts), as many as the terms' size calls for unless `count` says, the
   * page shards, and the core (a SearchIndexFile) that names the page shards.
   */
  files(locale: SearchLocale, folder: string, count?: number): LocaleIndex {
    const shardFiles = this.termShards(`${folder}/search-${locale.code}`, count);
    const pageFiles = this.pageShards().map(({ first, pages }) => ({ first, file: this.pageShardFile(`${folder}/search-${locale.code}-p${first}`, pages) }));
    // MiniSearch's JSON (its `toJSON`, serialization version 2) without what the files hold apart.
    const index: SearchIndexFile['index'] = {
      documentCount: this.documents,
      nextId: this.documents,
      documentIds: {},
      fieldIds: Object.fromEntries(fields.map((field, id) => [field, id])),
      fieldLength: {},
      averageFieldLength: this.averageFieldLengths(),
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    };
    const coreFile: SearchIndexFile = {
      locale: locale.code,
      scriptPairs: scriptPairsFrom(scriptOfLocale(locale.iso), this.characters),
      vocabulary: {
        synonyms: this.present(locale.vocabulary.synonyms),
        variants: this.present(wordVariants(scriptOfLocale(locale.iso), locale.vocabulary.variants)),
      },
      pageSections: this.pageSections,
      pageKinds: this.pageKinds,
      pageShards: pageFiles.map(({ first, file }) => ({ first, url: `/${file.path}` })),
      fieldLengths: this.fieldLengths,
      index,
    };
    const core = hashedFile(`${folder}/search-${locale.code}`, JSON.stringify(coreFile));
    return {
      locale: locale.code,
      url: `/${core.path}`,
      shardUrls: shardFiles.map((file) => `/${file.path}`),
      documents: this.documents,
      files: [core, ...shardFiles, ...pageFiles.map(({ file }) => file)],
    };
  }

  private countCharacters(page: IndexedPage, by: 1 | -1): void {
    this.characters.add(page.title, by);
    for (const section of page.sections) {
      this.characters.add(section.headings, by);
      this.characters.add(section.lead, by);
      this.characters.add(section.text, by);
      this.characters.add(section.listing, by);
    }
  }

  /** Each field's average length as MiniSearch keeps it, updated section by section in order. */
  private averageFieldLengths(): number[] {
    const averages: number[] = [];
    for (let section = 0; section < this.documents; section++) {
      fields.forEach((_, field) => {
        averages[field] = ((averages[field] || 0) * section + this.fieldLengths[section * fields.length + field]!) / (section + 1);
      });
    }
    return averages;
  }

  /**
   * The term shards, each term's entry as MiniSearch writes it (`["term",{"field":{"section":count}}]`),
   * sorted. After `replace`, only the entries of the terms it changed are made again, and only
   * their shards written, unless the terms' size calls for another number of shards.
   */
  private termShards(name: string, count: number | undefined): RenderedFile[] {
    let made = this.made;
    const changed = made?.name === name ? [...this.changedTerms] : undefined;
    this.changedTerms.clear();
    if (!made || !changed) {
      made = this.made = { name, entries: new Map(), bytes: 0, count: 0, shardTerms: [], files: [], pageShards: new Map() };
      for (const [term, occurrences] of this.terms) {
        const entry = termEntry(term, occurrences);
        made.entries.set(term, entry);
        made.bytes += entry.length;
      }
    } else {
      for (const term of changed) {
        const occurrences = this.terms.get(term);
        made.bytes += setEntry(made.entries, term, occurrences && termEntry(term, occurrences));
      }
    }
    const { entries } = made;
    count ??= shardCountFor(made.bytes);
    const shardFile = (terms: string[], shard: number) => hashedFile(`${name}-t${shard}`, `[${terms.map((term) => entries.get(term)).join(',')}]`);
    if (!changed || count !== made.count) {
      made.count = count;
      made.shardTerms = Array.from({ length: count }, () => []);
      for (const term of [...entries.keys()].sort()) made.shardTerms[shardOf(term, count)]!.push(term);
      made.files = made.shardTerms.map(shardFile);
    } else {
      const byShard = new Map<number, Set<string>>();
      for (const term of changed) {
        const shard = shardOf(term, count);
        const terms = byShard.get(shard);
        if (terms) terms.add(term);
        else byShard.set(shard, new Set([term]));
      }
      for (const [shard, terms] of byShard) {
        const kept = made.shardTerms[shard]!.filter((term) => !terms.has(term));
        made.shardTerms[shard] = merged(kept, [...terms].filter((term) => entries.has(term)).sort());
        made.files[shard] = shardFile(made.shardTerms[shard]!, shard);
      }
    }
    return made.files;
  }

  /** A page shard's file, the one made last time when it holds the same pages. */
  private pageShardFile(name: string, pages: PageShard): RenderedFile {
    const shards = this.made!.pageShards;
    const last = shards.get(name);
    if (last && last.pages.length === pages.length && last.pages.every((page, at) => page === pages[at])) return last.file;
    const file = hashedFile(name, JSON.stringify(pages));
    shards.set(name, { pages, file });
    return file;
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

/** What a writer's `files` made, kept for the next call after `replace`. */
interface MadeFiles {
  /** The term shards' name, without their number and hash. */
  name: string;
  /** Each term's entry in MiniSearch's JSON, and their characters in all. */
  entries: Map<string, string>;
  bytes: number;
  count: number;
  /** The terms of each shard, sorted, and its file. */
  shardTerms: string[][];
  files: RenderedFile[];
  /** Each page shard by its name: the pages it held and its file. */
  pageShards: Map<string, { pages: PageShard; file: RenderedFile }>;
}

/** Two sorted lists of strings as one, sorted as `Array.sort` sorts them (by UTF-16 code units). */
function merged(a: string[], b: string[]): string[] {
  const all: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) all.push(a[i]! < b[j]! ? a[i++]! : b[j++]!);
  return all.concat(a.slice(i), b.slice(j));
}

/** Sets (or, undefined, deletes) a term's entry; gives the change in the entries' characters. */
function setEntry(entries: Map<string, string>, term: string, entry: string | undefined): number {
  const before = entries.get(term)?.length ?? 0;
  if (entry === undefined) entries.delete(term);
  else entries.set(term, entry);
  return (entry?.length ?? 0) - before;
}

/**
 * Pushes onto `all` the occurrences of the page's term whose count is at `at` in `terms.occurrences`,
 * as the writer keeps them (its sections numbered from `first`); gives where the next term's begin.
 */
function pushOccurrences(all: number[], terms: PageTerms, at: number, first: number): number {
  const { occurrences } = terms;
  const end = at + 1 + occurrences[at]! * 3;
  for (at++; at < end; at += 3) all.push(first + occurrences[at]!, occurrences[at + 1]!, occurrences[at + 2]!);
  return end;
}

/** A page's terms' occurrences, as the writer keeps them, its sections numbered from `first`. */
function occurrencesOf(terms: PageTerms, first: number): Map<string, number[]> {
  const byTerm = new Map<string, number[]>();
  let at = 0;
  for (const term of terms.terms) {
    const occurrences: number[] = [];
    at = pushOccurrences(occurrences, terms, at, first);
    byTerm.set(term, occurrences);
  }
  return byTerm;
}

/** Where the occurrences (triples `section, field, count` in section order) of `section` and after begin. */
function firstOccurrence(occurrences: number[], section: number): number {
  let low = 0;
  let high = occurrences.length / 3;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (occurrences[middle * 3]! < section) low = middle + 1;
    else high = middle;
  }
  return low * 3;
}

/** A page as its page shard holds it: address, title, and each section's heading, anchor and text. */
function pageEntry(page: IndexedPage): PageShard[number] {
  return [
    page.path,
    page.title,
    page.sections.map((section) => [section.heading, section.anchor, [section.lead, section.text, section.listing].filter(Boolean).join(' ')]),
  ];
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
