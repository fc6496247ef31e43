import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorInBrowser, openEditorPage } from './editor.ts';

// Two writers (or two tabs) on one file: the second save runs into the first. Nothing is lost:
// the second writer sees both versions side by side with the fields that differ, and keeps
// either, or copies what is needed from the other into the form and keeps that.

const setup = editorInBrowser();
const focusPage = 'zh_TW/focus/care/empowerment.yaml';
const read = () => readFileSync(join(setup.content, focusPage), 'utf8');

// The refused save is the one answer the browser reports.
const openAs = (locale: string) => openEditorPage(setup, { locale, width: 1440, path: focusPage, expected: 'status of 412' });

describe('two writers on one file', { timeout: 120_000 }, () => {
  it('shows the second writer both versions and the fields that differ, and merges by hand: both changes saved', async () => {
    const first = await openAs('zh-TW');
    const second = await openAs('zh-TW');
    await first.page.locator('#root_kicker').fill('幸福職場（第一位編輯）');
    await first.page.getByRole('button', { name: '儲存', exact: true }).click();
    await first.page.locator('.status.saved').waitFor({ timeout: 30_000 });

    await second.page.locator('#root_lead').fill('我們如何培育人才（第二位編輯）。');
    await second.page.getByRole('button', { name: '儲存', exact: true }).click();
    const conflict = second.page.locator('.conflict');
    await conflict.waitFor({ timeout: 30_000 });
    await expect(conflict.locator('.conflict-fields li').allTextContents()).resolves.toEqual(['眉標', '導言']);
    const theirs = second.page.getByRole('region', { name: '目前檔案中的版本' });
    await expect(theirs.locator('#disk_kicker').inputValue()).resolves.toBe('幸福職場（第一位編輯）');
    // Nothing of the second writer's is gone: the form still holds it.
    await expect(second.page.locator('#root_lead').inputValue()).resolves.toBe('我們如何培育人才（第二位編輯）。');
    expect(read()).toContain('kicker: 幸福職場（第一位編輯）');

    await second.page.locator('#root_kicker').fill('幸福職場（第一位編輯）');
    await expect(conflict.locator('.conflict-fields li').allTextContents()).resolves.toEqual(['導言']);
    await second.page.getByRole('button', { name: '保留我的版本' }).click();
    await second.page.locator('.status.saved').waitFor({ timeout: 30_000 });
    const saved = read();
    expect(saved).toContain('kicker: 幸福職場（第一位編輯）');
    expect(saved).toContain('我們如何培育人才（第二位編輯）。');
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.page.context().close();
    await second.page.context().close();
  });

  it('keeps the second writer’s version over the first when asked, in English', async () => {
    const first = await openAs('en-US');
    const second = await openAs('en-US');
    await first.page.locator('#root_kicker').fill('Kicker by the first writer');
    await first.page.getByRole('button', { name: 'Save', exact: true }).click();
    await first.page.locator('.status.saved').waitFor({ timeout: 30_000 });
    await second.page.locator('#root_kicker').fill('Kicker by the second writer');
    await second.page.getByRole('button', { name: 'Save', exact: true }).click();
    await second.page.getByRole('region', { name: 'The version on disk now' }).waitFor({ timeout: 30_000 });
    await second.page.getByRole('button', { name: 'Keep my version' }).click();
    await second.page.locator('.status.saved').waitFor({ timeout: 30_000 });
    expect(read()).toContain('kicker: Kicker by the second writer');
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.page.context().close();
    await second.page.context().close();
  });
});
