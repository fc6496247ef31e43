/**
 * The one tokenizer of site search, used when the build indexes pages and when the browser reads a
 * query, so both sides always cut text the same way.
 *
 * Chinese has no spaces between words, so a run of CJK characters becomes its overlapping bigrams
 * (環境保護 → 環境 境保 保護); a query matches a section when every bigram of the query is in it.
 * A one-character query (碳) is looked up as a prefix of the indexed tokens (see tokenizeForIndex).
 * Latin words and numbers are lowercased and kept whole, with the joiners that make codes
 * (GRI 305-1 → gri 305-1, 1.5 → 1.5) and without thousands separators (18,886 → 18886); English
 * words lose their common endings (recycled, recycling → recycl), so one form finds the others.
 * Text is NFKC-normalized first, so full-width ＧＲＩ３０５ reads as GRI305.
 */

const cjk = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
/** A letter or digit of a non-CJK word (so GRI 403職業 is `403` then `職業`, not one word). */
const wordChar = String.raw`(?:(?![${cjk}])[\p{L}\p{N}\p{M}])`;
/** A CJK run, or a word: letters and digits joined by - . / _ ' (not at the ends). */
const tokenPattern = new RegExp(String.raw`[${cjk}]+|${wordChar}+(?:[-./_'’]${wordChar}+)*`, 'gu');
const cjkRun = new RegExp(String.raw`^[${cjk}]`, 'u');
const thousands = /(\d),(?=\d{3}(?!\d))/g;

/** True for a token made of CJK characters (a bigram or a single character). */
export function isCjkToken(token: string): boolean {
  return cjkRun.test(token);
}

/** Normalized text: full-width forms folded, thousands separators dropped, Latin lowercased. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(thousands, '$1').toLowerCase();
}

/** Raw pieces of text: CJK runs and Latin/number words, in order. */
function pieces(text: string): string[] {
  return normalizeText(text).match(tokenPattern) ?? [];
}

/** The overlapping bigrams of a CJK run; a single character stays itself. */
export function bigrams(run: string): string[] {
  const tokens: string[] = [];
  const last = pushBigrams(tokens, run);
  return tokens.length || !last ? tokens : [last];
}

/**
 * Pushes the overlapping bigrams of a CJK run onto `tokens` and gives its last character. One loop
 * without lists in between, character by character as `[...run]` counts them (a character outside
 * the BMP is two units): the build tokenizes every section of every page.
 */
function pushBigrams(tokens: string[], run: string): string {
  let previous = '';
  for (let at = 0; at < run.length;) {
    const width = run.codePointAt(at)! > 0xffff ? 2 : 1;
    const char = width === 1 ? run[at]! : run.slice(at, at + 2);
    if (previous) tokens.push(previous + char);
    previous = char;
    at += width;
  }
  return previous;
}

/**
 * An English word without its plural, -ed, -ing and final -e endings (a few rules, not a full
 * stemmer): emissions → emission, recycled / recycles / recycling → recycl, policies → policy.
 * Codes and short words stay as they are. The index and queries both go through it.
 */
export function stem(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  let base = word;
  if (base.endsWith('ies') && base.length > 4) return `${base.slice(0, -3)}y`;
  if (base.endsWith('s') && !/(?:ss|us|is)$/.test(base)) base = base.slice(0, -1);
  if (base.length > 5 && base.endsWith('ing')) base = base.slice(0, -3);
  else if (base.length > 4 && base.endsWith('ed')) base = base.slice(0, -2);
  if (base.length > 4 && base.endsWith('e')) base = base.slice(0, -1);
  return base;
}

/**
 * Tokens of a text to index: every bigram of each CJK run and the run's last character, and every
 * word. With the last character, each character of a run starts some token, so a one-character
 * query finds every occurrence by prefix (碳 → 碳排, 碳足, and 碳 at the end of 減碳) while the index
 * stays far smaller than one holding every character alone.
 */
export function tokenizeForIndex(text: string): string[] {
  const tokens: string[] = [];
  for (const piece of pieces(text)) {
    if (isCjkToken(piece)) tokens.push(pushBigrams(tokens, piece));
    else tokens.push(stem(piece), ...partsOf(piece));
  }
  return tokens;
}

/** The parts of a joined word, so `zero` finds net-zero and `305` finds 305-1; decimals stay whole. */
function partsOf(word: string): string[] {
  const parts = word.split(/[-/_'’]/);
  return parts.length > 1 ? parts.filter((part) => part.length > 1 || /\d/.test(part)).map(stem) : [];
}

/**
 * Words of a question that say nothing about what is sought: `how much water do you recycle`
 * looks for water and recycling, `公司的再生能源目標是什麼` for 公司 and 再生能源目標. English ones
 * are dropped as words; Chinese ones split the run they stand in (query side only).
 */
const questionWords = new Set(
  'a an the of in on at to for and or is are was were be been do does did you your we our us how what which who whom why when where much many with by from about it its this that these those has have had can could i me my there any some'.split(
    ' ',
  ),
);
const chineseQuestionWords = /請問|请问|什麼|什么|怎麼|怎么|如何|哪些|哪裡|哪里|多少|有沒有|有没有|是否|貴公司|贵公司|你們|你们|我們|我们|嗎|吗|呢|的|是|了/g;

/**
 * Tokens of a query: bigrams of each CJK run (a one-character run stays itself), and every word,
 * without the question words above unless the query is nothing else.
 */
export function tokenizeQuery(query: string): string[] {
  const meaningful = queryTokens(withoutQuestionWords(query), true);
  return meaningful.length ? meaningful : queryTokens(query, false);
}

/** The query with its Chinese question words made spaces. */
export function withoutQuestionWords(query: string): string {
  return query.replace(chineseQuestionWords, ' ');
}

function queryTokens(query: string, dropQuestionWords: boolean): string[] {
  return pieces(query).flatMap((piece) => (isCjkToken(piece) ? bigrams(piece) : dropQuestionWords && questionWords.has(piece) ? [] : [stem(piece)]));
}
