import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { violations } from '../helpers/axe.ts';
import { editorInBrowser, openEditorPage } from './editor.ts';

// The editor is a tool people use all day: axe-core finds nothing on its views in either
// language at a phone's width and two desktop widths, and a writer can do the work by keyboard.

const setup = editorInBrowser();
const focusPage = 'zh_TW/focus/care/empowerment.yaml';

const open = async (locale: string, width: number, path?: string) => (await openEditorPage(setup, { locale, width, path })).page;

/** The page scrolls sideways by this many pixels (0: it fits its width). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('esg edit: accessibility', { timeout: 120_000 }, () => {
  it.each([
    ['zh-TW', 390],
    ['zh-TW', 1280],
    ['en-US', 1440],
  ])('has no axe violation on the file list, a form, the figure picker and a conflict (%s, %i px)', async (locale, width) => {
    const list = await open(locale, width);
    expect(await violations(list)).toEqual([]);
    await list.context().close();

    const page = await open(locale, width, focusPage);
    expect(await violations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.locator('#root_lead').focus();
    await page.keyboard.press('Alt+Shift+F');
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    await page.keyboard.type('water');
    await picker.getByRole('radio').first().check();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });

    // Another writer saves first: the conflict view.
    const path = join(setup.content, focusPage);
    const other = await (await setup.browser.newContext({ locale })).newPage();
    await other.goto(setup.editor.url);
    const etag = (await other.request.get(`${setup.editor.origin}/api/files/${focusPage}`)).headers().etag!;
    const data = (await (await other.request.get(`${setup.editor.origin}/api/files/${focusPage}`)).json()) as { data: { kicker: string } };
    const saved = await other.request.put(`${setup.editor.origin}/api/files/${focusPage}`, {
      headers: { 'If-Match': etag, Origin: setup.editor.origin },
      data: { data: { ...data.data, kicker: `${data.data.kicker}（${width}）` } },
    });
    expect(saved.status()).toBe(200);
    await other.context().close();
    await page.locator('#root_lead').fill(`${width}`);
    await page.locator('button.save').first().click();
    await page.locator('.conflict .conflict-fields').waitFor({ timeout: 30_000 });
    expect(await violations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain(`（${width}）`);
    await page.context().close();
  });

  it.each([
    ['zh-TW', 390, '圖片與檔案', '選擇或上傳…'],
    ['zh-TW', 1280, '圖片與檔案', '選擇或上傳…'],
    ['en-US', 1440, 'Pictures and files', 'Choose or upload…'],
  ])('has no axe violation on the media view and the media picker (%s, %i px)', async (locale, width, media, choose) => {
    const page = await open(locale, width);
    await page.getByRole('button', { name: media }).click();
    await page.locator('.media-card').first().waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.context().close();

    const event = await open(locale, width, 'zh_TW/events/2024-tree-planting.md');
    await event.getByRole('button', { name: choose }).first().click();
    const picker = event.getByRole('dialog');
    await picker.locator('.media-card').first().waitFor();
    expect(await violations(event)).toEqual([]);
    // The second step: the chosen picture and its description.
    await picker.locator('.media-card button').first().click();
    await picker.locator('textarea').waitFor();
    expect(await violations(event)).toEqual([]);
    expect(await overflow(event)).toBe(0);
    await event.context().close();
  });

  it('lets a writer find a file, edit it, insert a figure and save by keyboard alone, focus always visible', async () => {
    const page = await open('zh-TW', 1280);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const outline = getComputedStyle(element).outlineStyle;
        return { id: element.id, text: element.textContent?.trim().slice(0, 40), visible: element.matches(':focus-visible') && outline !== 'none' };
      });
    await page.getByRole('searchbox', { name: '搜尋檔案' }).focus();
    await page.keyboard.type('empowerment');
    // Tab to the one file the search leaves, and open it.
    for (let step = 0; step < 10 && !(await focused()).text?.includes('empowerment'); step++) await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: expect.stringContaining('empowerment'), visible: true });
    await page.keyboard.press('Enter');
    await page.locator('#root_kicker').waitFor({ timeout: 60_000 });
    for (let step = 0; step < 40 && (await focused()).id !== 'root_kicker'; step++) await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ id: 'root_kicker', visible: true });
    await page.keyboard.press('End');
    await page.keyboard.type('（鍵盤）');
    await page.keyboard.press('Tab');
    // The field's figure button comes right after it.
    expect(await focused()).toMatchObject({ text: '插入數字', visible: true });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: '插入數字' }).waitFor();
    await page.keyboard.type('ghg-scope1');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    for (let step = 0; step < 10 && (await focused()).text !== '插入'; step++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#root_kicker').inputValue()).toMatch(/（鍵盤）\{\{ghg-scope1 2024\}\}$/);
    expect((await focused()).id).toBe('root_kicker');
    await page.keyboard.press('Shift+Tab');
    for (let step = 0; step < 60 && (await focused()).text !== '儲存'; step++) await page.keyboard.press('Shift+Tab');
    expect(await focused()).toMatchObject({ text: '儲存', visible: true });
    await page.keyboard.press('Enter');
    await page.locator('.status.saved').waitFor({ timeout: 30_000 });
    expect(readFileSync(join(setup.content, focusPage), 'utf8')).toMatch(/（鍵盤）\{\{ghg-scope1 2024\}\}/);
    await page.context().close();
  });
});
