import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../cli/build/load.ts';
import { validateContent } from '../../cli/build/validate.ts';
import { overlay, resolveLocales } from '../../cli/build/locales.ts';
import type { Article } from '../../cli/content/types.ts';
import { contentCopy, repoRoot } from '../helpers/site.ts';

const fixtures = join(repoRoot, 'tests/fixtures/precedence');

/** The sample content with one precedence fixture folder laid over it. */
function zhCnKiwi(fixture: string) {
  const dir = contentCopy();
  cpSync(join(fixtures, fixture), dir, { recursive: true });
  const model = resolveLocales(validateContent(loadContent(dir)));
  const zhCN = model.locales.find((locale) => locale.code === 'zh_CN')!;
  return { page: zhCN.documents.get('pages/kiwi.yaml')!.data as Article, origin: zhCN.origins.get('pages/kiwi.yaml') };
}

describe('locale precedence: zh_TW text → Simplified conversion → zh_CN editor override', () => {
  it('a zh_CN override beats the conversion, and only for the fields it sets', () => {
    const { page, origin } = zhCnKiwi('override-beats-conversion');
    expect(origin).toBe('overridden');
    expect(page.title).toBe('台东猕猴桃可持续合作');
    expect(page.description).toBe('与台东果农一起经营的永续农业计划。');
  });

  it('the conversion beats the zh_TW fallback where zh_CN has no file', () => {
    const { page, origin } = zhCnKiwi('conversion-beats-fallback');
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
  it('keeps link addresses and section ids as written', () => {
    const model = resolveLocales(validateContent(loadContent(contentCopy())));
    const [zhTW, zhCN] = ['zh_TW', 'zh_CN'].map((code) => model.locales.find((locale) => locale.code === code)!);
    const energy = (locale: typeof zhTW) => locale!.documents.get('focus/climate/energy.yaml')!.data as Article;
    expect(energy(zhCN).sections.map((section) => section.id)).toEqual(energy(zhTW).sections.map((section) => section.id));
    expect(zhCN!.menu.items.flatMap((item) => item.children ?? []).map((entry) => entry.to)).toEqual(zhTW!.menu.items.flatMap((item) => item.children ?? []).map((entry) => entry.to));
  });
});

describe('report words', () => {
  it('converts 指標 to 指标 (indicator), not 指针 (pointer)', async () => {
    const { toSimplified } = await import('../../cli/content/convert.ts');
    expect(toSimplified('績效指標與永續指標')).toBe('绩效指标与永续指标');
  });
});
