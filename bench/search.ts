/**
 * bench/search: builds the sample site and prints, per locale, the number of section documents,
 * the index core's size and its term shards' sizes (raw and gzipped), the bytes (gzip) a query
 * downloads (the core and the shards of its terms, as typed and as converted), the time to parse
 * and load the whole index and the core, the time from nothing to the results of the first query
 * (its core and shards parsed and loaded, as the search page does), and the median and p95 time of
 * a fixed list of queries;
 * then the size of the search widget's own code. Run with `npm run bench:search` (optionally
 * `-- --out DIR` to measure an existing build).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import MiniSearch from 'minisearch';
import { build } from '../cli/pipeline/index.ts';
import { bundleFolder } from '../cli/pipeline/bundle.ts';
import { indexFileNames } from '../cli/pipeline/localeIndex.ts';
import { convertQuery, indexOptions, searchSections, type SearchIndexFile, type SectionDocument } from '../widgets/search/engine.ts';
import { joinShards, ShardedIndex } from '../widgets/search/shardedIndex.ts';
import { shardsOfQuery, type TermEntries } from '../widgets/search/shards.ts';

/** Queries of each locale, in its own script, plus some in the other script and in Latin; the first is the audited one. */
const queries: Record<string, string[]> = {
  zh_TW: ['減碳', '排放', '溫室氣體', '碳', '永續', '环境', '太陽光電', '誠信經營', '供應商', '職業安全', '淨零', 'GRI 403', 'SDG 13', '2050', '人權', '水資源', '廢棄物', '董事會', '教育訓練', '生物多樣性', '社區'],
  zh_CN: ['减碳', '排放', '温室气体', '碳', '永續', '环境', '太阳光电', '诚信经营', '供应商', '職業安全', '净零', 'GRI 403', 'SDG 13', '2050', '人权', '水资源', '废弃物', '董事会', '教育训练', '生物多样性', '社区'],
  en: ['emissions', 'solar', 'integrity', 'supplier', 'report', 'school', 'safety', 'GRI', '2024', 'net zero'],
};
const loadRuns = 10;
const queryRounds = 20;

const outArgument = process.argv.indexOf('--out');
const work = outArgument > 0 ? undefined : mkdtempSync(join(tmpdir(), 'esg-bench-search-'));
const outDir = outArgument > 0 ? resolve(process.argv[outArgument + 1]!) : join(work!, 'out');
if (work) await build({ contentDir: resolve(import.meta.dirname, '../content'), outDir, verbose: false });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const timed = async (run: () => unknown) => {
  const times: number[] = [];
  for (let i = 0; i < loadRuns; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
};
const load = (index: SearchIndexFile['index']) => MiniSearch.loadJS<SectionDocument>(index, indexOptions);

const names = readdirSync(join(outDir, bundleFolder));
for (const [locale, list] of Object.entries(queries)) {
  const files = indexFileNames(names, locale);
  if (!files.core) continue;
  const read = (name: string) => readFileSync(join(outDir, bundleFolder, name), 'utf8');
  const coreJson = read(files.core);
  const shardJson = files.shards.map(read);
  const size = (json: string) => ({ raw: Buffer.byteLength(json), gzip: gzipSync(json).length });
  const core = size(coreJson);
  const shards = shardJson.map(size);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const coreFile = JSON.parse(coreJson) as SearchIndexFile;
  const whole = joinShards(coreFile, shardJson.map((json) => JSON.parse(json) as TermEntries));
  const index = load(whole.index);

  console.log(`\n${locale}: ${index.documentCount} documents, ${whole.index.index.length} terms`);
  console.log(`  whole index  ${kb(core.raw + sum(shards.map((shard) => shard.raw)))} raw, ${kb(core.gzip + sum(shards.map((shard) => shard.gzip)))} gzip (the sum of its files)`);
  console.log(`  core         ${kb(core.raw)} raw, ${kb(core.gzip)} gzip (stored fields ${kb(gzipSync(JSON.stringify(coreFile.index.storedFields)).length)} gzip of it)`);
  const sorted = (key: 'raw' | 'gzip') => shards.map((shard) => shard[key]).sort((a, b) => a - b);
  console.log(`  ${String(shards.length).padStart(2)} shards    raw min/median/max ${[0, 50, 100].map((p) => kb(percentile(sorted('raw'), p))).join(' / ')}; gzip ${[0, 50, 100].map((p) => kb(percentile(sorted('gzip'), p))).join(' / ')}`);

  // What the search page downloads for a query: the core and the shards of the query as typed and as converted.
  const downloaded = list.map((query) => {
    const needed = new Set([...shardsOfQuery(query, shards.length), ...shardsOfQuery(convertQuery(query, coreFile.scriptPairs), shards.length)]);
    return { query, shards: needed.size, gzip: core.gzip + sum([...needed].map((shard) => shards[shard]!.gzip)) };
  });
  const [first] = downloaded;
  console.log(`  a query downloads (gzip): "${first!.query}" ${kb(first!.gzip)} (${first!.shards} shard); median ${kb(percentile(downloaded.map((entry) => entry.gzip), 50))}, max ${kb(percentile(downloaded.map((entry) => entry.gzip), 100))} ("${downloaded.reduce((a, b) => (b.gzip > a.gzip ? b : a)).query}")`);

  const wholeJson = JSON.stringify(whole);
  const loadWhole = await timed(() => load((JSON.parse(wholeJson) as SearchIndexFile).index));
  const loadCore = await timed(() => load((JSON.parse(coreJson) as SearchIndexFile).index));
  // The search page: the core and the first query's shards, parsed from their text, loaded and searched.
  const texts = new Map([[files.core, coreJson], ...files.shards.map((name, shard): [string, string] => [name, shardJson[shard]!])]);
  const firstQuery = await timed(() => new ShardedIndex(files.core!, files.shards, async (name) => JSON.parse(texts.get(name)!) as unknown).search(list[0]!));
  const times: number[] = [];
  for (let round = 0; round < queryRounds; round++) {
    for (const query of list) {
      const started = performance.now();
      searchSections(index, query, coreFile.scriptPairs);
      times.push(performance.now() - started);
    }
  }
  console.log(`  load (median): whole index ${ms(loadWhole)}, core ${ms(loadCore)}; "${list[0]}" from nothing to results ${ms(firstQuery)}; query median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
}

// The search widget's chunk as the site bundles it (React excluded: every island shares it).
const widget = await esbuild({
  entryPoints: [resolve(import.meta.dirname, '../widgets/SearchResults.tsx')],
  bundle: true, minify: true, write: false, format: 'esm', jsx: 'automatic', external: ['react', 'react-dom', 'react/jsx-runtime'],
});
const code = widget.outputFiles[0]!.contents;
console.log(`\nsearch widget code (MiniSearch, tokenizer, conversion, UI; without React): ${kb(code.length)} raw, ${kb(gzipSync(code).length)} gzip`);
const opencc = (file: string) => readFileSync(resolve(import.meta.dirname, '../node_modules/opencc-js/dist/esm', file));
for (const file of ['t2cn.js', 'cn2t.js']) console.log(`for comparison, opencc-js ${file}: ${kb(opencc(file).length)} raw, ${kb(gzipSync(opencc(file)).length)} gzip`);
if (work) rmSync(work, { recursive: true, force: true });
