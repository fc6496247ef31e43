/**
 * bench/searchVsPagefind: the site's own search (the search page, whatever engine it runs) against
 * Pagefind over the same built site, in Chromium, on the queries of bench/searchQueries.ts.
 *
 * Builds the sample site (or takes `--out DIR`), copies it to a temp folder, indexes the copy with
 * Pagefind's Node API (root `main`, languages split by `<html lang>`), serves the copy over HTTP
 * (sirv, in-process) and, for each query:
 * - ours: a fresh browser context opens `/<locale>/search?query=…` and reads the result pages from
 *   the DOM (`li.search-page h2.search-page-title a`) once the list is whole (the first pages are
 *   drawn as they come, the list `aria-busy` meanwhile); bytes are the gzip size of every response
 *   under `/_esg/search-`; the query time is the page's last `esg-search` performance measure, when
 *   the page records one. On one search page per locale, each query is typed into `#search-input`
 *   and submitted (the next query on an open page: its new shards are fetched), then sent again
 *   (warm: every file it needs is there, as for Pagefind's warm search).
 * - Pagefind: a fresh context opens a tiny page with the locale's `<html lang>`, imports
 *   `/pagefind/pagefind.js` and times `search()` plus `data()` of the first five results, then the
 *   same search again (warm); bytes are the gzip size of every response under `/pagefind/`.
 * Prints recall@1 and recall@3 per locale, kind and overall, bytes per query, cold and warm query
 * times, the median ratios ours/Pagefind, and every query either engine misses at 3.
 *
 * It depends only on the search page's DOM, not on the engine's code. Pagefind is given the pages
 * site search indexes (not those with `<meta name="robots" content="noindex">` or
 * `<meta name="esg-site-search">`), marked `data-pagefind-body`; `--pagefind-all-pages` indexes
 * every page instead.
 *
 * A locale whose /<locale>/search is not a search page (the English guard, while English has no
 * search page) counts its queries as misses of ours, without bytes or times.
 *
 * Run with `npm run bench:search-vs-pagefind` (`-- --out DIR` for an existing build, `-- --runs N`
 * for N timing passes, engines alternating, default 3; `-- --limit N` for the first N queries of
 * each locale; `-- --keep` keeps the temp folder).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';
import type { Browser, Page, Response } from 'playwright-core';
import sirv from 'sirv';
import { build } from '../cli/build/index.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { searchQueries, type SearchQuery } from './searchQueries.ts';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Math.max(1, Number(argument('--runs') ?? '3'));
const keep = process.argv.includes('--keep');
const allPages = process.argv.includes('--pagefind-all-pages');
const locales = ['zh_TW', 'zh_CN', 'en'] as const;
type Locale = (typeof locales)[number];
type Engine = 'ours' | 'pagefind';
/** How long a page may take to show its results before the query counts as failed. */
const resultTimeout = 30_000;

// ——— the site ———

const work = mkdtempSync(join(tmpdir(), 'esg-bench-search-vs-pagefind-'));
const outDir = argument('--out') ? resolve(argument('--out')!) : join(work, 'out');
if (!argument('--out')) {
  console.log('building the sample site …');
  await build({ contentDir: resolve(import.meta.dirname, '../content'), outDir, verbose: false });
}
const site = join(work, 'site');
cpSync(outDir, site, { recursive: true });
rmSync(join(site, 'pagefind'), { recursive: true, force: true });

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'pagefind' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The `<head>` of a page says site search leaves it out (as the build's search stage reads it). */
function keptOutOfSiteSearch(html: string): boolean {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')) || html.length);
  return head.includes('<meta name="robots" content="noindex"') || head.includes('<meta name="esg-site-search"');
}

/** The `lang` of the locale's home page: what Pagefind splits its indexes by. */
const htmlLang = Object.fromEntries(
  locales.map((locale) => [locale, /<html[^>]* lang="([^"]+)"/.exec(readFileSync(join(site, locale, 'index.html'), 'utf8'))?.[1] ?? locale]),
) as Record<Locale, string>;

// Pagefind gets the pages site search indexes: once one page has data-pagefind-body, pages without it are left out.
let marked = 0;
const pageFiles = htmlFiles(site);
if (!allPages) {
  for (const file of pageFiles) {
    const html = readFileSync(file, 'utf8');
    if (keptOutOfSiteSearch(html) || !/<main[\s>]/.test(html)) continue;
    writeFileSync(file, html.replace(/<main(?=[\s>])/, '<main data-pagefind-body'));
    marked++;
  }
}

/** The Pagefind binary the Node API starts, found as it finds it (pagefind/lib/resolveBinary.js). */
function pagefindBinary(): string | undefined {
  for (const name of ['pagefind_extended', 'pagefind']) {
    const fromEnv = process.env[`${name.toUpperCase()}_BINARY_PATH`];
    if (fromEnv) return fromEnv;
  }
  const requireFromPagefind = createRequire(import.meta.resolve('pagefind'));
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  for (const name of ['pagefind_extended', 'pagefind']) {
    try {
      return requireFromPagefind.resolve(
        `@pagefind/${platform}-${process.env.npm_config_arch ?? process.arch}/bin/${name}${platform === 'windows' ? '.exe' : ''}`,
      );
    } catch {
      // the next name
    }
  }
  return undefined;
}
const binary = pagefindBinary();
const indexStarted = performance.now();
const { index, errors: createErrors } = await pagefind.createIndex({ rootSelector: 'main' });
if (!index) throw new Error(`Pagefind: ${createErrors.join('; ')}`);
const added = await index.addDirectory({ path: site });
const written = await index.writeFiles({ outputPath: join(site, 'pagefind') });
await pagefind.close();
const indexSeconds = (performance.now() - indexStarted) / 1000;
for (const error of [...createErrors, ...added.errors, ...written.errors]) console.warn(`Pagefind: ${error}`);
const entry = JSON.parse(readFileSync(join(site, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
  version: string;
  languages: Record<string, { hash: string; page_count: number }>;
};
const pagefindBytes = (dir: string): number =>
  readdirSync(dir).reduce((sum, name) => {
    const path = join(dir, name);
    return sum + (statSync(path).isDirectory() ? pagefindBytes(path) : statSync(path).size);
  }, 0);

// The tiny page Pagefind searches from, one per locale, with the locale's <html lang>.
const benchPage = (locale: Locale) => `/pagefind-bench-${locale}.html`;
for (const locale of locales) {
  writeFileSync(
    join(site, benchPage(locale)),
    `<!DOCTYPE html>\n<html lang="${htmlLang[locale]}"><head><meta charset="utf-8"><title>Pagefind bench</title></head><body><main></main></body></html>\n`,
  );
}

// ——— the server and the browser ———

const files = sirv(site, { dev: true, etag: true, extensions: ['html'], dotfiles: false });
const server = createServer((request, response) =>
  files(request, response, () => {
    response.statusCode = 404;
    response.end('not found');
  }),
);
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser: Browser = await launchBrowser();

console.log(`site: ${outDir}, ${pageFiles.length} HTML files; served from a copy at ${base}; Chromium ${browser.version()}`);
console.log(
  `Pagefind ${entry.version} (${binary ? binary.split('/').pop() : 'binary not found'}): ${added.page_count} pages indexed${allPages ? ' (every page)' : ` (the ${marked} pages site search indexes)`} in ${indexSeconds.toFixed(1)} s, ` +
    `${(pagefindBytes(join(site, 'pagefind')) / 1024).toFixed(0)} KB on disk; languages ${Object.entries(entry.languages)
      .map(([lang, value]) => `${lang} ${value.page_count}`)
      .join(', ')}`,
);
if (binary && !binary.includes('pagefind_extended'))
  console.warn('WARNING: Pagefind runs its standard binary, not pagefind_extended: Chinese is not segmented into words.');

// ——— measuring ———

interface Measure {
  /** Distinct result pages, in order, without the locale prefix. */
  pages: string[];
  /** gzip bytes of the search data fetched (none when the locale has no search page). */
  bytes: number | undefined;
  /** Bytes of Pagefind's code (pagefind.js, its WASM) within `bytes`. */
  codeBytes: number;
  /** The engine's query time, ms (ours: the `esg-search` measure, when there is one). */
  cold: number | undefined;
  /** From navigation start to results in the page, ms. */
  sinceNavigation: number | undefined;
  failed?: string;
}

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** A result's address as a page of the locale: `/zh_TW/focus/x/index.html#y` → `/focus/x`; another locale's page keeps its prefix. */
function pageOf(url: string, locale: string): string {
  let path = new URL(url, base).pathname;
  try {
    path = decodeURI(path);
  } catch {
    // as it is
  }
  path = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (path === `/${locale}`) return '/';
  if (path.startsWith(`/${locale}/`)) return path.slice(locale.length + 1);
  return path || '/';
}
const distinct = (pages: string[]) => [...new Set(pages)];

/** Counts the gzip size of the responses under `prefix` while a page works; `settled()` waits for those still arriving. */
function recordResponses(page: Page, prefix: string, isCode: (path: string) => boolean = () => false) {
  const bodies: Promise<{ size: number; code: boolean }>[] = [];
  let inFlight = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(prefix)) inFlight++;
  });
  const done = (path: string) => path.startsWith(prefix) && inFlight--;
  page.on('requestfailed', (request) => done(new URL(request.url()).pathname));
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith(prefix)) return;
    bodies.push(
      response.body().then(
        (body) => ({ size: gzipSize(body), code: isCode(path) }),
        () => ({ size: 0, code: false }),
      ),
    );
  });
  page.on('requestfinished', (request) => done(new URL(request.url()).pathname));
  return {
    async settled(): Promise<{ bytes: number; codeBytes: number }> {
      for (let waited = 0; inFlight > 0 && waited < 5_000; waited += 20) await new Promise((wait) => setTimeout(wait, 20));
      const sizes = await Promise.all(bodies);
      return { bytes: sizes.reduce((sum, item) => sum + item.size, 0), codeBytes: sizes.reduce((sum, item) => sum + (item.code ? item.size : 0), 0) };
    },
  };
}

/** The newest `esg-search` measure of the page, if it records them (waits up to `wait` ms for one newer than `after` of them). */
async function searchMeasure(page: Page, after: number, wait: number): Promise<number | undefined> {
  for (let waited = 0; ; waited += 25) {
    const found = (await page.evaluate(
      `(() => { const list = performance.getEntriesByName('esg-search'); return list.length > ${after} ? list[list.length - 1].duration : null; })()`,
    )) as number | null;
    if (found !== null) return found;
    if (waited >= wait) return undefined;
    await new Promise((done) => setTimeout(done, 25));
  }
}

async function oursCold(query: SearchQuery): Promise<Measure> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses = recordResponses(page, '/_esg/search-');
    await page.goto(`${base}/${query.locale}/search?query=${encodeURIComponent(query.query)}`);
    let sinceNavigation: number | undefined;
    let failed: string | undefined;
    try {
      sinceNavigation = (await (
        await page.waitForFunction(`document.querySelector('.search-count, .search-none') ? performance.now() : false`, undefined, {
          polling: 'raf',
          timeout: resultTimeout,
        })
      ).jsonValue()) as number;
    } catch {
      const status = (await page.evaluate(`document.querySelector('.search-status')?.textContent ?? 'no status'`)) as string;
      failed = `no results within ${resultTimeout / 1000} s: ${status.trim()}`;
    }
    if (!failed)
      await page
        .waitForFunction(`!document.querySelector('.search-results[aria-busy]')`, undefined, { polling: 'raf', timeout: resultTimeout })
        .catch(() => (failed = `the list of results stayed busy for ${resultTimeout / 1000} s`));
    const links = (await page.evaluate(
      `[...document.querySelectorAll('li.search-page h2.search-page-title a')].map((a) => a.getAttribute('href') ?? '')`,
    )) as string[];
    const cold = failed ? undefined : await searchMeasure(page, 0, 300);
    const { bytes, codeBytes } = await responses.settled();
    return { pages: distinct(links.map((href) => pageOf(href, query.locale))), bytes, codeBytes, cold, sinceNavigation, ...(failed ? { failed } : {}) };
  } finally {
    await context.close();
  }
}

/** What a search page open already measures for a query: typed as the next query, then sent again. */
interface OursWarm {
  /** The query typed next on an open page: its new shards fetched, then searched. */
  measure: number | undefined;
  submitToResults: number | undefined;
  /** The same query sent again: every file it needs is there. */
  again: number | undefined;
}

/** Warm: each query of the locale typed into one search page and submitted, then sent again; the newest measures (and, for reference, submit → results in the page). */
async function oursWarm(locale: Locale, queries: SearchQuery[]): Promise<Map<SearchQuery, OursWarm>> {
  const times = new Map<SearchQuery, OursWarm>();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/${locale}/search`);
    await page.waitForSelector('.search-form:not([hidden])', { timeout: resultTimeout });
    for (const query of queries) {
      const before = (await page.evaluate(
        `({ text: document.querySelector('.search-status')?.textContent ?? '', measures: performance.getEntriesByName('esg-search').length })`,
      )) as { text: string; measures: number };
      await page.fill('#search-input', query.query);
      await page.evaluate(`window.__benchSubmitted = performance.now(); document.querySelector('.search-form').requestSubmit()`);
      let submitToResults: number | undefined;
      try {
        // Results for this query: a count or a "none" in the status, whose text names the query or at least changed.
        submitToResults = (await (
          await page.waitForFunction(
            `(() => {
              const status = document.querySelector('.search-status');
              if (!document.querySelector('.search-count, .search-none') || !status) return false;
              const text = status.textContent ?? '';
              return text.includes(${JSON.stringify(query.query.trim())}) || text !== ${JSON.stringify(before.text)} ? performance.now() - window.__benchSubmitted : false;
            })()`,
            undefined,
            { polling: 'raf', timeout: resultTimeout },
          )
        ).jsonValue()) as number;
      } catch {
        // counted as no time
      }
      const measure = submitToResults === undefined ? undefined : await searchMeasure(page, before.measures, before.measures > 0 ? 1_000 : 300);
      // The same search sent again, its files all fetched: the engine's own time, as Pagefind's warm search.
      let again: number | undefined;
      if (measure !== undefined) {
        const count = (await page.evaluate(`performance.getEntriesByName('esg-search').length`)) as number;
        await page.evaluate(`document.querySelector('.search-form').requestSubmit()`);
        again = await searchMeasure(page, count, 1_000);
      }
      times.set(query, { measure, submitToResults, again });
    }
  } finally {
    await context.close();
  }
  return times;
}

async function pagefindQuery(query: SearchQuery): Promise<Measure & { warm: number | undefined; foreign: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses = recordResponses(page, '/pagefind/', (path) => /\/pagefind\/(pagefind[^/]*\.js|wasm\.[^/]*)$/.test(path));
    await page.goto(`${base}${benchPage(query.locale)}`);
    const result = (await page.evaluate(`(async () => {
      const pf = await import('/pagefind/pagefind.js');
      await pf.options({});
      const t0 = performance.now();
      const found = await pf.search(${JSON.stringify(query.query)});
      const data = await Promise.all(found.results.slice(0, 5).map((result) => result.data()));
      const cold = performance.now() - t0;
      const sinceNavigation = performance.now();
      const t1 = performance.now();
      const again = await pf.search(${JSON.stringify(query.query)});
      await Promise.all(again.results.slice(0, 5).map((result) => result.data()));
      const warm = performance.now() - t1;
      return { urls: data.map((item) => item.url), cold, warm, sinceNavigation };
    })()`)) as { urls: string[]; cold: number; warm: number; sinceNavigation: number };
    const { bytes, codeBytes } = await responses.settled();
    const pages = distinct(result.urls.map((url) => pageOf(url, query.locale)));
    const foreign = result.urls.filter((url) => {
      const path = new URL(url, base).pathname;
      return path !== `/${query.locale}` && !path.startsWith(`/${query.locale}/`);
    }).length;
    return { pages, bytes, codeBytes, cold: result.cold, warm: result.warm, sinceNavigation: result.sinceNavigation, foreign };
  } catch (error) {
    return {
      pages: [],
      bytes: undefined,
      codeBytes: 0,
      cold: undefined,
      warm: undefined,
      sinceNavigation: undefined,
      foreign: 0,
      failed: String(error).split('\n')[0],
    };
  } finally {
    await context.close();
  }
}

// Pagefind must find Chinese words inside longer runs of characters, which only its extended binary segments.
{
  const probe = await pagefindQuery({ locale: 'zh_TW', query: '能源', page: '', kind: 'exact' });
  if (probe.pages.length === 0) console.warn('WARNING: Pagefind finds nothing for 能源 on zh_TW: it does not segment Chinese (the extended binary is needed).');
  else console.log(`Pagefind segments Chinese: 能源 on zh_TW finds ${probe.pages.slice(0, 3).join(', ')} …`);
}

/** The locales whose /<locale>/search is a search page in this build (not, say, the English guard page). */
async function searchPageOf(locale: Locale): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/${locale}/search`);
    await page.waitForSelector('#search-input, .search-status', { state: 'attached', timeout: 10_000 });
    return new URL(page.url()).pathname.replace(/\/$/, '') === `/${locale}/search`;
  } catch {
    return false;
  } finally {
    await context.close();
  }
}
const searchPages = new Set<Locale>();
for (const locale of locales) {
  if (await searchPageOf(locale)) searchPages.add(locale);
  else
    console.warn(`ours: /${locale}/search is not a search page in this build (a guard page?): its ${locale} queries count as misses, with no bytes or times`);
}
const noSearchPage = (locale: Locale): Measure => ({
  pages: [],
  bytes: undefined,
  codeBytes: 0,
  cold: undefined,
  sinceNavigation: undefined,
  failed: `no search page at /${locale}/search`,
});

interface QueryRecord {
  query: SearchQuery;
  ours: Measure[];
  oursWarm: OursWarm[];
  pagefind: (Measure & { warm: number | undefined; foreign: number })[];
}
const limit = argument('--limit') ? Number(argument('--limit')) : Infinity;
const chosenQueries = locales.flatMap((locale) => searchQueries.filter((query) => query.locale === locale).slice(0, limit));
const records: QueryRecord[] = chosenQueries.map((query) => ({ query, ours: [], oursWarm: [], pagefind: [] }));
const started = performance.now();
for (let run = 0; run < runs; run++) {
  for (const engine of ['ours', 'pagefind'] as const) {
    const passStarted = performance.now();
    if (engine === 'ours') {
      for (const record of records) record.ours.push(searchPages.has(record.query.locale) ? await oursCold(record.query) : noSearchPage(record.query.locale));
      for (const locale of locales.filter((locale) => searchPages.has(locale))) {
        const warm = await oursWarm(
          locale,
          records.filter((record) => record.query.locale === locale).map((record) => record.query),
        );
        for (const record of records)
          if (record.query.locale === locale)
            record.oursWarm.push(warm.get(record.query) ?? { measure: undefined, submitToResults: undefined, again: undefined });
      }
    } else {
      for (const record of records) record.pagefind.push(await pagefindQuery(record.query));
    }
    console.log(`run ${run + 1}/${runs}: ${engine} ${((performance.now() - passStarted) / 1000).toFixed(0)} s`);
  }
}
console.log(`timing passes took ${((performance.now() - started) / 1000).toFixed(0)} s`);

// ——— reporting ———

const defined = (values: (number | undefined)[]) => values.filter((value): value is number => value !== undefined && Number.isFinite(value));
const median = (values: number[]) => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
};
const kb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(value < 10 ? 2 : 1)} ms`);
const percent = (hits: number, total: number) => (total ? `${((100 * hits) / total).toFixed(0)}% (${hits}/${total})` : 'n/a');
const pad = (text: string, width: number) =>
  text + ' '.repeat(Math.max(0, width - [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e80 ? 2 : 1), 0)));

/** The first run's pages decide recall; later runs are checked to return the same. */
const pagesOf = (record: QueryRecord, engine: Engine) => (engine === 'ours' ? record.ours : record.pagefind)[0]!.pages;
const hitAt = (record: QueryRecord, engine: Engine, n: number) => pagesOf(record, engine).slice(0, n).includes(record.query.page);
for (const record of records) {
  for (const engine of ['ours', 'pagefind'] as const) {
    const measures = engine === 'ours' ? record.ours : record.pagefind;
    if (measures.some((measure) => measure.pages.slice(0, 3).join() !== measures[0]!.pages.slice(0, 3).join())) {
      console.warn(`note: ${engine} returned different top pages across runs for ${record.query.locale} "${record.query.query}"`);
    }
  }
}

/** Per query, the median over runs. */
const perQuery = (pick: (record: QueryRecord, run: number) => number | undefined) =>
  records.map((record) => median(defined(Array.from({ length: runs }, (_, run) => pick(record, run)))));
const series = {
  ours: {
    bytes: perQuery((record, run) => record.ours[run]?.bytes),
    cold: perQuery((record, run) => record.ours[run]?.cold),
    next: perQuery((record, run) => record.oursWarm[run]?.measure),
    warm: perQuery((record, run) => record.oursWarm[run]?.again),
    sinceNavigation: perQuery((record, run) => record.ours[run]?.sinceNavigation),
    submitToResults: perQuery((record, run) => record.oursWarm[run]?.submitToResults),
  },
  pagefind: {
    bytes: perQuery((record, run) => record.pagefind[run]?.bytes),
    indexBytes: perQuery((record, run) =>
      record.pagefind[run]?.bytes === undefined ? undefined : record.pagefind[run]!.bytes! - record.pagefind[run]!.codeBytes,
    ),
    cold: perQuery((record, run) => record.pagefind[run]?.cold),
    warm: perQuery((record, run) => record.pagefind[run]?.warm),
    sinceNavigation: perQuery((record, run) => record.pagefind[run]?.sinceNavigation),
  },
};
const stats = (values: (number | undefined)[], format: (value: number | undefined) => string, withMax = false) => {
  const list = defined(values);
  if (list.length === 0) return 'n/a';
  const missing = values.length - list.length;
  return `median ${format(median(list))}, p95 ${format(percentile(list, 95))}${withMax ? `, max ${format(Math.max(...list))}` : ''}${missing ? ` (${list.length} of ${values.length} queries)` : ''}`;
};

const groups: [label: string, filter: (record: QueryRecord) => boolean][] = [
  ...locales.map((locale): [string, (record: QueryRecord) => boolean] => [locale, (record) => record.query.locale === locale]),
  ['all', () => true],
  ...(searchPages.size < locales.length
    ? [[`all with a page`, (record: QueryRecord) => searchPages.has(record.query.locale)] as [string, (record: QueryRecord) => boolean]]
    : []),
  ...[...new Set(chosenQueries.map((query) => query.kind))].map((kind): [string, (record: QueryRecord) => boolean] => [
    `  ${kind}`,
    (record) => record.query.kind === kind,
  ]),
];

console.log(
  `\n${chosenQueries.length} queries (${locales.map((locale) => `${chosenQueries.filter((query) => query.locale === locale).length} ${locale}`).join(', ')}); ${runs} timing run${runs === 1 ? '' : 's'}, figures per query are medians over the runs; bytes are gzip sizes (zlib level 9) of the responses' bodies.`,
);
for (const engine of ['ours', 'pagefind'] as const) {
  console.log(`\n=== ${engine === 'ours' ? 'ours (the site’s search page)' : `Pagefind ${entry.version}`} ===`);
  console.log(`${pad('recall', 16)}${pad('@1', 16)}@3`);
  for (const [label, filter] of groups) {
    const chosen = records.filter(filter);
    console.log(
      `${pad(label, 16)}${pad(percent(chosen.filter((record) => hitAt(record, engine, 1)).length, chosen.length), 16)}${percent(chosen.filter((record) => hitAt(record, engine, 3)).length, chosen.length)}`,
    );
  }
  const failures = records.filter((record) => (engine === 'ours' ? record.ours : record.pagefind).some((measure) => measure.failed));
  const reasons = new Map<string, string[]>();
  for (const record of failures) {
    const reason = (engine === 'ours' ? record.ours : record.pagefind).find((measure) => measure.failed)!.failed!;
    reasons.set(reason, [...(reasons.get(reason) ?? []), `${record.query.locale} "${record.query.query}"`]);
  }
  for (const [reason, queries] of reasons)
    console.log(`failed (${queries.length}): ${reason}: ${queries.length > 6 ? `${queries.slice(0, 6).join(', ')} …` : queries.join(', ')}`);
  if (engine === 'ours') {
    console.log(`bytes fetched per query (/_esg/search-*):  ${stats(series.ours.bytes, kb, true)}`);
    console.log(`query time, cold (esg-search measure):     ${stats(series.ours.cold, ms)}`);
    console.log(`query time, next query on an open page:  ${stats(series.ours.next, ms)}`);
    console.log(`query time, warm (the same search again):  ${stats(series.ours.warm, ms)}`);
    console.log(`for reference, navigation → results shown: ${stats(series.ours.sinceNavigation, ms)}`);
    console.log(`for reference, warm submit → results shown: ${stats(series.ours.submitToResults, ms)}`);
  } else {
    console.log(`bytes fetched per query (/pagefind/*):     ${stats(series.pagefind.bytes, kb, true)}`);
    console.log(`  of which index (without pagefind*.js, wasm): ${stats(series.pagefind.indexBytes, kb, true)}`);
    console.log(`query time, cold (search + 5 × data()):    ${stats(series.pagefind.cold, ms)}`);
    console.log(`query time, warm (the same search again):  ${stats(series.pagefind.warm, ms)}`);
    console.log(`for reference, navigation → results data:  ${stats(series.pagefind.sinceNavigation, ms)}`);
    const foreign = records.reduce((sum, record) => sum + record.pagefind[0]!.foreign, 0);
    console.log(
      foreign ? `WARNING: ${foreign} Pagefind results came from another locale than the query's` : `every Pagefind result was a page of the query's locale`,
    );
  }
}

const ratio = (ours: (number | undefined)[], theirs: (number | undefined)[]) => {
  const ratios = defined(ours.map((value, at) => (value !== undefined && theirs[at] ? value / theirs[at]! : undefined)));
  return ratios.length ? `${median(ratios)!.toFixed(2)}×${ratios.length < ours.length ? ` (${ratios.length} of ${ours.length} queries)` : ''}` : 'n/a';
};
console.log('\n=== ours / Pagefind (median over queries of the per-query ratio) ===');
console.log(
  `bytes fetched:     ${ratio(series.ours.bytes, series.pagefind.bytes)} (index only on Pagefind's side: ${ratio(series.ours.bytes, series.pagefind.indexBytes)})`,
);
console.log(`query time, cold:  ${ratio(series.ours.cold, series.pagefind.cold)}`);
console.log(`query time, warm:  ${ratio(series.ours.warm, series.pagefind.warm)}`);

const misses = records.filter((record) => !hitAt(record, 'ours', 3) || !hitAt(record, 'pagefind', 3));
console.log(`\n=== queries missed at 3 by either engine (${misses.length}) ===`);
const top = (record: QueryRecord, engine: Engine) => {
  const pages = pagesOf(record, engine).slice(0, 3);
  return `${hitAt(record, engine, 3) ? 'hit ' : 'MISS'} ${pages.length ? pages.join('  ') : '(nothing)'}`;
};
for (const record of misses) {
  console.log(`${record.query.locale} ${record.query.kind} "${record.query.query}" → ${record.query.page}`);
  console.log(`    ours:     ${top(record, 'ours')}`);
  console.log(`    pagefind: ${top(record, 'pagefind')}`);
}

await browser.close();
await new Promise<void>((done) => server.close(() => done()));
if (keep) console.log(`\nkept ${work}`);
else rmSync(work, { recursive: true, force: true });
if (existsSync(work) && !keep) console.warn(`could not remove ${work}`);
process.exit(0);
