/**
 * bench/audit: Lighthouse (mobile, its default) on the home page, a focus page, report/gri, an
 * event and the event list, the data page, the search page before and after a query and the quiz of a fresh build
 * served by `esg preview`, printing the four category scores and LCP, CLS and TBT. Debian's Chromium is started through playwright-core with a
 * remote-debugging port, which Lighthouse drives. Run with `npm run bench:audit`
 * (`-- --out DIR` to audit an existing build; `-- --runs 3` for medians of several runs; `-- --pages 'search,search query'`
 * for some of the pages, by name).
 * Targets (docs/product.md, "Quality targets"): performance ≥ 99 and total blocking time under
 * 50 ms where the islands wait for the reader, ≥ 95 where they wake at load (search results for a
 * query, the quiz), and the results of a query shown within 2.5 s (LCP); accessibility, best
 * practices and SEO 100.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from '../cli/build/index.ts';
import { startPreview } from '../cli/server/preview.ts';
import { htmlFileOf } from './pageWeight.ts';

/**
 * The audited pages. The search page says `noindex` on purpose (a site's search results are not
 * for search engines), which Lighthouse's `is-crawlable` audit counts against SEO: for it the SEO
 * target is checked without that one audit, and both figures are printed.
 */
const pages: [name: string, path: string, performance: number, noindexOnPurpose?: boolean][] = [
  ['home', '/zh_TW', 99],
  ['focus', '/zh_TW/focus/climate/energy', 99],
  ['report/gri', '/zh_TW/report/gri', 99],
  ['event', '/zh_TW/event/2024-employee-family-day', 99],
  ['event list', '/zh_TW/event', 99],
  ['data', '/zh_TW/performance/data', 99],
  ['search', '/zh_TW/search', 99, true],
  ['search query', '/zh_TW/search?query=%E6%B8%9B%E7%A2%B3', 95, true],
  ['quiz', '/zh_TW/qa/qa', 95],
];
const tbtTarget = 50;
/** Largest contentful paint, ms, where a page's content waits for its script: a query's results. */
const lcpTargets: Record<string, number> = { 'search query': 2500 };
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(argument('--runs') ?? '1');
const chosen = argument('--pages')
  ?.split(',')
  .map((name) => name.trim());
const debuggingPort = Number(argument('--debug-port') ?? '9333');
/** `--json DIR` keeps each run's Lighthouse report (lhr) as DIR/<page>-<run>.json, to see what lies on the LCP's path. */
const jsonDir = argument('--json') ? resolve(argument('--json')!) : undefined;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });
const chromiumFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const work = argument('--out') ? undefined : mkdtempSync(join(tmpdir(), 'esg-bench-audit-'));
const outDir = argument('--out') ? resolve(argument('--out')!) : join(work!, 'out');
if (work) await build({ contentDir: resolve(import.meta.dirname, '../content'), outDir, verbose: false });
const server = await startPreview(outDir, Number(argument('--port') ?? '0'));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...chromiumFlags, `--remote-debugging-port=${debuggingPort}`],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const failures: string[] = [];
try {
  console.log('page         perf  a11y  best  seo    LCP       CLS     TBT      (median of %d run%s)', runs, runs === 1 ? '' : 's');
  for (const [name, path, performance, noindexOnPurpose] of pages.filter(([name]) => !chosen || chosen.includes(name))) {
    if (!htmlFileOf(outDir, path.split('?')[0]!)) {
      console.log(`${name.padEnd(12)} skipped: ${path.split('?')[0]} is not built yet`);
      continue;
    }
    const results: { scores: number[]; seoIndexable: number; lcp: number; cls: number; tbt: number; failed: string[] }[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${path}`, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result!.lhr;
      if (jsonDir) writeFileSync(join(jsonDir, `${name.replace(/\W+/g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failed = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual' &&
            audit.scoreDisplayMode !== 'notApplicable',
        )
        .filter((audit) =>
          ['accessibility', 'best-practices', 'seo'].some((category) =>
            lhr.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
          ),
        )
        .map((audit) => audit.id)
        .filter((id) => !(noindexOnPurpose && id === 'is-crawlable'));
      // The SEO score as Lighthouse weighs it, leaving out is-crawlable.
      const seoRefs = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && ref.id !== 'is-crawlable' && lhr.audits[ref.id]?.score !== null);
      const seoIndexable = Math.round(
        (100 * seoRefs.reduce((sum, ref) => sum + lhr.audits[ref.id]!.score! * ref.weight, 0)) / seoRefs.reduce((sum, ref) => sum + ref.weight, 0),
      );
      results.push({
        seoIndexable,
        scores: [score('performance'), score('accessibility'), score('best-practices'), score('seo')],
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        failed,
      });
    }
    const scores = [0, 1, 2, 3].map((index) => median(results.map((result) => result.scores[index]!)));
    const lcp = median(results.map((result) => result.lcp));
    const cls = median(results.map((result) => result.cls));
    const tbt = median(results.map((result) => result.tbt));
    const failed = [...new Set(results.flatMap((result) => result.failed))];
    if (noindexOnPurpose) scores[3] = median(results.map((result) => result.seoIndexable));
    const seoNote = noindexOnPurpose
      ? `   SEO ${median(results.map((result) => result.scores[3]!))} as Lighthouse counts it; noindex on purpose, so the SEO column leaves out is-crawlable`
      : '';
    console.log(
      `${name.padEnd(12)} ${scores.map((value) => String(value).padStart(4)).join('  ')}   ${(lcp / 1000).toFixed(2).padStart(5)} s   ${cls.toFixed(3)}   ${Math.round(tbt).toString().padStart(4)} ms${failed.length ? `   failing audits: ${failed.join(', ')}` : ''}${seoNote}`,
    );
    const lcpTarget = lcpTargets[name];
    if (scores[0]! < performance || (performance === 99 && tbt >= tbtTarget) || (lcpTarget && lcp >= lcpTarget) || scores.slice(1).some((value) => value < 100))
      failures.push(
        `${name} (performance ≥ ${performance}${performance === 99 ? `, TBT < ${tbtTarget} ms` : ''}${lcpTarget ? `, LCP < ${lcpTarget / 1000} s` : ''})`,
      );
  }
  console.log(failures.length ? `\nbelow target (others 100): ${failures.join(', ')}` : '\nevery audited page meets the targets');
} finally {
  await browser.close();
  await new Promise((done) => server.close(done));
  if (work) rmSync(work, { recursive: true, force: true });
}
