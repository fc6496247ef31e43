import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgets, htmlFileOf, measureSite, wakesUntouched, type PageWeight, type BuiltSite } from '../../bench/pageWeight.ts';
import { buildSample } from '../helpers/site.ts';

/**
 * The page-weight budgets (docs/product.md, "Quality targets"), on a fresh build of the sample site
 * (sizes are stable, unlike times). `npm run bench:weight` prints the same figures in full.
 */
describe('page-weight budgets', () => {
  let outDir: string;
  let site: BuiltSite;
  let pages: PageWeight[];
  beforeAll(async () => {
    outDir = await buildSample();
    ({ site, pages } = measureSite(outDir));
  });

  it('measures every page kind that is built', () => {
    expect(pages.map((page) => page.kind)).toEqual(expect.arrayContaining(['home', 'article', 'focus', 'report', 'search', 'English guard']));
  });

  it(`loads at most ${budgets.firstLoadJs / 1000} KB of JavaScript (gzip) before the reader touches anything`, () => {
    // Every page whose islands wait for the reader: home, focus, the GRI index, an event, the data page, search before a query, the event list…
    const untouched = pages.filter((page) => !page.islands.some((island) => wakesUntouched(island.wake)));
    expect(untouched.map((page) => page.kind)).toEqual(expect.arrayContaining(['home', 'focus', 'report', 'event', 'metrics data', 'search', 'event list']));
    for (const page of untouched) expect(page.js.gzip, `${page.kind} ${page.path}`).toBeLessThanOrEqual(budgets.firstLoadJs);
    // …and a tooltip, search results and the dialogs are there, asleep.
    const asleep = new Set(untouched.flatMap((page) => page.islands.map((island) => island.name)));
    expect([...asleep]).toEqual(expect.arrayContaining(['Tooltip', 'SearchResults', 'EventFilter', 'ModalHost']));
  });

  it(`adds at most ${budgets.furtherWidget / 1000} KB (gzip) for each widget or dialog when it wakes, besides React once`, () => {
    const home = pages.find((page) => page.kind === 'home')!;
    const entry = /<script type="module" src="([^"]+)"/.exec(readFileSync(htmlFileOf(outDir, home.path)!, 'utf8'))![1]!;
    const { react, widgets } = site.furtherWidgets(entry, site.firstLoadChunks(home.path));
    expect(react.gzip).toBeGreaterThan(30_000);
    expect(widgets.length).toBeGreaterThan(4);
    for (const widget of widgets) expect(widget.js.gzip, widget.name).toBeLessThanOrEqual(budgets.furtherWidget);
  });

  it(`has at most ${budgets.css / 1000} KB of CSS (gzip) on every page`, () => {
    for (const page of pages) expect(page.css.gzip, page.kind).toBeLessThanOrEqual(budgets.css);
  });

  it(`has typical pages of at most ${budgets.html / 1000} KB of HTML (gzip)`, () => {
    for (const page of pages) expect(page.html.gzip, `${page.kind} ${page.path}`).toBeLessThanOrEqual(budgets.html);
  });
});
