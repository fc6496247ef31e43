/**
 * bench/search: builds the sample site (or, with `--events N`, the sample plus N generated events,
 * bench/fixtures.ts) and prints, per locale: its pages, sections and terms; the size of its index
 * files (the core, the term shards, the page shards; raw and gzipped); the bytes (gzip) the search
 * page fetches before the first results appear, for each query of a fixed list (the core, the term
 * shards of the query and of its variants, the page shards of the first results), as median and
 * maximum; the time from nothing to the first results (files parsed, loaded, searched); and the
 * median and p95 time of the list's queries searched one after another on one page. Then the size
 * of the search widget's own code.
 *
 * Run with `npm run bench:search` (`-- --events 10000` for the fixture corpus, `-- --out DIR` to
 * measure an existing build). Targets: at most 150 KB gzip before the first result on
 * the sample site, 400 KB at 10,000 events.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build } from '../cli/build/index.ts';
import { bundleFolder } from '../cli/siteFiles.ts';
import { indexFileNames } from '../cli/build/search/localeIndex.ts';
import type { SearchIndexFile } from '../widgets/search/engine.ts';
import { ShardedIndex } from '../widgets/search/shardedIndex.ts';
import { writeCorpus } from './fixtures.ts';

/** Queries of each locale, in its own script, plus some in the other script, synonyms, questions and Latin. */
const queries: Record<string, string[]> = {
  zh_TW: [
    '減碳',
    '排放',
    '溫室氣體',
    '碳',
    '永續',
    '环境',
    '太陽光電',
    '誠信經營',
    '供應商',
    '職業安全',
    '淨零',
    'GRI 403',
    'SDG 13',
    '2050',
    '人權',
    '水資源',
    '廢棄物',
    '董事會',
    '教育訓練',
    '生物多樣性',
    '社區',
    '綠電',
    '職安',
    '公司的再生能源目標是什麼',
  ],
  zh_CN: [
    '减碳',
    '排放',
    '温室气体',
    '碳',
    '永續',
    '环境',
    '太阳光电',
    '诚信经营',
    '供应商',
    '職業安全',
    '净零',
    'GRI 403',
    'SDG 13',
    '2050',
    '人权',
    '水资源',
    '废弃物',
    '董事会',
    '教育训练',
    '生物多样性',
    '社区',
    '绿电',
    '資訊安全',
  ],
  en: ['emissions', 'solar', 'integrity', 'supplier', 'report', 'school', 'safety', 'GRI', '2024', 'net zero', 'green power', 'how do you recycle water'],
};
const rounds = 10;

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const events = Number(option('--events') ?? 0);
const work = option('--out') ? undefined : mkdtempSync(join(tmpdir(), 'esg-bench-search-'));
const outDir = option('--out') ? resolve(option('--out')!) : join(work!, 'out');
if (work) {
  const contentDir = events ? writeCorpus(join(work, 'content'), events) : resolve(import.meta.dirname, '../content');
  await build({ contentDir, outDir, verbose: false });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const median = (values: number[]) => percentile(values, 50);

console.log(`search index of ${events ? `the sample plus ${events} events` : (option('--out') ?? 'the sample site')}`);
const names = readdirSync(join(outDir, bundleFolder));
for (const [locale, list] of Object.entries(queries)) {
  const files = indexFileNames(names, locale);
  if (!files.core) continue;
  const texts = new Map<string, string>();
  const read = (url: string) => {
    if (!texts.has(url)) texts.set(url, readFileSync(join(outDir, url), 'utf8'));
    return texts.get(url)!;
  };
  const gzipped = new Map<string, number>();
  const gzip = (url: string) => {
    if (!gzipped.has(url)) gzipped.set(url, gzipSync(read(url)).length);
    return gzipped.get(url)!;
  };
  const coreUrl = `/${bundleFolder}/${files.core}`;
  const shardUrls = files.shards.map((name) => `/${bundleFolder}/${name}`);
  const core = JSON.parse(read(coreUrl)) as SearchIndexFile;
  const pageUrls = core.pageShards.map((shard) => shard.url);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const sizes = (urls: string[]) =>
    `${urls.length} files, ${kb(sum(urls.map((url) => Buffer.byteLength(read(url)))))} raw, ${kb(sum(urls.map(gzip)))} gzip, median ${kb(median(urls.map(gzip)))} gzip`;
  console.log(
    `\n${locale}: ${core.pageSections.length} pages, ${sum(core.pageSections)} sections, ${sum(shardUrls.map((url) => (JSON.parse(read(url)) as unknown[]).length))} terms`,
  );
  console.log(`  core         ${kb(Buffer.byteLength(read(coreUrl)))} raw, ${kb(gzip(coreUrl))} gzip`);
  console.log(`  term shards  ${sizes(shardUrls)}`);
  console.log(`  page shards  ${sizes(pageUrls)}`);

  // What the search page fetches before its first results: a fresh index per query.
  const fetched = [];
  for (const query of list) {
    const requested: string[] = [];
    await new ShardedIndex(coreUrl, shardUrls, async (url) => {
      requested.push(url);
      return JSON.parse(read(url)) as unknown;
    }).search(query);
    fetched.push({ query, gzip: sum(requested.map(gzip)), files: requested.length });
  }
  const largest = fetched.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  console.log(
    `  fetched before the first results (gzip): median ${kb(median(fetched.map((entry) => entry.gzip)))} (${median(fetched.map((entry) => entry.files))} files), max ${kb(largest.gzip)} ("${largest.query}", ${largest.files} files)`,
  );

  // From nothing to the first results: every file parsed from its text, loaded and searched.
  const first: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await new ShardedIndex(coreUrl, shardUrls, async (url) => JSON.parse(read(url)) as unknown).search(list[0]!);
    first.push(performance.now() - started);
  }
  // One page, the list searched again and again: each query loads its shards' terms (parsed once).
  const parsed = new Map<string, unknown>();
  const page = new ShardedIndex(coreUrl, shardUrls, async (url) => {
    if (!parsed.has(url)) parsed.set(url, JSON.parse(read(url)));
    return parsed.get(url);
  });
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of list) {
      const started = performance.now();
      await page.search(query);
      if (round > 0) times.push(performance.now() - started);
    }
  }
  console.log(
    `  time: "${list[0]}" from nothing to results ${ms(median(first))} (median of ${rounds}); queries one after another median ${ms(median(times))}, p95 ${ms(percentile(times, 95))}`,
  );
}

// The search results' browser code in one file: its chunk and the engine's, with what they share with the entry (no React).
const widget = await esbuild({
  entryPoints: [resolve(import.meta.dirname, '../widgets/search/results.ts')],
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
});
const code = widget.outputFiles[0]!.contents;
console.log(
  `\nsearch widget code (MiniSearch, tokenizer, vocabulary, snippets, DOM drawing; no React): ${kb(code.length)} raw, ${kb(gzipSync(code).length)} gzip`,
);
if (work) rmSync(work, { recursive: true, force: true });
