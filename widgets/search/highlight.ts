import { convertQuery } from './engine.ts';
import { isCjkToken, normalizeText, withoutQuestionWords } from './tokenizer.ts';

/** A piece of a shown text, marked when it is part of a matched term. */
export interface TextPiece {
  text: string;
  hit: boolean;
}

/** How many characters of a section's text a result shows around its best match. */
const snippetLength = 120;
const latinWordChar = /[\p{L}\p{N}]/u;

/**
 * Marks every place a matched index term occurs (case-insensitive); a Latin term, which may be a
 * word's stem (recycl), is marked to the end of its word (recycling). With `words`, the query's
 * Chinese words of one or two characters, a lone marked pair of Chinese characters holding none of
 * them is left unmarked: 能源 alone in 能源管理 is only a piece of 再生能源, not a word searched.
 */
function marksOf(text: string, terms: string[], words?: string[]): boolean[] {
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    if (!term) continue;
    const latin = !isCjkToken(term);
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      let end = at + term.length;
      if (latin) while (end < text.length && latinWordChar.test(text[end]!)) end++;
      marked.fill(true, at, end);
    }
  }
  if (words) {
    for (let at = 0; at < text.length; at++) {
      if (!marked[at] || marked[at - 1]) continue;
      let end = at;
      while (end < text.length && marked[end]) end++;
      const stretch = lower.slice(at, end);
      if (end - at === 2 && isCjkToken(stretch) && !words.some((word) => stretch.includes(word))) marked.fill(false, at, end);
    }
  }
  return marked;
}

/** Splits a text into pieces, marking every place a matched index term occurs. */
export function highlight(text: string, terms: string[]): TextPiece[] {
  return piecesOf(text, marksOf(text, terms), 0, text.length);
}

/**
 * The part of a text around its best match, at most `length` characters, as marked pieces: the
 * window holding the most marked characters, with … where the text is cut. A text with no match
 * shows its beginning. `words` as for `marksOf`.
 */
export function snippet(text: string, terms: string[], words: string[], length = snippetLength): TextPiece[] {
  if (!text) return [];
  const marked = marksOf(text, terms, words);
  if (text.length <= length) return piecesOf(text, marked, 0, text.length);
  let count = 0;
  for (let i = 0; i < length; i++) if (marked[i]) count++;
  let best = count;
  let start = 0;
  for (let i = length; i < text.length; i++) {
    if (marked[i]) count++;
    if (marked[i - length]) count--;
    if (count > best) {
      best = count;
      start = i - length + 1;
    }
  }
  // A little of what comes before the first match, so the match reads in its sentence.
  if (best > 0) start = Math.max(0, Math.min(start, marked.indexOf(true, start) - 20));
  // Not in the middle of an English word.
  while (start > 0 && start < text.length && latinWordChar.test(text[start - 1]!) && latinWordChar.test(text[start]!) && !/\p{Script=Han}/u.test(text[start]!))
    start++;
  const end = Math.min(text.length, start + length);
  const pieces = piecesOf(text, marked, start, end);
  if (start > 0) pieces.unshift({ text: '…', hit: false });
  if (end < text.length) pieces.push({ text: '…', hit: false });
  return pieces;
}

function piecesOf(text: string, marked: boolean[], start: number, end: number): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (let i = start; i < end; i++) {
    const last = pieces.at(-1);
    if (last && last.hit === marked[i]) last.text += text[i];
    else pieces.push({ text: text[i]!, hit: marked[i]! });
  }
  return pieces;
}

/** The Chinese words of one or two characters in the queries searched (`words` of `marksOf`). */
export function shortWords(queries: string[]): string[] {
  return queries.flatMap((query) => normalizeText(withoutQuestionWords(query)).match(/\p{Script=Han}+/gu) ?? []).filter((run) => [...run].length <= 2);
}

/**
 * The query's Chinese runs of three characters or more, in the index's script: a page holding one
 * as written ranks before a page that has its bigrams only apart (shardedIndex.ts).
 */
export function phraseRuns(query: string, scriptPairs: string): string[] {
  return normalizeText(withoutQuestionWords(convertQuery(query, scriptPairs))).match(/\p{Script=Han}{3,}/gu) ?? [];
}
