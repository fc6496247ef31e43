import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BuiltSite, budgets, htmlFileOf, inLocale, pageKinds, sizeOf } from '../../bench/pageWeight.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { buildSample, preview, type RunningServer } from '../helpers/site.ts';

/**
 * The first-load budget as Chromium meets it: what a first visit fetches before the reader acts is
 * what bench/pageWeight.ts counts from the built files (tests/budgets/weight.test.ts checks that
 * count on every page), on a page of every kind in every locale. A fresh visit each time, so an
 * English page shows the English notice, and an English guard page sends the visitor back to a page
 * that shows it: what a page's code does on arrival is fetched here, whatever the HTML says.
 */
describe('what Chromium fetches before the reader acts', () => {
  let browser: Browser;
  let server: RunningServer;
  let outDir: string;
  let site: BuiltSite;
  beforeAll(async () => {
    outDir = await buildSample();
    site = new BuiltSite(outDir);
    [browser, server] = await Promise.all([launchBrowser(), preview(outDir)]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const cases = ['zh_TW', 'zh_CN', 'en'].flatMap((locale) =>
    pageKinds
      .filter(([kind]) => kind !== 'English guard' || locale === 'en')
      .map(([kind, candidates]) => ({ locale, kind, candidates: candidates.map((path) => inLocale(path, locale)) })),
  );
  it.each(cases)(
    '$locale $kind: the scripts the budget counts, at most 20 KB, and no React',
    async ({ locale, kind, candidates }) => {
      const path = candidates.find((candidate) => htmlFileOf(outDir, candidate));
      // An English guard page of each kind is one page: the guard kind measures it.
      const guard = path !== undefined && !site.html(path).includes('type="module"');
      if (!path || (guard && kind !== 'English guard')) return;
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const fetched = new Set<string>();
      page.on('request', (request) => request.resourceType() === 'script' && fetched.add(new URL(request.url()).pathname));
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
      const landed = new URL(page.url()).pathname;
      if (locale === 'en') expect(await page.isVisible('.modal h2')).toBe(true);
      const counted = new Set(site.pageWeight(kind, landed).scripts);
      if (guard) counted.add(/<script src="([^"]+)"/.exec(site.html(path))![1]!);
      expect([...fetched].sort()).toEqual([...counted].sort());
      const bytes = [...fetched].reduce((total, url) => total + sizeOf(site.file(url)).gzip, 0);
      expect(bytes).toBeLessThanOrEqual(budgets.firstLoadJs);
      const entry = /<script type="module" src="([^"]+)"/.exec(site.html(landed))![1]!;
      expect(fetched.has(site.hydrator(entry))).toBe(false);
      await context.close();
    },
    60_000,
  );
});
