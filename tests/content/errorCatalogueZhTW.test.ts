import { describe, expect, it } from 'vitest';
import { errors, type ErrorName } from '../../cli/errorCatalogue.ts';
import { errorsZhTW } from '../../cli/errorCatalogue.zh_TW.ts';

/** An entry's wording, called with arguments of any type: each entry types its own. */
interface Worded {
  title: string;
  message: (...args: unknown[]) => string;
  hint?: (...args: unknown[]) => string | undefined;
}

const names = Object.keys(errors) as ErrorName[];
const english = (name: ErrorName) => errors[name] as unknown as Worded & { code: string; example: unknown[] };
const chinese = (name: ErrorName) => errorsZhTW[name] as unknown as Worded;

/** A CJK ideograph (U+4E00–U+9FFF): the text is written in Chinese, not left in English. */
const cjk = /[\u4e00-\u9fff]/;

/**
 * Characters written only in Simplified Chinese (Traditional: 這 個 們 為 數 據 資 訊 網 頁 設 選 項
 * 標 題 說 時 間 圖 鏈 檔 檢 錯 誤 …). 明, 接 and 查 are not here: Traditional writes them too
 * (說明, 連接埠, 檢查).
 */
const simplifiedOnly = [...'这个们为数据资讯网页设选项标题说时间图链档检错误发读写书与无应对请输将还线计单则块报务级录译码库启关动开机变条简汉语样载双组'];

/** The strings of an example's arguments, those inside a list among them. */
const stringsOf = (args: unknown[]): string[] => args.flatMap((arg) => (typeof arg === 'string' ? [arg] : Array.isArray(arg) ? stringsOf(arg) : []));

describe('the error catalogue in Traditional Chinese', () => {
  it('translates every entry of the English catalogue, and nothing else', () => {
    expect(Object.keys(errorsZhTW).sort()).toEqual([...names].sort());
  });

  it.each(names.map((name) => [english(name).code, name] as const))('%s (%s): words its example in Traditional Chinese', (code, name) => {
    const en = english(name);
    const zh = chinese(name);
    const message = zh.message(...en.example);
    const hint = zh.hint?.(...en.example);
    const englishMessage = en.message(...en.example);
    const englishHint = en.hint?.(...en.example);

    expect(zh.title, `${code} title`).toMatch(cjk);
    expect(message, `${code} message`).toMatch(cjk);
    expect(hint !== undefined, `${code}: a hint exactly when the English entry gives one`).toBe(englishHint !== undefined);
    if (hint !== undefined) expect(hint, `${code} hint`).toMatch(cjk);

    // A value the English message quotes from its arguments (an id, a path, a figure's text) is shown as it is.
    const shown = `${message}\n${hint ?? ''}`;
    for (const value of stringsOf(en.example).filter((value) => value !== '' && englishMessage.includes(value))) {
      expect(shown, `${code} keeps ${JSON.stringify(value)}`).toContain(value);
    }
    for (const text of [zh.title, message, hint ?? '']) {
      const found = simplifiedOnly.filter((character) => text.includes(character));
      expect(found, `${code}: Simplified characters in ${JSON.stringify(text)}`).toEqual([]);
    }
  });

  it('gives or leaves out a hint as the English entry does, for other arguments than the example', () => {
    const cases: [ErrorName, unknown[]][] = [
      ['requiredField', ['The day of the event, as YYYY-MM-DD.']],
      ['notAllowedValue', [['a', 'b'], 'One of the categories.']],
      ['notUtf8', [undefined, undefined, 'content/zh_TW/site.yaml']],
      ['brokenBuiltLink', ['/zh_TW/about', '/zh_TW/nowhere', '404', true]],
      ['targetUnit', ['water-reduction-target', 'm3-10k', 'm3', false]],
      ['missingSection', ['focus399', '/focus/climate/energy', 'content/zh_TW/focus/climate/energy.yaml', [], []]],
    ];
    for (const [name, args] of cases) {
      const hint = chinese(name).hint?.(...args);
      expect(hint !== undefined, errors[name].code).toBe(english(name).hint?.(...args) !== undefined);
      expect(chinese(name).message(...args), errors[name].code).toMatch(cjk);
    }
  });

  it('words each kind of quiz question, and cuts a long list after a dozen items with how many there are', () => {
    expect(chinese('wrongOptionCount').message('a')).toBe('題型 a 的題目，選項必須正好是 "true" 與 "false"');
    expect(chinese('wrongOptionCount').message('c')).toBe('題型 c 的題目須有三個選項');
    const ids = Array.from({ length: 448 }, (_, i) => `m${i + 1}`);
    expect(chinese('unknownField').hint?.(ids)).toBe('這裡可用的欄位：m1、m2、m3、m4、m5、m6、m7、m8、m9、m10、m11、m12 等 448 項');
  });

  it('hides the password of a database address, as the English message does', () => {
    const url = 'mysql://esg:secret@db.example.org/forms';
    expect(chinese('badDatabaseUrl').message(url)).not.toContain('secret');
    expect(chinese('badDatabaseUrl').message(url)).toContain('mysql://esg:***@db.example.org/forms');
  });
});
