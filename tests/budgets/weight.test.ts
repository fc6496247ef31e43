import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgets, everyPage, htmlFileOf, measureSite, wakesUntouched, type PageWeight, type BuiltSite } from '../../bench/pageWeight.ts';
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
    expect(pages.map((page) => page.kind)).toEqual(
      expect.arrayContaining(['home', 'article', 'focus', 'report', 'search', 'quiz form', 'quiz result', 'survey', 'English guard']),
    );
  });

  it(`loads at most ${budgets.firstLoadJs / 1000} KB of JavaScript (gzip) before the reader touches anything, on every page of every locale`, () => {
    const every = everyPage(outDir).map((path) => site.pageWeight(path, path));
    // The sample site: about 95 pages in each Chinese locale, the English editions and the English guard pages.
    expect(every.length).toBeGreaterThan(250);
    expect(new Set(every.map((page) => page.path.split('/')[1]))).toEqual(new Set(['', '404', 'zh_TW', 'zh_CN', 'en']));
    expect(every.map((page) => page.path)).toEqual(
      expect.arrayContaining(['/en/about', '/zh_TW/qa/qa-form', '/zh_CN/qa/qa-result', '/zh_TW/questionnaire/basic']),
    );
    // No island wakes before the reader acts: each waits to be touched, or for its choice in the address.
    expect(every.flatMap((page) => page.islands.filter((island) => wakesUntouched(island.wake)).map((island) => `${page.path} ${island.name}`))).toEqual([]);
    const over = every.filter((page) => page.js.gzip > budgets.firstLoadJs).map((page) => `${page.path}: ${page.js.gzip} bytes`);
    expect(over).toEqual([]);
    // The quiz's plain widgets are counted where they start: on its questions and its result.
    const quiz = every.find((page) => page.path === '/zh_TW/qa/qa-form')!;
    const about = every.find((page) => page.path === '/zh_TW/about')!;
    expect(quiz.scripts.length).toBeGreaterThan(about.scripts.length);
    // …and a tooltip, search results, the dialogs, the survey and the quiz's record are there, asleep.
    const asleep = new Set(every.flatMap((page) => page.islands.map((island) => island.name)));
    expect([...asleep]).toEqual(expect.arrayContaining(['Tooltip', 'SearchResults', 'EventFilter', 'ModalHost', 'Survey', 'QuizRecord']));
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
