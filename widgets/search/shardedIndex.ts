import MiniSearch from 'minisearch';
import { indexOptions, kindOfLetter, queriesOf, rankSections, type PageShard, type RankedSection, type ResultKind, type SearchIndexFile, type SectionDocument } from './engine.ts';
import { shardsOfQuery, type TermEntries } from './shards.ts';
import { phraseRuns, snippet, type TextPiece } from './highlight.ts';
import type { Vocabulary } from './vocabulary.ts';

/** Fetches and parses a JSON file (the browser's fetch on the search page, the disk in tests and benchmarks). */
export type FetchJson = (url: string) => Promise<unknown>;

/** A MiniSearch index of the core's documents and the terms of some shards (ascending). */
interface LoadedIndex {
  shards: number[];
  index: Promise<MiniSearch<SectionDocument>>;
}

/** A page a query found: its sections best first, and what it ranks by. */
export interface FoundPage {
  page: number;
  kind: ResultKind;
  sections: RankedSection[];
}

/** A found page as the results list shows it. */
export interface ShownPage {
  url: string;
  title: string;
  kind: ResultKind;
  /** Whether one of its sections holds a Chinese phrase of the query as written. */
  phrase: boolean;
  sections: ShownSection[];
}

export interface ShownSection {
  id: number;
  url: string;
  /** The section's heading with the matched terms marked; empty for the page's lead. */
  heading: TextPiece[];
  /** The part of its text around the best match, with the matched terms marked. */
  snippet: TextPiece[];
}

/** What a query found: every page, and the first ones ready to show. */
export interface Found {
  query: string;
  pages: FoundPage[];
  sections: number;
  shown: ShownPage[];
}

/** How many pages a results list shows at first, and adds each time the reader asks for more. */
export const pagesPerStep = 10;
/** Up to this many terms, an index is loaded at once (MiniSearch.loadJS); more, with pauses (loadJSAsync). */
const syncTerms = 20_000;
/** How many of a page's sections are shown under it. */
const sectionsPerPage = 3;

/**
 * A locale's index as the search page loads it: the core (preloaded by the page), only the term
 * shards a query needs (shards.ts), and only the page shards of the results shown, each fetched
 * once. The shards of the query as typed are requested at once, beside the core; once the core
 * tells how the query converts (环境 → 環境 on zh_TW) and what its variants are (綠電 → 再生能源),
 * the shards of those follow.
 *
 * MiniSearch cannot take terms into an index it has loaded, so a query is searched in an index of
 * the core and its own shards, which the next queries reuse while their terms are in the same
 * shards. An index of every shard fetched so far would serve more queries, but each query that
 * needs one more shard would load all of them again: twenty queries in a row took four times as long.
 */
export class ShardedIndex {
  /** Resolves when the core is loaded, rejects when it cannot be. */
  readonly ready: Promise<void>;
  private readonly core: Promise<Core>;
  private readonly fetched = new Map<string, Promise<unknown>>();
  private loaded?: LoadedIndex;

  constructor(coreUrl: string, private readonly shardUrls: string[], private readonly fetchJson: FetchJson) {
    this.core = fetchJson(coreUrl).then((file) => new Core(file as SearchIndexFile));
    this.ready = this.core.then(() => undefined);
    this.ready.catch(() => undefined); // Reported to whoever awaits `ready` or `search`.
  }

  /** Starts downloading the shards of a query as typed, before the core is there to convert it. */
  prefetch(query: string): void {
    for (const shard of shardsOfQuery(query, this.shardUrls.length)) this.fetchOnce(this.shardUrls[shard]!).catch(() => undefined);
  }

  /** The locale's search vocabulary, for the words offered when a query finds nothing. */
  async vocabulary(): Promise<Vocabulary> {
    return (await this.core).file.vocabulary;
  }

  /** The pages a query finds, best first, and the first `pagesPerStep` of them ready to show. */
  async search(query: string): Promise<Found> {
    this.prefetch(query);
    const core = await this.core;
    const shards = [...new Set(queriesOf(query, core.file).flatMap((variant) => shardsOfQuery(variant.text, this.shardUrls.length)))].sort((a, b) => a - b);
    const ranked = rankSections(await this.indexWith(shards, core), query, core.file, (section) => core.pageOf(section));
    const pages = pagesOf(ranked, core);
    // The first pages are fetched, and among them a page holding the query's words as one phrase
    // (溫室氣體, not 溫室 … 氣體 apart) goes before one that has them only apart.
    const runs = phraseRuns(query, core.file.scriptPairs);
    const first = await this.show(pages.slice(0, pagesPerStep), core, runs);
    const order = first.map((shown, at) => ({ shown, found: pages[at]! }));
    order.sort((a, b) => coverageOf(b.found) - coverageOf(a.found) || Number(b.shown.phrase) - Number(a.shown.phrase));
    pages.splice(0, order.length, ...order.map((entry) => entry.found));
    return { query, pages, sections: ranked.length, shown: order.map((entry) => entry.shown) };
  }

  /** The next pages of a search's results, ready to show. */
  async more(found: Found): Promise<ShownPage[]> {
    const core = await this.core;
    return this.show(found.pages.slice(found.shown.length, found.shown.length + pagesPerStep), core, []);
  }

  /** Pages ready to show, from their page shards; `runs` are the query's phrases to look for. */
  private async show(pages: FoundPage[], core: Core, runs: string[]): Promise<ShownPage[]> {
    const shards = await Promise.all(pages.map((found) => this.fetchOnce(core.pageShardUrl(found.page)) as Promise<PageShard>));
    return pages.map((found, at) => {
      const [path, title, stored] = shards[at]![found.page - core.pageShardFirst(found.page)]!;
      const first = core.firstSection(found.page);
      const texts = found.sections.map((section) => stored[section.id - first]!);
      const phrase = runs.length > 0 && texts.some(([heading, , text]) => runs.some((run) => `${title} ${heading} ${text}`.toLowerCase().includes(run)));
      return {
        url: path,
        title,
        kind: found.kind,
        phrase,
        sections: found.sections.slice(0, sectionsPerPage).map((section, at) => {
          const [heading, anchor, text] = texts[at]!;
          return { id: section.id, url: anchor ? `${path}#${anchor}` : path, heading: snippet(heading, section.terms, Infinity), snippet: snippet(text, section.terms) };
        }),
      };
    });
  }

  private fetchOnce(url: string): Promise<unknown> {
    let file = this.fetched.get(url);
    if (!file) {
      file = this.fetchJson(url);
      // A failed download is tried again by the next search.
      file.catch(() => this.fetched.delete(url));
      this.fetched.set(url, file);
    }
    return file;
  }

  /** The loaded index if it has every one of `shards` (ascending), else an index of the core and them. */
  private indexWith(shards: number[], core: Core): Promise<MiniSearch<SectionDocument>> {
    const { loaded } = this;
    if (loaded && shards.every((shard) => loaded.shards.includes(shard))) return loaded.index;
    const index = Promise.all(shards.map((shard) => this.fetchOnce(this.shardUrls[shard]!) as Promise<TermEntries>)).then((entries) => {
      const plain = core.withTerms(entries);
      // A few thousand terms load in a few milliseconds; more are loaded with pauses, so the page stays responsive.
      return plain.index.length <= syncTerms ? MiniSearch.loadJS<SectionDocument>(plain, indexOptions) : MiniSearch.loadJSAsync<SectionDocument>(plain, indexOptions);
    });
    // An index whose shard could not be fetched is dropped: the next search fetches it again.
    index.catch(() => {
      if (this.loaded?.index === index) this.loaded = undefined;
    });
    this.loaded = { shards, index };
    return index;
  }
}

/** The core file, with its pages' first sections and MiniSearch's document ids and lengths made once. */
class Core {
  private readonly starts: number[] = [];
  private readonly pages: number[] = [];
  private readonly plain: Omit<SearchIndexFile['index'], 'index'>;

  constructor(readonly file: SearchIndexFile) {
    let section = 0;
    file.pageSections.forEach((count, page) => {
      this.starts.push(section);
      for (let i = 0; i < count; i++) this.pages.push(page);
      section += count;
    });
    const fields = Object.keys(file.index.fieldIds).length;
    const documentIds: Record<string, number> = {};
    const fieldLength: Record<string, number[]> = {};
    for (let id = 0; id < section; id++) {
      documentIds[id] = id;
      fieldLength[id] = file.fieldLengths.slice(id * fields, (id + 1) * fields);
    }
    this.plain = { ...file.index, documentIds, fieldLength };
  }

  pageOf(section: number): number {
    return this.pages[section]!;
  }

  firstSection(page: number): number {
    return this.starts[page]!;
  }

  pageShardFirst(page: number): number {
    return this.pageShard(page).first;
  }

  pageShardUrl(page: number): string {
    return this.pageShard(page).url;
  }

  private pageShard(page: number) {
    const shards = this.file.pageShards;
    let low = 0;
    let high = shards.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (shards[middle]!.first <= page) low = middle;
      else high = middle - 1;
    }
    return shards[low]!;
  }

  /** The core with the terms of some of its shards, as MiniSearch.loadJS reads it. */
  withTerms(shards: TermEntries[]): SearchIndexFile['index'] {
    return { ...this.plain, index: joinTerms(shards) };
  }
}

/**
 * The terms of some shards, joined in shard order: the root of MiniSearch's term tree then lists
 * its children in another order than the whole index did, but each shard has all the terms that
 * start with its characters, in the whole index's order, so every subtree, and so every search,
 * is the same.
 */
export function joinTerms(shards: TermEntries[]): TermEntries {
  return shards.flat();
}

/** Sections grouped by page, pages in the order of their best section. */
function pagesOf(ranked: RankedSection[], core: Core): FoundPage[] {
  const pages = new Map<number, FoundPage>();
  for (const section of ranked) {
    let found = pages.get(section.page);
    if (!found) pages.set(section.page, (found = { page: section.page, kind: kindOfLetter(core.file.pageKinds[section.page] ?? 't'), sections: [] }));
    found.sections.push(section);
  }
  return [...pages.values()];
}

function coverageOf(found: FoundPage): number {
  return found.sections[0]!.coverage;
}
