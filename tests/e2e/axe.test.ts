import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { htmlFileOf, pageKinds } from '../../bench/pageWeight.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { buildSample, preview, type RunningServer } from '../helpers/site.ts';

describe('axe-core finds no violation on any page kind', () => {
  let browser: Browser;
  let server: RunningServer;
  let outDir: string;
  beforeAll(async () => {
    outDir = await buildSample();
    [browser, server] = await Promise.all([launchBrowser(), preview(outDir)]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const cases = pageKinds.flatMap(([kind, candidates]) => [390, 1440].map((width) => ({ kind, candidates, width })));
  it.each(cases)(
    '$kind at $width px',
    async ({ candidates, width }) => {
      const path = candidates.find((candidate) => htmlFileOf(outDir, candidate));
      if (!path) return;
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      // The English guard sends the visitor on; the page it lands on is checked.
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
