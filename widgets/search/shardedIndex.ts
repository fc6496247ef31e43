import MiniSearch from 'minisearch';
import { convertQuery, indexOptions, searchSections, type SearchIndexFile, type SectionDocument, type SectionHit } from './engine.ts';
import { shardsOfQuery, type TermEntries } from './shards.ts';

/** Fetches and parses a JSON file (the browser's fetch on the search page, the disk in tests and benchmarks). */
export type FetchJson = (url: string) => Promise<unknown>;

/** A MiniSearch index of the core's documents and the terms of some shards (ascending). */
interface LoadedIndex {
  shards: number[];
  index: Promise<MiniSearch<SectionDocument>>;
}

/**
 * A locale's index as the search page loads it: the core (preloaded by the page) and only the term
 * shards a query needs (widgets/search/shards.ts), each fetched once. The shards of the query as
 * typed are requested at once, beside the core; once the core's script pairs tell how the query
 * converts (环境 → 環境 on zh_TW), the shards of the converted terms follow.
 *
 * MiniSearch cannot take terms into an index it has loaded, so a query is searched in an index of
 * the core and its own shards (`MiniSearch.loadJSAsync`, which pauses now and then so the page
 * stays responsive), which the next queries reuse while their terms are in the same shards. An
 * index of every shard fetched so far would serve more queries, but each query that needs one more
 * shard would load all of them again: twenty queries in a row took four times as long.
 */
export class ShardedIndex {
  /** Resolves when the core is loaded, rejects when it cannot be. */
  readonly ready: Promise<void>;
  private readonly core: Promise<SearchIndexFile>;
  private readonly fetched = new Map<number, Promise<TermEntries>>();
  private loaded?: LoadedIndex;

  constructor(coreUrl: string, private readonly shardUrls: string[], private readonly fetchJson: FetchJson) {
    this.core = fetchJson(coreUrl) as Promise<SearchIndexFile>;
    this.ready = this.core.then(() => undefined);
    this.ready.catch(() => undefined); // Reported to whoever awaits `ready` or `search`.
  }

  /** Starts downloading the shards of a query as typed, before the core is there to convert it. */
  prefetch(query: string): void {
    for (const shard of shardsOfQuery(query, this.shardUrls.length)) this.fetchShard(shard).catch(() => undefined);
  }

  /** The sections matching a query, best first: the same as searching the whole index. */
  async search(query: string): Promise<SectionHit[]> {
    this.prefetch(query);
    const core = await this.core;
    const shards = shardsOfQuery(convertQuery(query, core.scriptPairs), this.shardUrls.length);
    return searchSections(await this.indexWith(shards, core), query, core.scriptPairs);
  }

  private fetchShard(shard: number): Promise<TermEntries> {
    let entries = this.fetched.get(shard);
    if (!entries) {
      entries = this.fetchJson(this.shardUrls[shard]!) as Promise<TermEntries>;
      // A failed download is tried again by the next search.
      entries.catch(() => this.fetched.delete(shard));
      this.fetched.set(shard, entries);
    }
    return entries;
  }

  /** The loaded index if it has every one of `shards` (ascending), else an index of the core and them. */
  private indexWith(shards: number[], core: SearchIndexFile): Promise<MiniSearch<SectionDocument>> {
    const { loaded } = this;
    if (loaded && shards.every((shard) => loaded.shards.includes(shard))) return loaded.index;
    const index = Promise.all(shards.map((shard) => this.fetchShard(shard))).then((entries) => MiniSearch.loadJSAsync(joinShards(core, entries).index, indexOptions));
    // An index whose shard could not be fetched is dropped: the next search fetches it again.
    index.catch(() => {
      if (this.loaded?.index === index) this.loaded = undefined;
    });
    this.loaded = { shards, index };
    return index;
  }
}

/**
 * The core with the terms of some of its shards, as MiniSearch.loadJS reads it. Shards are joined
 * in shard order, so the root of MiniSearch's term tree lists its children in another order than
 * the whole index did; but each shard has all the terms that start with its characters, in the
 * whole index's order, so every subtree, and so every search, is the same.
 */
export function joinShards(core: SearchIndexFile, shards: TermEntries[]): SearchIndexFile {
  return { ...core, index: { ...core.index, index: shards.flat() } };
}
