import twPhrases from 'opencc-js/dict/TWPhrases';
import type { TextMemo } from '../../cache.ts';
import { simplifiedCharacters, toSimplified } from '../../content/convert.ts';
import { once } from '../../once.ts';
import type { Synonyms, SynonymsGroup } from '../../../schemas/types.ts';
import { normalizeText } from '../../../widgets/search/tokenizer.ts';
import type { Vocabulary } from '../../../widgets/search/vocabulary.ts';

/** Which script a locale's index is written in; only Chinese locales convert queries. */
export type IndexScript = 'traditional' | 'simplified' | 'other';

export function scriptOfLocale(iso: string): IndexScript {
  if (/^zh-Hant/.test(iso)) return 'traditional';
  if (/^zh-Hans/.test(iso)) return 'simplified';
  return 'other';
}

/** Makes the table of Traditional/Simplified character pairs (about 50 ms) ahead of use: OpenCC's alone, made once. */
export const prepareScriptPairs = once(simplifiedCharacters);

/**
 * How often each character occurs in an index's text, for `scriptPairsFrom`. Characters of the
 * Basic Multilingual Plane are counted in an array by their code, the rest in a map: every
 * character of every section is counted, and a map update each took a tenth of the search
 * thread's time.
 */
export class CharacterCounts {
  private readonly basic = new Uint32Array(0x10000);
  private readonly astral = new Map<string, number>();

  /** Counts the characters of `text` (or, `by` -1, takes them back). */
  add(text: string, by = 1): void {
    const { basic, astral } = this;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        const char = text.slice(i, i + 2);
        astral.set(char, (astral.get(char) ?? 0) + by);
        i++;
      } else {
        basic[code]! += by;
      }
    }
  }

  of(char: string): number {
    return char.length === 1 ? this.basic[char.charCodeAt(0)]! : (this.astral.get(char) ?? 0);
  }
}

/**
 * The query conversion a locale's search page needs, made from the index's own characters: a
 * visitor may type 环境 on the Traditional site or 環境 on the Simplified one. Instead of shipping
 * opencc's dictionaries to the browser (its Simplified→Traditional bundle is over a megabyte), the
 * build lists only the characters that can matter: those whose counterpart occurs in the index and
 * that do not occur there themselves. Where several Traditional characters share one Simplified
 * form (發, 髮 → 发), the one the index uses most wins.
 *
 * `counts` holds the index's characters, gathered as its documents were added.
 */
export function scriptPairsFrom(script: IndexScript, counts: CharacterCounts): string {
  if (script === 'other') return '';
  const chosen = new Map<string, string>();
  for (const [traditional, simplified] of prepareScriptPairs()) {
    if (script === 'simplified' && counts.of(simplified) && !counts.of(traditional)) chosen.set(traditional, simplified);
    if (script === 'traditional' && counts.of(traditional) && !counts.of(simplified)) {
      const current = chosen.get(simplified);
      if (!current || counts.of(traditional) > counts.of(current)) chosen.set(simplified, traditional);
    }
  }
  return [...chosen]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([from, to]) => from + to)
    .join('');
}

/**
 * content/synonyms.yaml in a locale's words, normalized as queries are: its Chinese terms for a
 * Chinese locale (converted to Simplified as the zh_CN pages are, in the locales stage, so the
 * conversions are kept with the content's), its English terms otherwise; the word variants as
 * written (Taiwan word first, Traditional characters: `wordVariants` puts them in the index's script).
 */
export function localeVocabulary(synonyms: Synonyms | undefined, script: IndexScript, conversions: TextMemo): Vocabulary {
  const words = (group: SynonymsGroup) =>
    script === 'other' ? group.en : script === 'simplified' ? group.zh.map((word) => toSimplified(word, conversions)) : group.zh;
  return {
    synonyms: (synonyms?.groups ?? []).map((group) => [...new Set(words(group).map(normalizeText))]),
    variants: script === 'other' ? [] : (synonyms?.variants ?? []).map((pair) => pair.map(normalizeText)),
  };
}

/**
 * The Taiwan and mainland words for one thing (資訊 / 信息, 軟體 / 軟件), as the locale's index
 * writes them: OpenCC's Taiwan phrase table and the pairs of content/synonyms.yaml (`extra`, Taiwan
 * word first, both in Traditional characters), in Traditional characters for a Traditional index and
 * Simplified ones for a Simplified index. The index writer keeps only those it holds a word of.
 */
export function wordVariants(script: IndexScript, extra: string[][]): string[][] {
  if (script === 'other') return [];
  const pairs = [...extra, ...twPhrases.split('|').map((line) => line.split(' ').reverse())].filter((pair) => pair.length === 2 && pair[0] !== pair[1]);
  if (script === 'traditional') return pairs;
  const simplified = new Map(prepareScriptPairs());
  const toSimplified = (word: string) => [...word].map((char) => simplified.get(char) ?? char).join('');
  return pairs.map((pair) => pair.map(toSimplified)).filter((pair) => pair[0] !== pair[1]);
}
