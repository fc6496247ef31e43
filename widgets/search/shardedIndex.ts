import { convertQuery, indexOptions, searchSections, type SearchIndexFile, type SectionDocument, type SectionHit } from './engine.ts';
import { shardsOfQuery, type TermEntries } from './shards.ts';
import { insertInSlices, termTree, type TermTree } from './termTree.ts';

/** Fetches and parses a JSON file (the browser's fetch on the search page, the disk in tests and benchmarks). */
export type FetchJson = (url: string) => Promise<unknown>;

interface Core {
  tree: TermTree<SectionDocument>;
  scriptPairs: string;
}

/**
 * A locale's index as the search page loads it: the core (preloaded by the page) and only the term
 * shards a query needs (widgets/search/shards.ts), each fetched once and put into the one tree.
 * The shards of the query as typed are requested at once, beside the core; once the core's script
 * pairs tell how the query converts (环境 → 環境 on zh_TW), the shards of the converted terms follow.
 */
export class ShardedIndex {
  /** Resolves when the core is loaded, rejects when it cannot be. */
  readonly ready: Promise<void>;
  private readonly core: Promise<Core>;
  private readonly fetched = new Map<number, Promise<TermEntries>>();
  private readonly inserted = new Map<number, Promise<void>>();
  /** Shards go into the tree one after another, each in its own order. */
  private inserting: Promise<void> = Promise.resolve();

  constructor(coreUrl: string, private readonly shardUrls: string[], private readonly fetchJson: FetchJson) {
    this.core = fetchJson(coreUrl).then((json) => {
      const file = json as SearchIndexFile;
      return { tree: termTree(file.index, indexOptions), scriptPairs: file.scriptPairs };
    });
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
    await Promise.all(shards.map((shard) => this.insertShard(shard, core.tree)));
    return searchSections(core.tree.miniSearch, query, core.scriptPairs);
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

  private insertShard(shard: number, tree: TermTree<SectionDocument>): Promise<void> {
    let done = this.inserted.get(shard);
    if (!done) {
      const entries = this.fetchShard(shard);
      done = this.inserting.then(async () => insertInSlices(tree, await entries));
      done.catch(() => this.inserted.delete(shard));
      this.inserted.set(shard, done);
      // One shard that failed must not hold back the ones queued after it.
      this.inserting = done.catch(() => undefined);
    }
    return done;
  }
}

/**
 * The whole index from its core and all its shards, as MiniSearch.loadJS reads it (the benchmark
 * and the tests compare against it). Shards are concatenated in shard order, so the tree's root
 * lists its children in another order than the full index did; every subtree, and so every search,
 * is the same.
 */
export function joinShards(core: SearchIndexFile, shards: TermEntries[]): SearchIndexFile {
  return { ...core, index: { ...core.index, index: shards.flat() } };
}
