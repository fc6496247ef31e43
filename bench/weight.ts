/**
 * bench/weight: builds the sample site (or measures `-- --out DIR`) and prints, per page kind, the
 * HTML, CSS and JavaScript bytes (raw and gzip) a first visit downloads before the reader touches
 * anything, the most JavaScript any page of any locale fetches so, then what React and each further
 * widget add when they wake, against the budgets (docs/product.md, "Quality targets"). Run with
 * `npm run bench:weight`. tests/budgets/weight.test.ts fails when a budget is exceeded.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from '../cli/build/index.ts';
import { budgets, everyPage, htmlFileOf, kb, measureSite } from './pageWeight.ts';

const outArgument = process.argv.indexOf('--out');
const work = outArgument > 0 ? undefined : mkdtempSync(join(tmpdir(), 'esg-bench-weight-'));
const outDir = outArgument > 0 ? resolve(process.argv[outArgument + 1]!) : join(work!, 'out');
try {
  if (work) await build({ contentDir: resolve(import.meta.dirname, '../content'), outDir, verbose: false });
  const { site, pages } = measureSite(outDir);
  const over = (value: number, budget: number) => (value > budget ? ' OVER' : '');
  console.log(
    `Budgets (gzip -9): first-load JS ≤ ${kb(budgets.firstLoadJs)}, each further widget ≤ ${kb(budgets.furtherWidget)}, CSS ≤ ${kb(budgets.css)}, HTML ≤ ${kb(budgets.html)}\n`,
  );
  console.log('page kind       address                          HTML raw / gzip      CSS raw / gzip       JS raw / gzip        islands');
  for (const page of pages) {
    const cell = (bytes: { raw: number; gzip: number }, budget: number) =>
      `${kb(bytes.raw).padStart(8)} / ${kb(bytes.gzip).padStart(7)}${over(bytes.gzip, budget).padEnd(5)}`;
    console.log(
      `${page.kind.padEnd(15)} ${page.path.padEnd(32)} ${cell(page.html, budgets.html)}  ${cell(page.css, budgets.css)}  ${cell(page.js, budgets.firstLoadJs)}  ${page.islands.map((island) => `${island.name} (${island.wake})`).join(', ')}`,
    );
  }
  const every = everyPage(outDir).map((path) => site.pageWeight(path, path));
  const heaviest = every.reduce((most, page) => (page.js.gzip > most.js.gzip ? page : most));
  const locales = new Set(every.map((page) => page.path.split('/')[1]).filter((segment) => /^[a-z]{2}(_[A-Z]{2})?$/.test(segment!)));
  console.log(
    `\nEvery page (${every.length}, locales ${[...locales].join(', ')}): first-load JS at most ${kb(heaviest.js.gzip)} gzip (${heaviest.path})${over(heaviest.js.gzip, budgets.firstLoadJs)}`,
  );
  const home = pages[0]!;
  const entry = /<script type="module" src="([^"]+)"/.exec(readFileSync(htmlFileOf(outDir, home.path)!, 'utf8'))![1]!;
  const { react, widgets } = site.furtherWidgets(entry, site.firstLoadChunks(home.path));
  console.log(`\nWhen islands wake (what each adds to the first load of ${home.path}):`);
  console.log(`  ${'React, to hydrate'.padEnd(28)} ${kb(react.raw).padStart(8)} / ${kb(react.gzip).padStart(7)}`);
  for (const widget of widgets) {
    console.log(
      `  ${widget.name.padEnd(28)} ${kb(widget.js.raw).padStart(8)} / ${kb(widget.js.gzip).padStart(7)}${over(widget.js.gzip, budgets.furtherWidget)}`,
    );
  }
} finally {
  if (work) rmSync(work, { recursive: true, force: true });
}
