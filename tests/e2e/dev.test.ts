import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDev } from '../../cli/server/dev.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { contentCopy, editContent, tempDir } from '../helpers/site.ts';

let browser: Browser;
let dev: Awaited<ReturnType<typeof startDev>>;
let origin: string;
let content: string;

beforeAll(async () => {
  content = contentCopy();
  dev = await startDev({ contentDir: content, outDir: join(tempDir(), 'out'), port: 0 });
  origin = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

describe('esg dev', () => {
  it('reloads on a content edit, shows a broken file in an overlay, and clears it when fixed', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${origin}/zh_TW/chairman`);
    await page.evaluate(() => window.scrollTo(0, 400));
    const path = 'zh_TW/pages/chairman.yaml';

    editContent(content, path, (text) => text.replace(/^title: .*$/m, 'title: 董事長的話（更新）'));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === '董事長的話（更新）', undefined, { timeout: 20_000 });
    await page.waitForFunction(() => window.scrollY > 300);

    editContent(content, path, (text) => text.replace(/^title: .*$/m, 'title: [未閉合'));
    const overlay = page.locator('#esg-dev-overlay');
    await overlay.waitFor({ timeout: 20_000 });
    expect(await overlay.textContent()).toMatch(/content\/zh_TW\/pages\/chairman\.yaml:\d+:\d+/);

    editContent(content, path, (text) => text.replace(/^title: .*$/m, 'title: 董事長的話'));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === '董事長的話' && !document.getElementById('esg-dev-overlay'), undefined, {
      timeout: 20_000,
    });
    await page.close();
  });

  it('previews the report book laid out in pages, and reloads it with the site', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${origin}/__esg/book/zh_TW`);
    // Paged.js lays the whole book out in A4 pages, the running head of each chapter in its margin
    // (seconds; a stylesheet it cannot read stops it with an error and no page at all).
    await Promise.race([
      page.waitForFunction(() => document.querySelectorAll('.pagedjs_page').length > 100, undefined, { timeout: 90_000 }),
      new Promise((_, fail) => page.once('pageerror', fail)),
    ]);
    expect(
      await page
        .locator('.pagedjs_page')
        .first()
        .evaluate((box) => Math.round(box.getBoundingClientRect().width)),
    ).toBe(794);
    // Paged.js writes a margin box's content as a pseudo-element.
    const heads = await page.evaluate(() =>
      [...document.querySelectorAll('.pagedjs_margin-top-right .pagedjs_margin-content')].map((box) => getComputedStyle(box, '::after').content),
    );
    expect(heads.some((head) => head.includes('能源管理與節能減碳'))).toBe(true);
    expect(await page.locator('text=能源管理與節能減碳').count()).toBeGreaterThan(0);
    // Set in the book's own fonts, as the PDF is: their regular and bold slices loaded from the package.
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family} ${face.weight}`);
    });
    expect(faces).toEqual(expect.arrayContaining(['Noto Sans TC 400', 'Noto Sans TC 700']));
    const path = 'zh_TW/focus/climate/energy.yaml';
    editContent(content, path, (text) => text.replace(/^title: .*$/m, 'title: 能源管理（預覽）'));
    // While the preview reloads, the page may have no body yet.
    await page.waitForFunction(() => document.body?.textContent?.includes('能源管理（預覽）'), undefined, { timeout: 90_000 });
    expect(errors).toEqual([]);
    expect((await fetch(`${origin}/__esg/book/xx`)).status).toBe(404);
    editContent(content, path, (text) => text.replace(/^title: .*$/m, 'title: 能源管理與節能減碳'));
    await page.close();
  }, 240_000);

  it('shows the current error to a page opened while the content is broken', async () => {
    editContent(content, 'zh_TW/menu.yaml', (text) => `${text}\n  - oops\n`);
    const page = await browser.newPage();
    await new Promise((done) => setTimeout(done, 1500));
    await page.goto(`${origin}/zh_TW`);
    await page.locator('#esg-dev-overlay').waitFor({ timeout: 20_000 });
    expect(await page.locator('#esg-dev-overlay').textContent()).toContain('content/zh_TW/menu.yaml');
    await page.close();
  });
});
