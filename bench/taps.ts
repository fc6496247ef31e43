/**
 * bench/taps: how soon a reader's first tap is answered, on a phone with its CPU slowed four times.
 * Each of `--runs` fresh loads (20 by default) of a page of a fresh build served by `esg preview`
 * (compressed, as a host sends it) is left to load and go idle; then one tap, on the menu button
 * or the search button of an article, or on an answer of the quiz's first question, and the page
 * itself times it: from the tap's `pointerdown` to the first frame in which the menu panel is open,
 * the search field is shown with focus in it, or the answer's verdict shows. Prints the median and
 * the 90th percentile of each. Run with `npm run bench:taps` (`-- --out DIR` for an existing build,
 * `-- --path /en/about` for another page for the menu and search). Target: 100 ms.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { build } from '../cli/build/index.ts';
import { startPreview } from '../cli/server/preview.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(argument('--runs') ?? '20');
const path = argument('--path') ?? '/zh_TW/about';
const outDir = argument('--out') ? resolve(argument('--out')!) : join(mkdtempSync(join(tmpdir(), 'esg-bench-taps-')), 'out');
if (!argument('--out')) await build({ contentDir: resolve(import.meta.dirname, '../content'), outDir, verbose: false });
const server = await startPreview(outDir, 0);
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchBrowser();

/** What a tap is waiting for: the page, the element tapped, and when the page shows what it asked for. */
const taps = {
  menu: { path, target: '.menu-toggle', shown: `document.querySelector('.menu-panel.is-open') !== null` },
  search: {
    path,
    target: '.search-toggle',
    shown: `(() => { const input = document.querySelector('.search-popup.is-open .search-popup-input'); return input !== null && document.activeElement === input; })()`,
  },
  quiz: {
    path: '/zh_TW/qa/qa-form',
    target: '.quiz-question:not([hidden]) .quiz-option',
    shown: `document.querySelector('.quiz-question:not([hidden]) .quiz-feedback:not([hidden]) .quiz-verdict') !== null`,
  },
} as const;

/**
 * Before the page's own scripts: from each `pointerdown`, every frame checks `shown`; the first
 * frame that finds it true records its time less the tap's.
 */
const timer = (shown: string) => `
  addEventListener('pointerdown', (event) => {
    const start = event.timeStamp;
    const check = (now) => {
      if (${shown}) window.__tapAnswered = now - start;
      else if (now - start < 10000) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, { capture: true, once: true });`;

async function oneTap(kind: keyof typeof taps): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(timer(taps[kind].shown));
  await page.goto(`${base}${taps[kind].path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Idle: the reader reads a moment before tapping.
  await page.waitForTimeout(1000);
  await page.locator(taps[kind].target).first().tap();
  const answered = await page.waitForFunction(() => (window as unknown as { __tapAnswered?: number }).__tapAnswered, undefined, { timeout: 15_000 });
  const ms = (await answered.jsonValue()) as number;
  await context.close();
  return ms;
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

try {
  console.log(`first tap (menu and search on ${path}), 390 px phone, CPU slowed 4×, ${runs} fresh loads each (alternating)`);
  const times: Record<keyof typeof taps, number[]> = { menu: [], search: [], quiz: [] };
  for (let run = 0; run < runs; run++) for (const kind of Object.keys(taps) as (keyof typeof taps)[]) times[kind].push(await oneTap(kind));
  for (const [kind, values] of Object.entries(times))
    console.log(
      `${`${kind} (${taps[kind as keyof typeof taps].path})`.padEnd(32)} median ${quantile(values, 0.5).toFixed(0).padStart(5)} ms   p90 ${quantile(values, 0.9).toFixed(0).padStart(5)} ms   target 100 ms`,
    );
} finally {
  await browser.close();
  server.close();
}
