import * as OpenCC from 'opencc-js';

/**
 * Traditional (Taiwan, with Taiwan phrases) → Simplified (mainland) conversion for the zh_CN site.
 * Each distinct string is converted once; the same strings recur across pages, menus and events.
 */
const toSimplifiedRaw = OpenCC.Converter({ from: 'twp', to: 'cn' });
const cache = new Map<string, string>();

/**
 * Words the Taiwan-phrase dictionary maps to the wrong mainland word for a report: 指標 (indicator)
 * would become 指针 (pointer). Written in Simplified before conversion, they pass through as they are.
 */
const reportWords: [string, string][] = [['指標', '指标']];

function convertPhrases(text: string): string {
  return toSimplifiedRaw(reportWords.reduce((result, [traditional, simplified]) => result.replaceAll(traditional, simplified), text));
}

export function toSimplified(text: string): string {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const converted = /[\u3400-\u9fff\uf900-\ufaff]/.test(text) ? convertPhrases(text) : text;
  cache.set(text, converted);
  return converted;
}

/** Every CJK character whose Simplified form differs, as [Traditional, Simplified], for site search. */
export function simplifiedCharacters(): [string, string][] {
  const pairs: [string, string][] = [];
  for (let code = 0x3400; code <= 0x9fff; code++) {
    const char = String.fromCodePoint(code);
    const simplified = toSimplifiedRaw(char);
    if (simplified !== char && [...simplified].length === 1) pairs.push([char, simplified]);
  }
  return pairs;
}

/**
 * Fields that name things rather than say things: ids, addresses, file names, style classes.
 * Their values are never converted, even if an editor put Chinese characters in them.
 */
export const nonTextKeys = new Set(['id', 'url', 'to', 'href', 'src', 'cover', 'file', 'class', 'key', 'link', 'target', 'triggerAction', 'type', 'category', 'date', 'language', 'code', 'iso', 'pinned']);

/** A deep copy of `value` with every text string converted to Simplified script. */
export function convertTexts<T>(value: T): T {
  const visit = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === 'string') {
      return key !== undefined && nonTextKeys.has(key) ? node : toSimplified(node);
    }
    if (Array.isArray(node)) return node.map((item) => visit(item, key));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, k)]));
    }
    return node;
  };
  return visit(value, undefined) as T;
}
