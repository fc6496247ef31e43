/**
 * bench/build: cold builds of the sample site, then of the sample plus 1,000 and 10,000 generated
 * events, each in a fresh `esg build` process (nothing warm in memory) into a new out/ folder,
 * printing build time, pages per second, cost per page and peak memory (the process's maximum
 * resident set size). Each corpus is built once with an empty build cache (the first build after
 * `npm ci`, which made the schema validators and the client bundle into dist/cache), then with
 * the cache that build left (every build after a content edit).
 * Run with `npm run bench:build` (`-- --runs 5` for more runs per corpus, `-- --sizes 0,1000` to
 * choose the corpora). The generated content (bench/fixtures.ts) is written under the system temp
 * folder, never committed, and removed afterwards.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { esgBuild, type BuildRun } from './esgBuild.ts';
import { writeCorpus } from './fixtures.ts';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const runs = Number(argument('--runs', '3'));
const sizes = argument('--sizes', '0,1000,10000').split(',').map(Number);
const targets = { sampleSeconds: 1.5, msPerPage: 2, rssMb: 1024 };

/**
 * One cold build in a child process, into a new out/ folder, with the given build cache (parsed
 * content, conversions, search indexes, compressed copies; see cli/cache.ts).
 */
let builds = 0;
function buildOnce(contentDir: string, cacheDir: string): BuildRun {
  return esgBuild(contentDir, join(work, `out-${++builds}`), cacheDir);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const work = mkdtempSync(join(tmpdir(), 'esg-bench-build-'));
try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(`Per corpus: one build with an empty build cache, then ${runs} with the cache it left; medians. Each build is a fresh process into a new out/.`);
  console.log(`Targets: sample ≤ ${targets.sampleSeconds} s, ≤ ${targets.msPerPage} ms/page at 10,000 events, peak RSS ≤ ${targets.rssMb} MB\n`);
  console.log('corpus          pages   no cache   cached (median)  process (median)  pages/s   ms/page (no cache)   peak RSS   cached runs (s)');
  for (const size of sizes) {
    const contentDir = size === 0 ? join(root, 'content') : writeCorpus(join(work, `content-${size}`), size);
    const cacheDir = join(work, `cache-${size}`);
    const first = buildOnce(contentDir, cacheDir);
    const results: BuildRun[] = [];
    for (let r = 0; r < runs; r++) results.push(buildOnce(contentDir, cacheDir));
    const buildMs = median(results.map((run) => run.buildMs));
    const processMs = median(results.map((run) => run.processMs));
    const pages = first.pages;
    const rss = Math.max(first.rssMb, ...results.map((run) => run.rssMb));
    const label = size === 0 ? 'sample' : `+${size.toLocaleString('en')} events`;
    console.log(
      `${label.padEnd(15)} ${String(pages).padStart(5)}   ${(first.buildMs / 1000).toFixed(2).padStart(6)} s   ${(buildMs / 1000).toFixed(2).padStart(6)} s         ${(processMs / 1000).toFixed(2).padStart(6)} s          ${Math.round(
        pages / (buildMs / 1000),
      )
        .toString()
        .padStart(
          5,
        )}   ${(buildMs / pages).toFixed(2).padStart(5)} (${(first.buildMs / pages).toFixed(2)})         ${rss.toFixed(0).padStart(5)} MB   ${results.map((run) => (run.buildMs / 1000).toFixed(2)).join(' ')}`,
    );
    if (size !== 0 && existsSync(contentDir)) rmSync(contentDir, { recursive: true, force: true });
  }
  console.log(
    `\nload average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
