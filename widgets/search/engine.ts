import type MiniSearch from 'minisearch';
import type { AsPlainObject, Options, SearchOptions } from 'minisearch';
import { isCjkToken, tokenizeForIndex, tokenizeQuery } from './tokenizer.ts';
import { queryVariants, type QueryVariant, type Vocabulary } from './vocabulary.ts';

/** One section of a rendered page, as MiniSearch indexes it: its fields only, nothing is stored. */
export interface SectionDocument {
  id: number;
  /** The page's title (its h1). */
  title: string;
  /** Parent headings and the section's heading. */
  headings: string;
  /** The page's lead: the text before its first heading, on the page's first section only. */
  lead: string;
  /** The section's running text. */
  text: string;
  /** The text of its tables and lists: what a row or an item names, which a page about it also says in its headings and text. */
  listing: string;
}

/**
 * What kind of page a result is, shown beside it: a focus topic, another topic page, an event, a
 * report index, the downloads, a summary (the performance figures, the targets, the strategy's
 * goals: a line on every topic), or a hub (home pages and lists), which rank below pages about
 * the query. Written in the core as one letter per page, the first of each name.
 */
export const resultKinds = ['focus', 'topic', 'event', 'report', 'downloads', 'summary', 'hub'] as const;
export type ResultKind = (typeof resultKinds)[number];

/**
 * How much a page's kind weighs in ranking: a report index lists every topic's disclosures, a
 * summary every topic's figures and goals, and a hub quotes a little of everything, so the page
 * about the query comes first (a goal such as 淨零 stands in a summary's single line as it does
 * in its topic page's heading).
 */
const kindWeights: Record<ResultKind, number> = { focus: 1, topic: 1, event: 1, report: 0.7, downloads: 1, summary: 0.7, hub: 0.2 };

export function kindOfLetter(letter: string): ResultKind {
  return resultKinds.find((kind) => kind[0] === letter) ?? 'topic';
}

/**
 * The core of a locale's index, the JSON file the search page loads first: how to read a query
 * (script pairs, vocabulary), which page each section belongs to and what kind of page it is, the
 * sections' field lengths, and MiniSearch's JSON without its terms, document ids, field lengths or
 * stored fields. Terms are in the term shards (shards.ts), fetched as a query needs them; titles,
 * headings and texts are in the page shards, fetched for the results shown (shardedIndex.ts).
 */
export interface SearchIndexFile {
  locale: string;
  /**
   * Query conversion between Traditional and Simplified script, as pairs of characters
   * (`發发髮发…` reads 發→发, 髮→发): each first character is replaced by the second before searching.
   * Only characters the index does not contain but whose counterpart it does are listed.
   */
  scriptPairs: string;
  vocabulary: Vocabulary;
  /** Each page's number of sections, in index order: sections are numbered page after page. */
  pageSections: number[];
  /** Each page's kind, one letter (ResultKind's first) per page. */
  pageKinds: string;
  /** The page shards: the number of each one's first page, and its address. */
  pageShards: { first: number; url: string }[];
  /** Each section's field lengths, in the order of `indexOptions.fields`, section after section. */
  fieldLengths: number[];
  index: AsPlainObject;
}

/** A page shard: the pages from its first on, each as [path, title, sections]. */
export type PageShard = [path: string, title: string, sections: StoredSection[]][];
/** A section as shown: its heading ('' for the page's lead), the anchor it links to, its text. */
export type StoredSection = [heading: string, anchor: string, text: string];

const searchOptions: SearchOptions = {
  // Title over headings over the page's lead over the text over tables and lists (docs/product.md, "Search").
  boost: { title: 4, headings: 3, lead: 1.5, text: 1, listing: 0.5 },
  // Any term: sections are then ranked by how much of the query they cover (rankSections).
  combineWith: 'OR',
  // No fuzzy matching: a query term finds only index terms that start with its first character,
  // which is what lets the page download only those terms' shard (shards.ts).
  fuzzy: false,
  // Prefixes serve Latin words and numbers (emission → emissions, 305 → 305-1) and a query of one
  // CJK character (碳 → 碳排, 碳); a CJK bigram matches only itself.
  prefix: isPrefixToken,
  tokenize: tokenizeQuery,
  processTerm: (term) => term,
};

/** MiniSearch options shared by the build (indexing) and the browser (loading and searching). */
export const indexOptions: Options<SectionDocument> = {
  fields: ['title', 'headings', 'lead', 'text', 'listing'],
  storeFields: [],
  tokenize: tokenizeForIndex,
  // The tokenizer already lowercases and normalizes.
  processTerm: (term) => term,
  searchOptions,
};

/** Replaces each character the pairs list with its counterpart in the index's script. */
export function convertQuery(query: string, scriptPairs: string): string {
  const map = pairMap(scriptPairs);
  return [...query].map((char) => map.get(char) ?? char).join('');
}

/** The last script pairs read as a map: a search converts several strings with the same pairs. */
let pairs: { text: string; map: Map<string, string> } | undefined;
function pairMap(scriptPairs: string): Map<string, string> {
  if (pairs?.text !== scriptPairs) {
    const chars = [...scriptPairs];
    const map = new Map<string, string>();
    for (let i = 0; i + 1 < chars.length; i += 2) map.set(chars[i]!, chars[i + 1]!);
    pairs = { text: scriptPairs, map };
  }
  return pairs.map;
}

/** Whether a query token is looked up as a prefix of index terms (else as itself). */
export function isPrefixToken(token: string): boolean {
  return !isCjkToken(token) || [...token].length === 1;
}

/** The queries searched for one typed query: converted to the index's script, then its variants. */
export function queriesOf(query: string, core: Pick<SearchIndexFile, 'scriptPairs' | 'vocabulary'>) {
  return queryVariants(convertQuery(query, core.scriptPairs), core.vocabulary);
}

/** A section a query found. */
export interface RankedSection {
  id: number;
  page: number;
  /** The share of the query's tokens it contains (of the variant that found it best), 0 to 1. */
  coverage: number;
  /** BM25 with the field boosts, times the variant's and the page kind's weights, times coverage². */
  score: number;
  /** The index terms it matched, for highlighting. */
  terms: string[];
}

/**
 * The sections that match any token of a query's variants (`queriesOf`), best first. A section's
 * score is MiniSearch's BM25 with the field boosts, times the variant's weight (a synonym counts a
 * little less than the word typed) and the page kind's weight (`kindWeights`), times the square of
 * the share of the query it covers: a section with half the query's words needs four times the
 * score of one with all of them.
 */
export function rankSections(
  index: MiniSearch<SectionDocument>,
  variants: QueryVariant[],
  pageKinds: string,
  pageOf: (section: number) => number,
): RankedSection[] {
  const best = new Map<number, RankedSection>();
  const boostDocument = (id: unknown) => kindWeights[kindOfLetter(pageKinds[pageOf(id as number)] ?? 't')];
  for (const variant of variants) {
    const tokens = new Set(tokenizeQuery(variant.text));
    if (!tokens.size) continue;
    for (const result of index.search(variant.text, { boostDocument })) {
      const id = result.id as number;
      const coverage = new Set(result.queryTerms).size / tokens.size;
      const found: RankedSection = { id, page: pageOf(id), coverage, score: result.score * variant.weight * coverage * coverage, terms: result.terms };
      const known = best.get(id);
      if (!known) best.set(id, found);
      else {
        const terms = [...new Set([...known.terms, ...found.terms])];
        best.set(id, { ...(isBetter(found, known) ? found : known), terms });
      }
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.id - b.id);
}

/** A page a query found: its sections best first, and what it ranks by. */
export interface FoundPage {
  page: number;
  kind: ResultKind;
  sections: RankedSection[];
  /** Its best section's score, plus half the next one's and a quarter of the third's: a page about the query has it in more than one place. */
  score: number;
}

/** Sections grouped by page, best page first. */
export function rankPages(ranked: RankedSection[], pageKinds: string): FoundPage[] {
  const pages = new Map<number, FoundPage>();
  for (const section of ranked) {
    let found = pages.get(section.page);
    if (!found) pages.set(section.page, (found = { page: section.page, kind: kindOfLetter(pageKinds[section.page] ?? 't'), sections: [], score: 0 }));
    if (found.sections.length < 3) found.score += section.score / 2 ** found.sections.length;
    found.sections.push(section);
  }
  return [...pages.values()].sort((a, b) => b.score - a.score || a.page - b.page);
}

function isBetter(a: RankedSection, b: RankedSection): boolean {
  return a.score > b.score || (a.score === b.score && a.coverage > b.coverage);
}

/** A page whose head carries this meta is left out of site search alone (templates/Layout.tsx). */
export const siteSearchMeta = 'esg-site-search';

/**
 * Stands in the search page's props (and its preload link) for the address of the locale's index
 * core, which is known only after every page is rendered; the build's search stage writes the
 * hashed address in its place.
 */
export const indexUrlPlaceholder = '@esg-search-index@';
