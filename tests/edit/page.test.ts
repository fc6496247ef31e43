import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningEditor } from '../../cli/edit/server.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { contentCopy } from '../helpers/site.ts';
import { call, startEditor } from './editor.ts';

let editor: RunningEditor;
let browser: Browser;

beforeAll(async () => {
  editor = await startEditor(contentCopy());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await editor?.close();
});

describe('esg edit in the browser', () => {
  it('opens from the printed address, opens a file from its list under its CSP, and follows a save to the built preview', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => message.type() === 'error' && refused.push(message.text()));
    await page.goto(editor.url);
    expect(new URL(page.url()).search).toBe('');
    await page.locator('#status', { hasText: 'content files.' }).waitFor({ timeout: 20_000 });
    await page.getByRole('searchbox', { name: 'Find a file' }).fill('chairman');
    await page.getByRole('button', { name: /zh_TW\/pages\/chairman\.yaml/ }).click();
    expect(new URL(page.url()).hash).toBe('#zh_TW/pages/chairman.yaml');
    await page.locator('#root_title').waitFor({ timeout: 20_000 });
    await expect(page.frameLocator('iframe[title="Preview"]').locator('h1').textContent()).resolves.toBeTruthy();

    const opened = await call(editor, '/api/files/zh_TW/pages/chairman.yaml');
    opened.body.data.title = '董事長的話（預覽）';
    await call(editor, '/api/files/zh_TW/pages/chairman.yaml', {
      method: 'PUT',
      json: { data: opened.body.data },
      headers: { 'If-Match': opened.headers.etag! },
    });
    await page.locator('#status', { hasText: /^The preview is up to date: \d+ pages rebuilt/ }).waitFor({ timeout: 30_000 });
    await page.frameLocator('iframe[title="Preview"]').locator('h1', { hasText: '董事長的話（預覽）' }).waitFor({ timeout: 30_000 });
    expect(refused).toEqual([]);
    await page.close();
  });
});
