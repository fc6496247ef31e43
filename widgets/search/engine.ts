import type MiniSearch from 'minisearch';
import type { AsPlainObject, Options, SearchOptions } from 'minisearch';
import { isCjkToken, tokenizeForIndex, tokenizeQuery } from './tokenizer.ts';

/** One section of a rendered page, as the build indexes it. */
export interface SectionDocument {
  id: number;
  /** The page's title (its h1). */
  title: string;
  /** The section's own heading; the page title for the part before the first heading. */
  heading: string;
  /** Parent headings and the section's heading, for ranking only (not stored). */
  headings: string;
  /** The section's text (not stored). */
  text: string;
  /** Page path with the section's anchor: `/zh_TW/focus/climate/energy#focus322`. */
  url: string;
  /** The start of the section's text, shown under a result. */
  excerpt: string;
}

/** What a search result carries: the stored fields, and the index terms it matched (for highlighting). */
export interface SectionHit {
  id: number;
  title: string;
  heading: string;
  url: string;
  excerpt: string;
  score: number;
  terms: string[];
}

/**
 * The core of a locale's index, the JSON file the search page loads first. Its MiniSearch JSON has
 * every part but the terms (`index.index` is empty): those are in the term shards, fetched as a
 * query needs them (shards.ts, shardedIndex.ts). With the terms put back, it is the whole index.
 */
export interface SearchIndexFile {
  locale: string;
  /**
   * Query conversion between Traditional and Simplified script, as pairs of characters
   * (`發发髮发…` reads 發→发, 髮→发): each first character is replaced by the second before searching.
   * Only characters the index does not contain but whose counterpart it does are listed.
   */
  scriptPairs: string;
  index: AsPlainObject;
}

const searchOptions: SearchOptions = {
  // Title over section headings over text (docs/product.md, "Search").
  boost: { title: 3, headings: 2, text: 1 },
  combineWith: 'AND',
  // No fuzzy matching: a query term finds only index terms that start with its first character,
  // which is what lets the page download only those terms' shard (shards.ts).
  fuzzy: false,
  // Prefixes serve Latin words and numbers (emission → emissions, 305 → 305-1) and a query of one
  // CJK character (碳 → 碳排, 碳); a CJK bigram matches only itself.
  prefix: (term) => !isCjkToken(term) || [...term].length === 1,
  tokenize: tokenizeQuery,
  processTerm: (term) => term,
};

/** MiniSearch options shared by the build (indexing) and the browser (loading and searching). */
export const indexOptions: Options<SectionDocument> = {
  fields: ['title', 'headings', 'text'],
  storeFields: ['title', 'heading', 'url', 'excerpt'],
  tokenize: tokenizeForIndex,
  // The tokenizer already lowercases and normalizes.
  processTerm: (term) => term,
  searchOptions,
};

/** Replaces each character the pairs list with its counterpart in the index's script. */
export function convertQuery(query: string, scriptPairs: string): string {
  const pairs = [...scriptPairs];
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < pairs.length; i += 2) map.set(pairs[i]!, pairs[i + 1]!);
  return [...query].map((char) => map.get(char) ?? char).join('');
}

/** The sections matching every bigram and word of the query, best first, in the index's script. */
export function searchSections(index: MiniSearch<SectionDocument>, query: string, scriptPairs: string): SectionHit[] {
  const converted = convertQuery(query, scriptPairs);
  if (!tokenizeQuery(converted).length) return [];
  return index.search(converted).map((result) => ({
    id: result.id as number,
    title: result.title as string,
    heading: result.heading as string,
    url: result.url as string,
    excerpt: result.excerpt as string,
    score: result.score,
    terms: result.terms,
  }));
}

/**
 * Stands in the search page's props (and its preload link) for the address of the locale's index
 * core, which is known only after every page is rendered; the build's search stage writes the
 * hashed address in its place.
 */
export const indexUrlPlaceholder = '@esg-search-index@';
