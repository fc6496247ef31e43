import type { Vocabulary } from './vocabulary.ts';

const cjkChar = /[\p{Script=Han}]/u;

/**
 * Terms to offer when a query finds nothing: the report's wording (each group's first term) of the
 * groups whose terms share the most characters (Chinese) or word beginnings (Latin) with the query.
 */
export function closestTerms(query: string, vocabulary: Vocabulary, count = 6): string[] {
  const text = query.normalize('NFKC').toLowerCase();
  const characters = new Set([...text].filter((char) => cjkChar.test(char)));
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 2 && !cjkChar.test(word));
  const likeness = (term: string) => {
    let shared = 0;
    for (const char of new Set(term)) if (characters.has(char)) shared++;
    for (const word of words) if (term.split(' ').some((part) => part.startsWith(word.slice(0, 4)))) shared += 2;
    return shared;
  };
  const scored = vocabulary.synonyms
    .map((group) => ({ term: group[0]!, score: Math.max(...group.map(likeness)) }))
    .filter((entry) => entry.score > 0 && entry.term !== text)
    .sort((a, b) => b.score - a.score);
  return [...new Set(scored.map((entry) => entry.term))].slice(0, count);
}
