import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { htmlFileOf, pageKinds } from '../../bench/pageWeight.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { buildSample, preview, sampleContent, type RunningServer } from '../helpers/site.ts';
import { englishVisitKey } from '../../widgets/englishNotice.ts';
import { wideBreakpoint } from '../../widgets/limits.ts';

/** Phones, tablets, laptops and desktops, either side of the 1280 px wide layout. */
const widths = [320, 375, 390, 768, 1024, 1280, 1440, 1920];

const englishEvent = readdirSync(join(sampleContent, 'en/events'))
  .find((file) => file.endsWith('.md'))!
  .replace(/\.md$/, '');
/** The English editions (site.yaml `englishRoutes`); every other /en/ address is a guard page. */
const englishPages = [
  '/en',
  '/en/about',
  '/en/event',
  `/en/event/${englishEvent}`,
  '/en/event/oops',
  '/en/report-download',
  '/en/performance/data',
  '/en/targets',
  '/en/404',
];

/**
 * How far the page is wider than the window, and when it is, the outermost elements that reach
 * past the window's right edge and no box clips (their parent stays inside), to say what to fix.
 */
function overflowOf(page: Page): Promise<{ by: number; elements: string[] }> {
  return page.evaluate(() => {
    const by = document.documentElement.scrollWidth - window.innerWidth;
    if (by <= 0) return { by, elements: [] };
    const pastEdge = (element: Element | null) => element !== null && element.getBoundingClientRect().right > window.innerWidth + 0.5;
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    const elements = [...document.body.querySelectorAll('*')]
      .filter((element) => pastEdge(element) && !pastEdge(element.parentElement) && !clipped(element))
      .map((element) => `${element.tagName.toLowerCase()}${[...element.classList].map((name) => `.${name}`).join('')}`);
    return { by, elements };
  });
}

describe('no page is wider than the window (docs/product.md, "Shell")', () => {
  let browser: Browser;
  let server: RunningServer;
  let paths: string[];
  let guards: string[];
  beforeAll(async () => {
    const outDir = await buildSample();
    [browser, server] = await Promise.all([launchBrowser(), preview(outDir)]);
    const kinds = pageKinds.flatMap(([, candidates]) => candidates.find((candidate) => htmlFileOf(outDir, candidate)) ?? []);
    const chinese = kinds.filter((path) => path.startsWith('/zh_TW')).flatMap((path) => [path, path.replace('/zh_TW', '/zh_CN')]);
    // The English guard page sends the visitor on: the page it lands on is measured.
    guards = kinds.filter((path) => path.startsWith('/en'));
    paths = [...chinese, ...guards, ...englishPages.filter((path) => htmlFileOf(outDir, path))];
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(widths)(
    'every page kind in zh_TW, zh_CN and en at %i px',
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const wider: string[] = [];
      for (const path of paths) {
        if (guards.includes(path))
          await Promise.all([page.waitForURL((url) => url.pathname !== path, { waitUntil: 'load' }), page.goto(`${server.url}${path}`)]);
        else await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
        const { by, elements } = await overflowOf(page);
        if (by > 0) wider.push(`${path}: ${by} px wider (${elements.join(', ')})`);
      }
      expect(wider).toEqual([]);
      expect(paths.length).toBeGreaterThan(30);
      await context.close();
    },
    120_000,
  );

  it(`opens every sub-menu of the wide menu inside the window at ${wideBreakpoint} px, in each locale`, async () => {
    const context = await browser.newContext({ viewport: { width: wideBreakpoint, height: 800 } });
    // The English notice of a first English page would lie over the menu.
    await context.addInitScript((key) => sessionStorage.setItem(key, 'shown'), englishVisitKey);
    const page = await context.newPage();
    const wider: string[] = [];
    for (const path of ['/zh_TW/about', '/zh_CN/about', '/en/about']) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await page.waitForSelector('.main-menu[data-ready]');
      const categories = page.locator('.menu-category');
      for (let index = 0; index < (await categories.count()); index += 1) {
        await categories.nth(index).hover();
        await page.waitForSelector(`.menu-category:nth-child(${index + 1}) > .submenu`, { state: 'visible' });
        const { by, elements } = await overflowOf(page);
        if (by > 0) wider.push(`${path}, sub-menu ${index + 1}: ${by} px wider (${elements.join(', ')})`);
      }
    }
    expect(wider).toEqual([]);
    await context.close();
  }, 60_000);
});
