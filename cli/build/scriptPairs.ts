import { simplifiedCharacters } from '../content/convert.ts';

/** Which script a locale's index is written in; only Chinese locales convert queries. */
export type IndexScript = 'traditional' | 'simplified' | 'other';

export function scriptOfLocale(iso: string): IndexScript {
  if (/^zh-Hant/.test(iso)) return 'traditional';
  if (/^zh-Hans/.test(iso)) return 'simplified';
  return 'other';
}

let allPairs: [string, string][] | undefined;

/** Makes the table of Traditional/Simplified character pairs (about 50 ms) ahead of use. */
export function prepareScriptPairs(): [string, string][] {
  return (allPairs ??= simplifiedCharacters());
}

/** Adds the CJK characters of a text (all that `scriptPairsFrom` looks up) to a count. */
export function countCharacters(counts: Map<string, number>, text: string): void {
  for (const char of text) if (char >= '\u3400') counts.set(char, (counts.get(char) ?? 0) + 1);
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
export function scriptPairsFrom(script: IndexScript, counts: Map<string, number>): string {
  if (script === 'other') return '';
  const chosen = new Map<string, string>();
  for (const [traditional, simplified] of prepareScriptPairs()) {
    if (script === 'simplified' && counts.has(simplified) && !counts.has(traditional)) chosen.set(traditional, simplified);
    if (script === 'traditional' && counts.has(traditional) && !counts.has(simplified)) {
      const current = chosen.get(simplified);
      if (!current || counts.get(traditional)! > counts.get(current)!) chosen.set(simplified, traditional);
    }
  }
  return [...chosen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([from, to]) => from + to).join('');
}
