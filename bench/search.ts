/**
 * bench/search: builds the sample site and prints, per locale, the number of section documents,
 * the index file's size raw and gzipped, the time to parse and load it, and the median and p95
 * time of a fixed list of queries; then the size of the search widget's own code. Run with
 * `npm run bench:search` (optionally `-- --out DIR` to measure an existing build).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build } from '../cli/build/index.ts';
import { bundleFolder } from '../cli/build/bundle.ts';
import { loadIndex, searchSections, type SearchIndexFile } from '../widgets/search/engine.ts';

/** Queries of each locale, in its own script, plus some in the other script and in Latin. */
const queries: Record<string, string[]> = {
  zh_TW: ['排放', '溫室氣體', '碳', '永續', '环境', '太陽光電', '誠信經營', '供應商', '職業安全', '淨零', 'GRI 403', 'SDG 13', '2050', '人權', '水資源', '廢棄物', '董事會', '教育訓練', '生物多樣性', '社區'],
  zh_CN: ['排放', '温室气体', '碳', '永續', '环境', '太阳光电', '诚信经营', '供应商', '職業安全', '净零', 'GRI 403', 'SDG 13', '2050', '人权', '水资源', '废弃物', '董事会', '教育训练', '生物多样性', '社区'],
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

console.log('locale  documents  index raw   gzip       load (median)  query median  query p95');
for (const [locale, list] of Object.entries(queries)) {
  const name = readdirSync(join(outDir, bundleFolder)).find((file) => file.startsWith(`search-${locale}-`));
  if (!name) continue;
  const json = readFileSync(join(outDir, bundleFolder, name), 'utf8');
  const loads: number[] = [];
  let file!: SearchIndexFile;
  let index!: ReturnType<typeof loadIndex>;
  for (let run = 0; run < loadRuns; run++) {
    const started = performance.now();
    file = JSON.parse(json) as SearchIndexFile;
    index = loadIndex(file);
    loads.push(performance.now() - started);
  }
  const times: number[] = [];
  for (let round = 0; round < queryRounds; round++) {
    for (const query of list) {
      const started = performance.now();
      searchSections(index, query, file.scriptPairs);
      times.push(performance.now() - started);
    }
  }
  const raw = Buffer.byteLength(json);
  console.log(
    [locale.padEnd(7), String(index.documentCount).padEnd(10), kb(raw).padEnd(11), kb(gzipSync(json).length).padEnd(10), ms(percentile(loads, 50)).padEnd(14), ms(percentile(times, 50)).padEnd(13), ms(percentile(times, 95))].join(' '),
  );
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
