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
  it('opens from the printed address, lists the files under its CSP, and follows a save to the built preview', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => message.type() === 'error' && refused.push(message.text()));
    await page.goto(editor.url);
    expect(new URL(page.url()).search).toBe('');
    await page.locator('#status', { hasText: 'content files.' }).waitFor({ timeout: 20_000 });
    const about = page.locator('tr', { has: page.locator('a', { hasText: /^zh_TW\/pages\/about\.yaml$/ }) });
    await expect(about.locator('td').nth(2).textContent()).resolves.toMatch(/up to date|stale/);
    const link = await page.locator('a', { hasText: /^zh_TW\/pages\/chairman\.yaml$/ }).getAttribute('href');
    expect(link).toBe('/api/files/zh_TW/pages/chairman.yaml');

    const opened = await call(editor, '/api/files/zh_TW/pages/chairman.yaml');
    opened.body.data.title = '董事長的話（預覽）';
    await call(editor, '/api/files/zh_TW/pages/chairman.yaml', { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } });
    await page.locator('#status', { hasText: /^Built \d+ pages/ }).waitFor({ timeout: 30_000 });
    await page.goto(`${editor.origin}/preview/zh_TW/chairman`);
    await expect(page.locator('h1').textContent()).resolves.toBe('董事長的話（預覽）');
    expect(refused).toEqual([]);
    await page.close();
  });
});
