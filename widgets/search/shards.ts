import type { AsPlainObject } from 'minisearch';
import { tokenizeQuery } from './tokenizer.ts';

/**
 * Each locale's index is written in parts so that a search page downloads only what its query
 * needs: a core (documents, field lengths, stored fields, script pairs) and term shards. A term
 * goes to the shard picked by its first UTF-16 unit, which is sound because site search only ever
 * looks a query term up exactly or as a prefix (no fuzzy matching, see engine.ts): both find only
 * index terms that start with the query term's own first unit, and all of those are in one shard.
 * Within a shard, terms are in the whole index's order (sorted, cli/build/search/localeIndex.ts), so the
 * tree under each first character is built exactly as from the whole index, and searches and
 * their ranking are the same.
 */

/** MiniSearch's serialized terms: `[term, {fieldId: {shortId: count}}]`. */
export type TermEntries = AsPlainObject['index'];

/** The shard (0 … count-1) of every index term that starts as `term` does. */
export function shardOf(term: string, count: number): number {
  // A multiplicative hash, so neighbouring code points (common CJK characters cluster) spread out.
  return (Math.imul(term.charCodeAt(0), 0x9e3779b1) >>> 0) % count;
}

/** The shards a query (already converted to the index's script) looks terms up in, ascending. */
export function shardsOfQuery(query: string, count: number): number[] {
  return [...new Set(tokenizeQuery(query).map((term) => shardOf(term, count)))].sort((a, b) => a - b);
}

/**
 * Stands in the search page's props for the addresses of the locale's term shards, separated by
 * spaces in shard order; the build's search stage writes them in its place (cli/build/stages/12-search.ts).
 */
export const shardUrlsPlaceholder = '@esg-search-shards@';
