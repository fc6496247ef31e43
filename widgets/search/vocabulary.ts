import { normalizeText } from './tokenizer.ts';

/**
 * The words a locale's search knows to be interchangeable, in the index's script and normalized
 * (normalizeText): synonym groups from content/synonyms.yaml (綠電 = 再生能源), and word variants,
 * the Taiwan and mainland words for one thing (資訊 = 信息), from OpenCC's phrase table and the
 * same file. The build lists only groups of which some term occurs in the locale's pages.
 */
export interface Vocabulary {
  synonyms: string[][];
  variants: string[][];
}

/** A query to search, and how much its matches count against those of the query as typed. */
export interface QueryVariant {
  text: string;
  weight: number;
}

/** A match through a synonym counts a little less than one of the word typed; a word variant nearly as much. */
export const synonymWeight = 0.8;
export const variantWeight = 0.95;
/** At most this many queries are searched for one typed query. */
const maxVariants = 24;

interface Occurrence {
  start: number;
  end: number;
  alternatives: string[];
  weight: number;
}

/**
 * The query as typed (normalized), then the query with each vocabulary term it contains replaced
 * by each other term of its group: `綠電 目標` also searches `再生能源 目標`. Terms are found longest
 * first and do not overlap; a Latin term only as whole words. A short Chinese term also counts when
 * a question splits it with a few characters (種了多少棵樹 holds 種…樹, the vocabulary's 種樹, as
 * 用了多少水 holds 用水): the span is then searched as each term of the group, itself included.
 */
export function queryVariants(query: string, vocabulary: Vocabulary): QueryVariant[] {
  const text = normalizeText(query);
  const found: Occurrence[] = [];
  const scan = (groups: string[][], weight: number) => {
    for (const group of groups) {
      for (const term of group) {
        for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
          if (isWholeAt(text, at, term)) found.push({ start: at, end: at + term.length, alternatives: group.filter((other) => other !== term), weight });
        }
      }
    }
  };
  scan(vocabulary.variants, variantWeight);
  scan(vocabulary.synonyms, synonymWeight);
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  // Split terms come after every whole one, and only where no whole one stands.
  for (const group of vocabulary.synonyms) {
    for (const term of group) {
      const span = splitSpan(text, term);
      if (span) found.push({ ...span, alternatives: group, weight: synonymWeight });
    }
  }
  const chosen: Occurrence[] = [];
  for (const occurrence of found) {
    if (chosen.every((other) => occurrence.end <= other.start || occurrence.start >= other.end)) chosen.push(occurrence);
  }
  const variants: QueryVariant[] = [{ text, weight: 1 }];
  for (const { start, end, alternatives, weight } of chosen.sort((a, b) => a.start - b.start)) {
    for (const alternative of alternatives) {
      if (variants.length >= maxVariants) return variants;
      variants.push({ text: `${text.slice(0, start)} ${alternative} ${text.slice(end)}`.trim(), weight });
    }
  }
  return variants;
}

const latinWordChar = /[\p{L}\p{N}]/u;
const cjkChar = /[\p{Script=Han}]/u;
/** At most this many characters may split a term in a query (多少棵 in 種了多少棵樹). */
const maxSplit = 4;

/**
 * Where `text` holds a Chinese term of two to four characters split by other Chinese characters
 * (at most `maxSplit` in all, within one run): its first character to its last. Undefined when the
 * term stands whole or not at all.
 */
function splitSpan(text: string, term: string): { start: number; end: number } | undefined {
  if (term.length < 2 || term.length > 4 || ![...term].every((char) => cjkChar.test(char)) || text.includes(term)) return undefined;
  for (let start = text.indexOf(term[0]!); start !== -1; start = text.indexOf(term[0]!, start + 1)) {
    let at = start;
    let skipped = 0;
    for (const char of term.slice(1)) {
      let next = at + 1;
      while (next < text.length && text[next] !== char && cjkChar.test(text[next]!) && skipped < maxSplit) {
        next++;
        skipped++;
      }
      if (text[next] !== char) {
        at = -1;
        break;
      }
      at = next;
    }
    if (at !== -1 && skipped > 0) return { start, end: at + 1 };
  }
  return undefined;
}

/** A Latin term is matched only as whole words (`co2` is not in `co2e`); a Chinese one anywhere. */
function isWholeAt(text: string, at: number, term: string): boolean {
  if (cjkChar.test(term[0]!)) return true;
  const before = text[at - 1];
  const after = text[at + term.length];
  return !(before && latinWordChar.test(before) && !cjkChar.test(before)) && !(after && latinWordChar.test(after) && !cjkChar.test(after));
}
