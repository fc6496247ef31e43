import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../cli/build/index.ts';
import { documentOf, overlay, type LocaleModel } from '../../cli/build/model/site.ts';
import { contentCopy, repoRoot } from '../helpers/site.ts';

const fixtures = join(repoRoot, 'tests/fixtures/precedence');

/** The sample content with one precedence fixture folder laid over it. */
async function zhCnKiwi(fixture: string) {
  const dir = contentCopy();
  cpSync(join(fixtures, fixture), dir, { recursive: true });
  const { model } = await validate(dir, { verbose: false });
  const zhCN = model.locales.find((locale) => locale.code === 'zh_CN')!;
  return { page: documentOf(zhCN, 'pages/kiwi.yaml', 'article')!.data, origin: zhCN.origins.get('pages/kiwi.yaml') };
}

describe('locale precedence: zh_TW text → Simplified conversion → zh_CN editor override', () => {
  it('a zh_CN override beats the conversion, and only for the fields it sets', async () => {
    const { page, origin } = await zhCnKiwi('override-beats-conversion');
    expect(origin).toBe('overridden');
    expect(page.title).toBe('台东猕猴桃可持续合作');
    expect(page.description).toBe('与台东果农一起经营的永续农业计划。');
  });

  it('the conversion beats the zh_TW fallback where zh_CN has no file', async () => {
    const { page, origin } = await zhCnKiwi('conversion-beats-fallback');
    expect(origin).toBe('converted');
    expect(page.title).toBe('台东奇异果永续契作');
    expect(page.sections[0]!.blocks[0]).toEqual({ type: 'text', text: '我们与果农签订长期契作，让环境与生计一起永续。' });
  });

  it('each rule has its own fixture folder', () => {
    expect(readdirSync(fixtures).sort()).toEqual(['conversion-beats-fallback', 'override-beats-conversion']);
  });
});

describe('overlay', () => {
  it('merges objects key by key and replaces lists whole', () => {
    expect(overlay({ a: 1, b: { c: 2, d: 3 }, list: [1, 2] }, { b: { d: 4 }, list: [9] })).toEqual({ a: 1, b: { c: 2, d: 4 }, list: [9] });
  });
});

describe('conversion never touches ids, addresses or file names', () => {
  it('keeps link addresses and section ids as written', async () => {
    const { model } = await validate(contentCopy(), { verbose: false });
    const [zhTW, zhCN] = ['zh_TW', 'zh_CN'].map((code) => model.locales.find((locale) => locale.code === code)!);
    const energy = (locale: LocaleModel) => documentOf(locale, 'focus/climate/energy.yaml', 'article')!.data;
    const menuTargets = (locale: LocaleModel) =>
      documentOf(locale, 'menu.yaml', 'menu')!
        .data.items.flatMap((item) => item.children ?? [])
        .map((entry) => entry.to);
    expect(energy(zhCN!).sections.map((section) => section.id)).toEqual(energy(zhTW!).sections.map((section) => section.id));
    expect(menuTargets(zhCN!)).toEqual(menuTargets(zhTW!));
  });
});

describe('report words', () => {
  it('converts 指標 to 指标 (indicator), not 指针 (pointer)', async () => {
    const { simplifiedTexts, toSimplified } = await import('../../cli/content/convert.ts');
    const { TextMemo } = await import('../../cli/cache.ts');
    expect(toSimplified('績效指標與永續指標', new TextMemo(simplifiedTexts))).toBe('绩效指标与永续指标');
  });

  it('keeps 執行 (carry out) and 程序 (procedure) as an assurance report says them, not 运行 and 进程', async () => {
    const { simplifiedTexts, toSimplified } = await import('../../cli/content/convert.ts');
    const { TextMemo } = await import('../../cli/cache.ts');
    expect(toSimplified('本事務所執行之程序包括訪談', new TextMemo(simplifiedTexts))).toBe('本事务所执行之程序包括访谈');
  });
});
