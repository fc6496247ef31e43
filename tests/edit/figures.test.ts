import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorInBrowser, openEditorPage } from './editor.ts';

// Figures are picked, not typed: a writer finds a metric by its name, id or GRI code, chooses the
// year and the unit form, and the reference goes where the cursor was; every reference of a field
// is shown as the page writes it, and a mistyped one is marked with the ids it may have meant.

const setup = editorInBrowser();
const event = 'zh_TW/events/2023-beach-cleanup.md';

const openAs = (locale: string, path: string) => openEditorPage(setup, { locale, path });

describe('the figure picker', { timeout: 120_000 }, () => {
  it('inserts a figure chosen by its Chinese name into an event’s summary, by keyboard alone, and the built page shows it', async () => {
    const { page, errors } = await openAs('zh-TW', event);
    const summary = page.locator('#root_summary');
    await summary.focus();
    await summary.press('Control+End');
    await summary.press('Alt+Shift+F');
    const picker = page.getByRole('dialog', { name: '插入數字' });
    await picker.waitFor();
    await page.keyboard.type('範疇一溫室');
    const choice = picker.getByRole('radio', { name: /^範疇一溫室氣體排放量 ghg-scope1 · GRI 305-1$/ });
    await choice.focus();
    await page.keyboard.press('Space');
    await expect(picker.getByRole('combobox', { name: '年度' }).inputValue()).resolves.toBe('2024');
    await picker.getByRole('checkbox', { name: '附單位' }).check();
    await expect(picker.locator('.figure-preview').textContent()).resolves.toBe('將插入 {{ghg-scope1 2024 unit}}，頁面顯示為 175,365公噸CO2e');
    await picker.getByRole('button', { name: '插入', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    const summaryText = await summary.inputValue();
    expect(summaryText).toMatch(/並逐項記錄垃圾種類。\{\{ghg-scope1 2024 unit\}\}$/);
    // The reference, written out under the field; the cursor back in it, after the reference.
    await expect(page.locator('.figure-ok', { hasText: '{{ghg-scope1 2024 unit}}' }).first().textContent()).resolves.toBe(
      '{{ghg-scope1 2024 unit}} → 175,365公噸CO2e',
    );
    expect(await summary.evaluate((input: HTMLInputElement) => [document.activeElement === input, input.selectionStart === input.value.length])).toEqual([
      true,
      true,
    ]);

    await page.getByRole('button', { name: '儲存', exact: true }).click();
    await page.locator('.status.saved').waitFor({ timeout: 30_000 });
    expect(readFileSync(join(setup.content, event), 'utf8')).toContain('記錄垃圾種類。{{ghg-scope1 2024 unit}}"');
    // The summary is the event page's description once the preview is built again.
    const described = async () =>
      (await (await page.request.get(`${setup.editor.origin}/preview/zh_TW/event/2023-beach-cleanup`)).text()).match(
        /<meta name="description" content="([^"]*)"/,
      )?.[1];
    await expect.poll(described, { timeout: 60_000 }).toMatch(/並逐項記錄垃圾種類。175,365公噸CO2e$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('finds a metric by its id or GRI code in an English interface, and shows the English figure', async () => {
    const { page, errors } = await openAs('en-US', event);
    await page.locator('#root_title').focus();
    await page.getByRole('button', { name: 'Insert a figure' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Insert a figure' });
    const search = picker.getByRole('searchbox', { name: 'Find a metric: a name, an id or a GRI code' });
    await search.fill('gri 303-3');
    const labels = await picker.locator('.figure-id').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toContain('303-3');
    await search.fill('water-withdrawal');
    await picker.getByRole('radio').first().check();
    await expect(picker.locator('.figure-preview').textContent()).resolves.toMatch(/^Inserts \{\{water-withdrawal 20\d\d\}\}; the page shows [\d,.]+$/);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('marks a mistyped metric id as it is typed and offers the closest ids, and a year without a figure', async () => {
    const { page, errors } = await openAs('zh-TW', event);
    const summary = page.locator('#root_summary');
    await summary.fill('淨灘 {{ghg-scpoe1 2024}} 與 {{ghg-scope1 2019}}');
    const unknown = page.locator('.figure-problem', { hasText: 'ghg-scpoe1' });
    await expect(unknown.textContent()).resolves.toContain('指標登錄表中沒有這個指標：ghg-scpoe1');
    await expect(page.locator('.figure-problem', { hasText: 'ghg-scope1 2019' }).textContent()).resolves.toContain('ghg-scope1 沒有 2019 年的數值');
    await unknown.getByRole('button', { name: '改用 ghg-scope1', exact: true }).click();
    await expect(summary.inputValue()).resolves.toBe('淨灘 {{ghg-scope1 2024}} 與 {{ghg-scope1 2019}}');
    await expect(page.locator('.figure-ok', { hasText: '{{ghg-scope1 2024}}' }).first().textContent()).resolves.toBe('{{ghg-scope1 2024}} → 175,365');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
