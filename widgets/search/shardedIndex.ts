import MiniSearch from 'minisearch';
import {
  indexOptions,
  isPrefixToken,
  queriesOf,
  rankPages,
  rankSections,
  type FoundPage,
  type PageShard,
  type ResultKind,
  type SearchIndexFile,
  type SectionDocument,
} from './engine.ts';
import { shardOf, shardsOfQuery, type TermEntries } from './shards.ts';
import { tokenizeQuery } from './tokenizer.ts';
import { phraseRuns, shortWords, snippet, type TextPiece } from './highlight.ts';
import type { Vocabulary } from './vocabulary.ts';

/** Fetches and parses a JSON file (the browser's fetch on the search page, the disk in tests and benchmarks). */
export type FetchJson = (url: string) => Promise<unknown>;

/** A found page as the results list shows it. */
export interface ShownPage {
  url: string;
  title: string;
  kind: ResultKind;
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
  marking: Marking;
}

/** How a query's results are marked: the query's short Chinese words (highlight.ts, `snippet`). */
interface Marking {
  words: string[];
}

/** How many pages a results list shows at first, and adds each time the reader asks for more. */
export const pagesPerStep = 10;
/** How many of the first pages found a phone's first screen shows: their page shards are fetched first. */
const pagesFirst = 2;
/** How much more a page counts among the first when it holds a Chinese phrase of the query as written. */
const phraseBoost = 2;
/** How many of a page's sections are shown under it. */
const sectionsPerPage = 3;

/**
 * A locale's index as the search page loads it: the core (preloaded by the page), only the term
 * shards a query needs (shards.ts), and only the page shards of the results shown, each fetched
 * once. The shards of the query as typed are requested at once, beside the core; once the core
 * tells how the query converts (环境 → 環境 on zh_TW) and what its variants are (綠電 → 再生能源),
 * the shards of those follow.
 *
 * MiniSearch cannot take terms into an index it has loaded, so each query is searched in an index
 * of the core and the few terms it looks up (`indexFor`).
 */
export class ShardedIndex {
  /** Resolves when the core is loaded, rejects when it cannot be. */
  readonly ready: Promise<void>;
  private readonly core: Promise<Core>;
  private readonly fetched = new Map<string, Promise<unknown>>();
  private readonly termMaps = new Map<number, Promise<Map<string, TermEntries[number]>>>();

  constructor(
    coreUrl: string,
    private readonly shardUrls: string[],
    private readonly fetchJson: FetchJson,
  ) {
    this.core = fetchJson(coreUrl).then((file) => new Core(file as SearchIndexFile));
    this.ready = this.core.then(() => undefined);
    this.ready.catch(() => undefined); // Reported to whoever awaits `ready` or `search`.
  }

  /** Starts downloading the shards of a query as typed, before the core is there to convert it. */
  prefetch(query: string): void {
    for (const shard of shardsOfQuery(query, this.shardUrls.length)) this.fetchOnce(this.shardUrls[shard]!).catch(() => undefined);
  }

  /** The locale's search vocabulary (for the words offered when a query finds nothing, closest.ts). */
  async vocabulary(): Promise<Vocabulary> {
    return (await this.core).file.vocabulary;
  }

  /**
   * The pages a query finds, best first, and the first `pagesPerStep` of them ready to show. Their
   * page shards are fetched at once; `onShown`, when given, has what is found each time more of
   * the first pages are ready, in order (the search page draws the first result without waiting
   * for the tenth).
   */
  async search(query: string, onShown?: (found: Found) => void): Promise<Found> {
    this.prefetch(query);
    const core = await this.core;
    const variants = queriesOf(query, core.file);
    const tokens = variants.flatMap((variant) => tokenizeQuery(variant.text));
    const ranked = rankSections(await this.indexFor(tokens, core), variants, core.file.pageKinds, (section) => core.pageOf(section));
    const runs = phraseRuns(query, core.file.scriptPairs);
    const pages = withPhrasesFirst(rankPages(ranked, core.file.pageKinds), runs);
    const found: Found = { query, pages, sections: ranked.length, shown: [], marking: { words: shortWords(variants.map((variant) => variant.text)) } };
    const shown = await this.show(pages.slice(0, pagesPerStep), core, found.marking, onShown && ((ready) => onShown({ ...found, shown: ready })));
    return { ...found, shown };
  }

  /** The next pages of a search's results, ready to show. */
  async more(found: Found): Promise<ShownPage[]> {
    const core = await this.core;
    return this.show(found.pages.slice(found.shown.length, found.shown.length + pagesPerStep), core, found.marking);
  }

  /**
   * Pages ready to show, from their page shards, marked as `marking` says; `onReady` has the pages
   * ready so far, in order, each time there are more. The shards of the pages a phone's first
   * screen shows are fetched first, alone, and the others once they are in: the first results do
   * not share the connection with the tenth.
   */
  private async show(pages: FoundPage[], core: Core, { words }: Marking, onReady?: (shown: ShownPage[]) => void): Promise<ShownPage[]> {
    const fetchShard = (found: FoundPage) => this.fetchOnce(core.pageShard(found.page).url) as Promise<PageShard>;
    const first = pages.slice(0, pagesFirst).map(fetchShard);
    const others = Promise.allSettled(first).then(() => pages.slice(pagesFirst).map(fetchShard));
    const shards = [...first, ...pages.slice(pagesFirst).map((_, at) => others.then((list) => list[at]!))];
    // A shard that fails is reported where it is awaited; those after it are not awaited then.
    for (const shard of shards) shard.catch(() => undefined);
    const shown: ShownPage[] = [];
    for (const [at, found] of pages.entries()) {
      const shard = await shards[at]!;
      const [path, title, stored] = shard[found.page - core.pageShard(found.page).first]!;
      const first = core.firstSection(found.page);
      shown.push({
        url: path,
        title,
        kind: found.kind,
        sections: found.sections.slice(0, sectionsPerPage).map((section) => {
          const [heading, anchor, text] = stored[section.id - first]!;
          return {
            id: section.id,
            url: anchor ? `${path}#${anchor}` : path,
            heading: snippet(heading, section.terms, words, Infinity),
            snippet: snippet(text, section.terms, words),
          };
        }),
      });
      onReady?.([...shown]);
    }
    return shown;
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

  /**
   * An index of the core and only the terms `tokens` look up (a bigram itself, a word or one
   * character every term it begins), taken from their shards: it ranks every section exactly as
   * the whole index would, and loads in well under a millisecond.
   */
  private async indexFor(tokens: string[], core: Core): Promise<MiniSearch<SectionDocument>> {
    const count = this.shardUrls.length;
    const shards = await Promise.all(
      [...new Set(tokens.map((token) => shardOf(token, count)))].map(async (shard) => [shard, await this.terms(shard)] as const),
    );
    const byShard = new Map(shards);
    const entries: TermEntries = [];
    for (const token of new Set(tokens)) {
      const terms = byShard.get(shardOf(token, count))!;
      if (isPrefixToken(token)) {
        for (const [term, entry] of terms) if (term.startsWith(token)) entries.push(entry);
      } else {
        const entry = terms.get(token);
        if (entry) entries.push(entry);
      }
    }
    return MiniSearch.loadJS<SectionDocument>(core.withTerms([...new Set(entries)]), indexOptions);
  }

  /** A term shard's entries by term, fetched and read once. */
  private terms(shard: number): Promise<Map<string, TermEntries[number]>> {
    let terms = this.termMaps.get(shard);
    if (!terms) {
      terms = (this.fetchOnce(this.shardUrls[shard]!) as Promise<TermEntries>).then((entries) => new Map(entries.map((entry) => [entry[0], entry])));
      terms.catch(() => this.termMaps.delete(shard));
      this.termMaps.set(shard, terms);
    }
    return terms;
  }
}

/**
 * The pages in order, but among the first `pagesPerStep` a page holding one of the query's Chinese
 * phrases of three characters or more as written (溫室氣體 together, not 溫室 … 氣體 apart) counts
 * `phraseBoost` times: one of its sections matched every pair of the phrase's characters, which
 * text holds together only where it holds the phrase. Told from the terms, the order is known
 * before any page shard comes.
 */
function withPhrasesFirst(pages: FoundPage[], runs: string[]): FoundPage[] {
  if (!runs.length) return pages;
  const pairs = runs.map((run) => tokenizeQuery(run));
  const holds = (page: FoundPage) => page.sections.some((section) => pairs.some((run) => run.every((pair) => section.terms.includes(pair))));
  const first = pages.slice(0, pagesPerStep).map((page) => ({ page, score: page.score * (holds(page) ? phraseBoost : 1) }));
  first.sort((a, b) => b.score - a.score);
  return [...first.map((entry) => entry.page), ...pages.slice(pagesPerStep)];
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

  /** The page shard a page is in: the last that starts at it or before. */
  pageShard(page: number): SearchIndexFile['pageShards'][number] {
    return this.file.pageShards.findLast((shard) => shard.first <= page)!;
  }

  /** The core with some terms, as MiniSearch.loadJS reads it. */
  withTerms(terms: TermEntries): SearchIndexFile['index'] {
    return { ...this.plain, index: terms };
  }
}
