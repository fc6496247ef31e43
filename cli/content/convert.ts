import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { hashOf, readValue, saveValue, type TextFunction, type TextMemo } from '../cache.ts';

/**
 * Traditional (Taiwan, with Taiwan phrases) → Simplified (mainland) conversion for the zh_CN site.
 * Each distinct string is converted once; the same strings recur across pages, menus and events.
 */
const require = createRequire(import.meta.url);
// Its package.json is not exported; it lies two folders above the converter's file.
export const openccVersion = (JSON.parse(readFileSync(new URL('../../package.json', pathToFileURL(require.resolve('opencc-js/t2cn'))), 'utf8')) as { version: string }).version;

/**
 * Words the Taiwan-phrase dictionary maps to the wrong mainland word for a report: 指標 (indicator)
 * would become 指针 (pointer), 執行 (carry out) 运行 (run a program), 程序 (procedure) 进程 (a
 * process of an operating system). They are kept out of opencc's way and written in Simplified after it.
 */
const reportWords: [string, string][] = [
  ['指標', '指标'],
  ['執行', '执行'],
  ['程序', '程序'],
];

/**
 * opencc's converter, made on first use: loading its dictionaries and building its tables is most
 * of the cost of converting, and a build whose strings were all converted before never needs it.
 * `opencc-js/t2cn` holds only the Traditional→Simplified dictionaries (a tenth of the full package),
 * and converts exactly as the full package does.
 */
let converter: ((text: string) => string) | undefined;
function toSimplifiedRaw(text: string): string {
  const convert = (converter ??= (require('opencc-js/t2cn') as typeof import('opencc-js')).Converter({ from: 'twp', to: 'cn' }));
  return convert(text);
}

/** A report word stands in the text as a private-use mark while opencc converts it, then is written back. */
const mark = (index: number): string => String.fromCharCode(0xe000 + index);

function convertPhrases(text: string): string {
  const marked = reportWords.reduce((result, [traditional], index) => result.replaceAll(traditional, mark(index)), text);
  return reportWords.reduce((result, [, simplified], index) => result.replaceAll(mark(index), simplified), toSimplifiedRaw(marked));
}

/**
 * Conversions are kept in the build cache (cli/cache.ts) for the next build, under a key of
 * what they depend on: opencc's version and the report words; and by the build session, whose
 * `TextMemo` of this function `toSimplified` is given (cli/build/session.ts).
 */
const conversionKey = hashOf(openccVersion, reportWords);
export const simplifiedTexts: TextFunction = { name: 'simplified', key: () => conversionKey, make: convertPhrases };

const han = /[\u3400-\u9fff\uf900-\ufaff]/;

export function toSimplified(text: string, conversions: TextMemo): string {
  return han.test(text) ? conversions.get(text) : text;
}

/**
 * Every CJK character whose Simplified form differs, as [Traditional, Simplified], for site search.
 * Kept in the build cache: it depends on opencc's dictionaries only.
 */
export function simplifiedCharacters(): [string, string][] {
  const cached = readValue<[string, string][]>('script-pairs', conversionKey);
  if (cached) return cached;
  const pairs: [string, string][] = [];
  for (let code = 0x3400; code <= 0x9fff; code++) {
    const char = String.fromCodePoint(code);
    const simplified = toSimplifiedRaw(char);
    if (simplified !== char && [...simplified].length === 1) pairs.push([char, simplified]);
  }
  saveValue('script-pairs', conversionKey, pairs);
  return pairs;
}

/**
 * Fields that name things rather than say things: ids, addresses, file names, style classes.
 * Their values are never converted, even if an editor put Chinese characters in them.
 */
export const nonTextKeys = new Set(['id', 'url', 'to', 'href', 'src', 'cover', 'file', 'class', 'key', 'link', 'target', 'triggerAction', 'type', 'category', 'date', 'language', 'code', 'iso', 'pinned']);

/** A deep copy of `value` with every text string converted to Simplified script, through `conversions` (of `simplifiedTexts`). */
export function convertTexts<T>(value: T, conversions: TextMemo): T {
  const visit = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === 'string') {
      return key !== undefined && nonTextKeys.has(key) ? node : toSimplified(node, conversions);
    }
    if (Array.isArray(node)) return node.map((item) => visit(item, key));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, k)]));
    }
    return node;
  };
  return visit(value, undefined) as T;
}
