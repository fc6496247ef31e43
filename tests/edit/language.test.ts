import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { editorLanguage } from '../../schemas/editApi.ts';
import { call, editorInBrowser, openEditorPage } from './editor.ts';

// The report team writes Traditional Chinese: the editor speaks it by default, English to a
// browser that prefers English, and either on the writer's choice, kept for the next visit.

describe('the editor’s language', () => {
  it('is the writer’s choice, else the browser’s first Chinese (Simplified for the mainland’s) or English language, else Traditional Chinese', () => {
    expect(editorLanguage(undefined, 'zh-TW,zh;q=0.9,en-US;q=0.8')).toBe('zh_TW');
    expect(editorLanguage(undefined, 'en-US,en;q=0.9,zh-TW;q=0.8')).toBe('en');
    expect(editorLanguage(undefined, 'fr-FR,en;q=0.5,zh;q=0.7')).toBe('zh_TW');
    expect(editorLanguage(undefined, 'fr-FR,en;q=0.7,zh;q=0.5')).toBe('en');
    expect(editorLanguage(undefined, 'zh-CN')).toBe('zh_CN');
    expect(editorLanguage(undefined, 'zh-Hans-SG,en;q=0.5')).toBe('zh_CN');
    expect(editorLanguage(undefined, 'zh-HK,zh-CN;q=0.5')).toBe('zh_TW');
    expect(editorLanguage('esg-edit-lang=zh_CN', 'zh-TW')).toBe('zh_CN');
    expect(editorLanguage(undefined, undefined)).toBe('zh_TW');
    expect(editorLanguage('other=1; esg-edit-lang=en', 'zh-TW')).toBe('en');
    expect(editorLanguage('esg-edit-lang=zh_TW', 'en-US')).toBe('zh_TW');
    expect(editorLanguage('esg-edit-lang=fr', 'en-US')).toBe('en');
  });
});

const setup = editorInBrowser();
const focusPage = 'zh_TW/focus/care/empowerment.yaml';

/** The editor in a browser whose language is `locale`, on the focus page's form. */
const openAs = (locale: string) => openEditorPage(setup, { locale, path: focusPage, expected: 'status of 422' });

describe('esg edit in a zh-TW browser', { timeout: 120_000 }, () => {
  it('serves the page in the language the request asks for', async () => {
    const page = (accept: string) => call(setup.editor, '/', { headers: { 'Accept-Language': accept } });
    expect((await page('zh-TW,zh;q=0.9')).text).toContain('<html lang="zh-Hant-TW">');
    expect((await page('en-GB,en;q=0.9')).text).toContain('<html lang="en">');
    expect((await call(setup.editor, '/', { headers: { 'Accept-Language': 'zh-TW', Cookie: 'esg-edit-lang=en' } })).text).toContain('<html lang="en">');
  });

  it('shows the interface, the form’s fields and a refused save’s problem in Traditional Chinese, with its code', async () => {
    const before = readFileSync(join(setup.content, focusPage));
    const { page, errors } = await openAs('zh-TW');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant-TW');
    await expect(page.locator('h1').textContent()).resolves.toBe('報告書內容編輯');
    await expect(page.getByRole('navigation', { name: '內容檔案' }).isVisible()).resolves.toBe(true);
    // A translation's state in words: no locale codes.
    const files = page.getByRole('navigation', { name: '內容檔案' });
    await expect(files.locator('.badge.missing').first().textContent()).resolves.toBe('英文版尚未建立');
    await expect(files.locator('.badge.converted').first().textContent()).resolves.toBe('簡體版自動轉換');
    expect(await files.textContent()).not.toMatch(/en 缺少|zh_CN 自動轉換/);
    // A field's title comes from its schema's x-zh_TW words.
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/article.schema.json'), 'utf8')) as {
      properties: Record<string, { title: string; 'x-zh_TW': { title: string } }>;
    };
    const kicker = schema.properties.kicker!;
    await expect(page.locator('label[for="root_kicker"]').textContent()).resolves.toBe(kicker['x-zh_TW'].title);
    await page.locator('#root_sections_0_id').fill('Not an id!');
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    const problems = page.locator('.problems');
    await problems.waitFor({ timeout: 30_000 });
    const text = await problems.textContent();
    expect(text).toMatch(/^未儲存：有 1 個問題/);
    // The problem is a sentence about the field by its title; the file, line, code and key are in the small line under it.
    const item = problems.locator('li').first();
    const sentence = await item.evaluate((li) =>
      [...li.childNodes]
        .filter((node) => !(node instanceof Element && node.matches('.problem-place')))
        .map((node) => node.textContent)
        .join(''),
    );
    expect(sentence).toMatch(/^「章節 1 › 章節 ID」[\u4e00-\u9fff]/);
    expect(sentence).not.toContain('sections');
    expect(sentence).not.toContain('ESG');
    await expect(item.locator('.problem-place').textContent()).resolves.toMatch(/^zh_TW\/focus\/care\/empowerment\.yaml:\d+ · ESG2\d{3} · sections\[0\]\.id$/);
    expect(sentence).toContain('章節的錨點');
    expect(readFileSync(join(setup.content, focusPage)).equals(before)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('names an event’s category by the site’s words for it, in the form and in the new-event form, writes its day as the team does, and helps without developers’ words', async () => {
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-TW', path: 'zh_TW/events/2025-beach-cleanup.md' });
    const options = (select: Locator) => select.locator('option').allTextContents();
    const category = page.locator('#root_category');
    await expect(options(category)).resolves.toEqual(['', '公司治理', '環境永續', '社會關懷', '員工照顧', '供應鏈管理']);
    await expect(category.locator('option:checked').textContent()).resolves.toBe('環境永續');
    // The day in the team's format, whatever the browser's own, and written out to check.
    await expect(page.locator('#root_date').inputValue()).resolves.toBe('2025/06/07');
    await expect(page.locator('#root_date-day').textContent()).resolves.toBe('2025年6月7日 星期六');
    // The help under the fields speaks of the page, not of the file format or the build.
    const developerWords = /front matter|前置資料|Markdown|content\/assets|AVIF|WebP|YYYY|`/;
    const help = () => page.locator('.field-description').allTextContents();
    expect((await help()).join('\n')).not.toMatch(developerWords);
    await page.getByRole('button', { name: '新增活動' }).click();
    const made = page.getByRole('form', { name: '新增活動' }).getByLabel('類別');
    await expect.poll(() => options(made)).toEqual(['請選擇…', '公司治理', '環境永續', '社會關懷', '員工照顧', '供應鏈管理']);
    await page.getByRole('form', { name: '新增活動' }).getByRole('button', { name: '取消' }).click();
    await page.getByRole('group', { name: '介面語言' }).getByRole('button', { name: 'English' }).click();
    await expect(category.locator('option:checked').textContent()).resolves.toBe('Environment');
    expect((await help()).join('\n')).not.toMatch(developerWords);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('finds a file by its title and by the words of its story, listed by its title', async () => {
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-TW' });
    const files = page.getByRole('navigation', { name: '內容檔案' });
    const search = files.getByRole('searchbox', { name: '以標題或內文搜尋檔案' });
    await search.fill('淨灘');
    const event = files.getByRole('button', { name: /^世界海洋日旗津淨灘/ });
    await event.waitFor({ timeout: 20_000 });
    await expect(event.locator('.path').textContent()).resolves.toBe('zh_TW/events/2025-beach-cleanup.md');
    // Words only its story has (not its title, nor its path): the event is found, with those words shown.
    await search.fill('保麗龍比例');
    await files.locator('.excerpt', { hasText: '保麗龍比例' }).waitFor({ timeout: 20_000 });
    await expect(files.getByRole('button').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^世界海洋日旗津淨灘zh_TW\/events\/2025-beach-cleanup\.md…[^]*保麗龍比例/),
    ]);
    await search.fill('');
    await expect.poll(() => files.locator('button.file').count()).toBeGreaterThan(50);
    // A file without a title of its own is named by what it holds, not by its file name.
    const registry = files.locator('button.file', { has: page.locator('.path', { hasText: /^metrics\.yaml$/ }) });
    await expect(registry.locator('.name').textContent()).resolves.toBe('ESG 指標與數據');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on a 390 px phone, folds the file list away from an open file and gives the new-event form the screen’s width', async () => {
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-TW', width: 390, path: 'zh_TW/events/2025-safety-week.md' });
    const files = page.getByRole('navigation', { name: '內容檔案' });
    // The form, not the list, is on the first screen.
    await expect(files.isVisible()).resolves.toBe(false);
    expect((await page.locator('#root_title').boundingBox())!.y).toBeLessThan(900);
    await page.getByRole('button', { name: '顯示檔案清單' }).click();
    await expect(files.isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: '新增活動' }).click();
    const form = page.getByRole('form', { name: '新增活動' });
    await expect(files.isVisible()).resolves.toBe(false);
    const box = (await form.boundingBox())!;
    expect(box.width).toBeGreaterThan(330);
    expect(box.y).toBeLessThan(200);
    // Choosing a file from the list closes the form and folds the list again.
    await page.getByRole('button', { name: '顯示檔案清單' }).click();
    await files.getByRole('searchbox').fill('淨灘');
    await files.getByRole('button', { name: /^世界海洋日旗津淨灘/ }).click();
    await page.locator('.editor-bar h2', { hasText: 'zh_TW/events/2025-beach-cleanup.md' }).waitFor({ timeout: 30_000 });
    await expect(form.count()).resolves.toBe(0);
    await expect(files.isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('speaks Simplified Chinese to a mainland browser: the interface, the form, a category, a search and a refused save’s problem', async () => {
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-CN', path: 'zh_TW/events/2025-beach-cleanup.md', expected: 'status of 422' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans-CN');
    await expect(page.locator('h1').textContent()).resolves.toBe('报告书内容编辑');
    await expect(page.locator('label[for="root_title"]').textContent()).resolves.toMatch(/^活动标题/);
    await expect(page.locator('#root_category option:checked').textContent()).resolves.toBe('环境永续');
    await expect(page.locator('#root_date-day').textContent()).resolves.toBe('2025年6月7日星期六');
    await page.locator('#root_title').fill('');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const problems = page.locator('.problems');
    await problems.waitFor({ timeout: 30_000 });
    await expect(problems.locator('p').first().textContent()).resolves.toBe('未保存：有 1 个问题，文件未写入。');
    await expect(problems.locator('li').first().textContent()).resolves.toMatch(/^「活动标题」是必填字段/);
    // A word typed in Simplified finds the Traditional text.
    const files = page.getByRole('navigation', { name: '内容文件' });
    await files.getByRole('searchbox').fill('保丽龙比例');
    await files.locator('.excerpt', { hasText: '保丽龙比例' }).waitFor({ timeout: 20_000 });
    await expect(files.getByRole('button').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^世界海洋日旗津淨灘zh_TW\/events\/2025-beach-cleanup\.md/),
    ]);
    await page.getByRole('group', { name: '界面语言' }).getByRole('button', { name: '繁體中文' }).click();
    await expect(problems.locator('li').first().textContent()).resolves.toMatch(/^「活動標題」是必填欄位/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches to English and back, the page’s lang following, and keeps the choice for the next visit', async () => {
    const { page, errors } = await openAs('zh-TW');
    await page.getByRole('group', { name: '介面語言' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Save', exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect(page.locator('label[for="root_kicker"]').textContent()).resolves.toBe('Eyebrow');
    await page.reload();
    await page.locator('main form').first().waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect(page.locator('h1').textContent()).resolves.toBe('esg edit');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '繁體中文' }).click();
    await expect(page.getByRole('button', { name: '儲存', exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant-TW');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('speaks English to a browser that prefers it, a refused save’s problem included', async () => {
    const { page, errors } = await openAs('en-US');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.locator('#root_sections_0_id').fill('Not an id!');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const problems = page.locator('.problems');
    await problems.waitFor({ timeout: 30_000 });
    await expect(problems.textContent()).resolves.toMatch(/^Not saved: 1 problem\. .*is not a valid section id/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
