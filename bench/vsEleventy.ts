/**
 * bench/vsEleventy: esg against Eleventy 3 building the same site from the same content.
 *
 * For each size (default 1,000 and 10,000 generated events), the corpus of bench/fixtures.ts (the
 * sample content plus N zh_TW events) is written to a temp folder, and an Eleventy 3 project is made
 * from it (bench/eleventySite, copied): the corpus's YAML as its content/, each event's Markdown file
 * (front matter and body, as written) in its input folder, the assets. Then esg and Eleventy build
 * in turn, each in a fresh process into a new folder, pair after pair: esg cold, Eleventy cold, esg
 * warm, Eleventy warm. Printed per size: the pages each wrote (HTML files and bytes), median wall
 * time from spawn to exit, the median of the per-pair ratios esg/Eleventy (cold and warm; and cold
 * for esg with `--compress`, the compressed copies nginx and esg serve send, built after Eleventy's
 * cold build in each pair with an empty cache of its own), peak RSS,
 * and one changed event (esg only, as many times as pairs): a warm esg build, then one event's body
 * gets a sentence more and esg builds again with the same cache into the same folder (an
 * incremental build); the median ratio of the changed build to the warm build just before it.
 *
 * cold: esg with an empty build cache (ESG_CACHE_DIR: content parsed and converted, every
 * photograph encoded afresh, and with `--compress` every page compressed afresh; the command itself is the compiled dist/, as
 * `npm install` leaves it, with the schema validators and the client bundle it made then in
 * dist/cache); Eleventy with no .cache folder. Both into a new folder.
 * warm: esg with the cache its cold build of the same content left; Eleventy again as it is: it keeps
 * nothing between builds (no persistent cache; `--incremental` works only while watching or serving),
 * so its warm build differs from its cold one only by the operating system's file cache.
 * Peak RSS: GNU time's maximum resident set size of the command, the largest single process of its
 * tree: esg runs its search index in a worker thread of the same process; Eleventy's Pagefind step
 * runs Pagefind's binary as a child process, whose memory is not added to Node's (the larger counts).
 *
 * What the Eleventy side does (bench/eleventySite; 11ty.js JavaScript templates, the fastest of
 * Eleventy's template languages for this, and `--quiet`):
 * - reads every event's Markdown itself (Eleventy's Markdown templates, front matter included),
 *   renders it with markdown-it with esg's options, the {{metric year}} figures written in by a
 *   preprocessor; the layout puts the rendered body in esg's page shell;
 * - reads every YAML file it uses (site, metrics, menus, sitemaps, messages, home, articles, focus
 *   pages) with the `yaml` package in a global data file, at build time;
 * - makes zh_CN from zh_TW in the build as esg does, with opencc-js (t2cn, twp → cn): the YAML data
 *   converted in the data step, the event pages by pagination over the zh_TW events with a
 *   `simplified` filter on their texts and rendered body (each distinct string converted once);
 * - writes the pages esg writes for events (zh_TW, zh_CN; English where an English file exists, the
 *   English guard page elsewhere), the event list (every event, a section per year, the year
 *   filter), the home page, every article and focus page (zh_TW, zh_CN; English where written, the
 *   guard elsewhere): the same <head> (meta, title, canonical, hreflang alternates, Open Graph,
 *   stylesheet), header (the menu island's props and its rendered menu, search popup, language
 *   switch), footer (sitemap groups, report download), floating buttons and modal host props, and
 *   the same <main>: per page within a few percent of esg's bytes (the counts are printed);
 * - writes the events API as esg does (api/<locale>/events.json and events/<id>.json, the default
 *   locale also under api/; the same JSON), sitemap.xml with hreflang alternates, robots.txt;
 * - copies the assets; indexes the output with Pagefind's Node API (`eleventy.after`; each page's
 *   <main>, esg's `data-search-skip` parts left out, one index per language) within its timing, as
 *   esg's build includes its search index.
 * What esg does and the Eleventy side does not (the comparison favours Eleventy by all of it):
 * - validates every content file against its JSON Schema (ajv), with each problem at its line;
 *   checks event ids, the metrics registry (units, sums, shares), every reference (pages, anchors,
 *   assets, events, report files) and the forms' content;
 * - bundles the client (esbuild: widgets, CSS, hashed chunks) and renders with React (the Eleventy
 *   pages link a stylesheet and a script that are not there);
 * - builds the pages Eleventy leaves out: index2023, index2024, report download, search, event/oops,
 *   sustainable, the Global Compact, performance and performance2024 (tabs), the ESG data page,
 *   materiality, components, the five report indexes, quiz, questionnaire, 404 pages (about 95
 *   pages of a few thousand), with their CSV tables, open data files and _headers;
 * - encodes photographs (sharp; the corpus has SVG illustrations only, so neither side has any);
 * - with `--compress` (a line of its own), writes a gzip and a brotli copy of every text file;
 * - writes into a staging folder and swaps it in only when every stage succeeded.
 *
 * Run with `npm run bench:vs-eleventy` (`-- --sizes 1000` for one size, `-- --pairs 5` for five
 * pairs at every size; default 3 pairs at 1,000 and 2 at 10,000; `-- --keep` keeps the temp folder
 * and the first pair's outputs; `-- --stages` prints every esg build's stage times). Timings are printed, not tested: on this shared two-core machine
 * they vary by a third from run to run, hence the alternating pairs and medians.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { esgBuild, type BuildRun } from './esgBuild.ts';
import { writeCorpus } from './fixtures.ts';

const root = resolve(import.meta.dirname, '..');
const siteTemplate = join(root, 'bench/eleventySite');
const eleventyCommand = join(root, 'node_modules/@11ty/eleventy/cmd.cjs');
const eleventyVersion = (JSON.parse(readFileSync(join(root, 'node_modules/@11ty/eleventy/package.json'), 'utf8')) as { version: string }).version;
const pagefindVersion = (JSON.parse(readFileSync(join(root, 'node_modules/pagefind/package.json'), 'utf8')) as { version: string }).version;

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const sizes = (argument('--sizes') ?? '1000,10000').split(',').map(Number);
const pairsOf = (size: number) => Number(argument('--pairs') ?? (size >= 10_000 ? 2 : 3));
const keep = process.argv.includes('--keep');
/** Print the stage lines of every esg build (where the time of a changed-event build goes). */
const stages = process.argv.includes('--stages');

/** The issue's targets, esg/Eleventy wall time (and esg's peak memory at 10,000 events). */
const targets = (size: number) => (size >= 10_000 ? { cold: 0.4, warm: 0.4, rssMb: 1024 } : { cold: 0.8, warm: 0.5, rssMb: undefined });
const changedTarget = 0.1;

// ——— the Eleventy project ———

/** The Eleventy project of a corpus: bench/eleventySite, the corpus's YAML, its events' Markdown, its assets. */
function writeEleventyProject(corpusDir: string, projectDir: string): string {
  cpSync(siteTemplate, projectDir, { recursive: true });
  writeFileSync(join(projectDir, 'package.json'), `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`);
  symlinkSync(join(root, 'node_modules'), join(projectDir, 'node_modules'), 'dir');
  const isEvent = (path: string) => /[/\\]events[/\\][^/\\]+\.md$/.test(path);
  cpSync(corpusDir, join(projectDir, 'content'), { recursive: true, filter: (path) => !isEvent(path) && !path.startsWith(join(corpusDir, 'assets')) });
  for (const [from, to] of [
    ['zh_TW/events', 'src/zh_TW/event'],
    ['en/events', 'src/en/event'],
  ] as const) {
    for (const name of readdirSync(join(corpusDir, from)).filter((file) => file.endsWith('.md')))
      cpSync(join(corpusDir, from, name), join(projectDir, to, name));
  }
  cpSync(join(corpusDir, 'assets'), join(projectDir, 'src/assets'), { recursive: true });
  return projectDir;
}

interface Run {
  /** Wall time from spawn to exit. */
  ms: number;
  rssMb: number;
  /** The tool's own figure: esg's build time (stages), Eleventy's "in X seconds" (without Pagefind). */
  ownMs: number;
  /** Eleventy only: Pagefind's indexing and writing. */
  pagefindMs?: number;
}

function fromEsg(run: BuildRun, label: string): Run {
  if (stages) console.log(`  esg ${label}: ${(run.processMs / 1000).toFixed(2)} s\n${run.stdout.trim().replace(/^/gm, '    ')}`);
  return { ms: run.processMs, rssMb: run.rssMb, ownMs: run.buildMs };
}

/** One Eleventy build plus Pagefind in a fresh process, measured as esgBuild measures esg. */
function eleventyBuild(projectDir: string, outDir: string): Run {
  rmSync(join(projectDir, '.cache'), { recursive: true, force: true });
  spawnSync('sync');
  const started = performance.now();
  const child = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, eleventyCommand, '--quiet', '--output', outDir], {
    cwd: projectDir,
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`Eleventy failed:\n${child.stdout}\n${child.stderr}`);
  const output = `${child.stdout}\n${child.stderr}`;
  const wrote = /Wrote \d+ files in ([\d.]+) seconds/.exec(output);
  const pagefind = /pagefind: indexed \d+ pages in (\d+) ms/.exec(output);
  return {
    ms,
    rssMb: Number(child.stderr.trim().split('\n').at(-1)) / 1024,
    ownMs: wrote ? Number(wrote[1]) * 1000 : NaN,
    pagefindMs: pagefind ? Number(pagefind[1]) : undefined,
  };
}

// ——— what each wrote ———

interface Output {
  pages: number;
  /** Each HTML file's path in the folder. */
  paths: Set<string>;
  htmlBytes: number;
  json: number;
  files: number;
  bytes: number;
}

/** HTML pages and their bytes, JSON files, and every file (compressed copies and search files aside). */
function outputOf(dir: string): Output {
  const total: Output = { pages: 0, paths: new Set(), htmlBytes: 0, json: 0, files: 0, bytes: 0 };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!['pagefind', '_esg'].includes(entry.name) || folder !== dir) walk(path);
        continue;
      }
      if (entry.name.endsWith('.gz') || entry.name.endsWith('.br')) continue;
      const size = statSync(path).size;
      total.files++;
      total.bytes += size;
      if (entry.name.endsWith('.html')) {
        total.pages++;
        total.paths.add(path.slice(dir.length + 1));
        total.htmlBytes += size;
      } else if (entry.name.endsWith('.json') && path.includes(`${dir}/api/`)) total.json++;
    }
  };
  walk(dir);
  return total;
}

// ——— the run ———

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const count = (value: number) => value.toLocaleString('en');

const work = mkdtempSync(join(tmpdir(), 'esg-bench-vs-eleventy-'));
let outputs = 0;
const newOut = (name: string) => join(work, 'out', `${++outputs}-${name}`);
mkdirSync(join(work, 'out'));

try {
  console.log(`esg against Eleventy ${eleventyVersion} (+ Pagefind ${pagefindVersion}), ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Linux ${release()}, Node ${process.version}, load average ${load()}`,
  );
  console.log(
    'Each build a fresh process into a new folder; pairs alternate esg cold, Eleventy cold, esg warm, Eleventy warm. Times are wall time from spawn to exit.\n',
  );
  for (const size of sizes) {
    const pairs = pairsOf(size);
    const label = `${count(size)} events`;
    console.log(`── ${label}: ${pairs} pair${pairs === 1 ? '' : 's'} ──`);
    const corpus = writeCorpus(join(work, `content-${size}`), size);
    const project = writeEleventyProject(corpus, join(work, `eleventy-${size}`));
    const runs = { esgCold: [] as Run[], esgWarm: [] as Run[], elCold: [] as Run[], elWarm: [] as Run[], esgColdCompressed: [] as Run[] };
    const built: { esg?: Output; eleventy?: Output } = {};
    const firstOuts: string[] = [];
    let cache = '';
    for (let pair = 1; pair <= pairs; pair++) {
      const loadBefore = load();
      cache = join(work, `cache-${size}-${pair}`);
      const esgColdOut = newOut(`esg-cold-${size}`);
      const esgCold = fromEsg(esgBuild(corpus, esgColdOut, cache), 'cold');
      const elColdOut = newOut(`eleventy-cold-${size}`);
      const elCold = eleventyBuild(project, elColdOut);
      // The same with the compressed copies nginx and esg serve send (`--compress`), its own empty cache.
      const esgColdCompressed = fromEsg(esgBuild(corpus, newOut(`esg-cold-compressed-${size}`), `${cache}-compressed`, ['--compress']), 'cold --compress');
      const esgWarm = fromEsg(esgBuild(corpus, newOut(`esg-warm-${size}`), cache), 'warm');
      const elWarm = eleventyBuild(project, newOut(`eleventy-warm-${size}`));
      if (pair === 1) {
        built.esg = outputOf(esgColdOut);
        built.eleventy = outputOf(elColdOut);
        firstOuts.push(esgColdOut, elColdOut);
      }
      runs.esgCold.push(esgCold);
      runs.elCold.push(elCold);
      runs.esgColdCompressed.push(esgColdCompressed);
      runs.esgWarm.push(esgWarm);
      runs.elWarm.push(elWarm);
      console.log(
        `pair ${pair} (load ${loadBefore}): esg cold ${seconds(esgCold.ms)}, Eleventy cold ${seconds(elCold.ms)} (ratio ${(esgCold.ms / elCold.ms).toFixed(2)}); esg cold --compress ${seconds(esgColdCompressed.ms)} (ratio ${(esgColdCompressed.ms / elCold.ms).toFixed(2)}); esg warm ${seconds(esgWarm.ms)}, Eleventy warm ${seconds(elWarm.ms)} (ratio ${(esgWarm.ms / elWarm.ms).toFixed(2)})`,
      );
    }

    // One changed event: a warm esg build into a new folder, then one event's body gets a sentence
    // more and esg builds again into the same folder, as an editor builds again (incremental: it
    // renders what the change reaches); the ratio of the two, adjacent so that they share the load.
    const changed: Run[] = [];
    const beforeChange: Run[] = [];
    const eventFile = join(corpus, 'zh_TW/events/bench-00000.md');
    for (let r = 1; r <= pairs; r++) {
      const out = newOut(`esg-warm-${size}`);
      beforeChange.push(fromEsg(esgBuild(corpus, out, cache), 'warm before a change'));
      appendFileSync(eventFile, `\n本段為第 ${r} 次修改時加入的說明，用來測量只改一則活動時的建置時間。\n`);
      changed.push(fromEsg(esgBuild(corpus, out, cache, ['--incremental']), 'one event changed'));
    }

    const esg = built.esg!;
    const el = built.eleventy!;
    console.log(
      `pages (HTML files):  esg ${count(esg.pages)} (${mb(esg.htmlBytes)}, ${(esg.htmlBytes / esg.pages / 1024).toFixed(1)} KB each)   Eleventy ${count(el.pages)} (${mb(el.htmlBytes)}, ${(el.htmlBytes / el.pages / 1024).toFixed(1)} KB each)   Eleventy/esg: pages ${(el.pages / esg.pages).toFixed(3)}, HTML bytes ${(el.htmlBytes / esg.htmlBytes).toFixed(3)}`,
    );
    console.log(
      `other output:        esg ${count(esg.json)} API JSON files, ${count(esg.files)} files ${mb(esg.bytes)} without .gz/.br copies and _esg/   Eleventy ${count(el.json)} API JSON files, ${count(el.files)} files ${mb(el.bytes)} without pagefind/`,
    );
    const only = (a: Output, b: Output) => [...a.paths].filter((path) => !b.paths.has(path));
    const esgOnly = only(esg, el);
    const elOnly = only(el, esg);
    const sample = (list: string[]) =>
      list
        .slice(0, 6)
        .map((path) => path.replace(/\/index\.html$/, ''))
        .join(', ');
    console.log(
      `pages only esg wrote: ${esgOnly.length}${esgOnly.length ? ` (${sample(esgOnly)}, …)` : ''}; only Eleventy wrote: ${elOnly.length}${elOnly.length ? ` (${sample(elOnly)})` : ''}`,
    );
    if (Math.abs(el.pages / esg.pages - 1) > 0.1 || Math.abs(el.htmlBytes / esg.htmlBytes - 1) > 0.15)
      console.log('  WARNING: the two outputs differ by more than 10 % in pages or 15 % in HTML bytes: the comparison is not like for like.');
    const target = targets(size);
    const ratio = (a: Run[], b: Run[]) => median(a.map((run, i) => run.ms / b[i]!.ms));
    const row = (name: string, a: Run[], b: Run[], goal?: number) =>
      console.log(
        `${name.padEnd(6)} esg ${seconds(median(a.map((run) => run.ms))).padStart(8)}   Eleventy ${seconds(median(b.map((run) => run.ms))).padStart(8)}   median ratio esg/Eleventy ${ratio(a, b).toFixed(2)}${goal ? ` (target ≤ ${goal})` : ''}   runs esg ${a.map((run) => (run.ms / 1000).toFixed(2)).join(' ')}, Eleventy ${b.map((run) => (run.ms / 1000).toFixed(2)).join(' ')}`,
      );
    row('cold', runs.esgCold, runs.elCold, target.cold);
    row('warm', runs.esgWarm, runs.elWarm, target.warm);
    row('cold, esg with --compress (nginx, esg serve):', runs.esgColdCompressed, runs.elCold);
    const ownFigures = (list: Run[]) => list.map((run) => (run.ownMs / 1000).toFixed(2)).join(' ');
    console.log(
      `own figures (s):     esg's "built … in" cold ${ownFigures(runs.esgCold)}, warm ${ownFigures(runs.esgWarm)}; Eleventy's "Wrote … in" (Pagefind included) cold ${ownFigures(runs.elCold)}, warm ${ownFigures(runs.elWarm)}; Pagefind (within Eleventy's wall time) ${[...runs.elCold, ...runs.elWarm].map((run) => ((run.pagefindMs ?? NaN) / 1000).toFixed(2)).join(' ')}`,
    );
    const peak = (list: Run[]) => Math.max(...list.map((run) => run.rssMb));
    console.log(
      `peak RSS:            esg ${peak([...runs.esgCold, ...runs.esgColdCompressed, ...runs.esgWarm, ...beforeChange, ...changed]).toFixed(0)} MB${target.rssMb ? ` (target ≤ ${target.rssMb} MB)` : ''} (cold ${runs.esgCold.map((run) => run.rssMb.toFixed(0)).join(' ')}, cold --compress ${runs.esgColdCompressed.map((run) => run.rssMb.toFixed(0)).join(' ')}, warm ${runs.esgWarm.map((run) => run.rssMb.toFixed(0)).join(' ')}, warm before a change ${beforeChange.map((run) => run.rssMb.toFixed(0)).join(' ')}, one event changed ${changed.map((run) => run.rssMb.toFixed(0)).join(' ')})   Eleventy ${peak([...runs.elCold, ...runs.elWarm]).toFixed(0)} MB (cold ${runs.elCold.map((run) => run.rssMb.toFixed(0)).join(' ')}, warm ${runs.elWarm.map((run) => run.rssMb.toFixed(0)).join(' ')})`,
    );
    const changedRatio = median(changed.map((run, i) => run.ms / beforeChange[i]!.ms));
    console.log(
      `one changed event:   esg ${seconds(median(changed.map((run) => run.ms)))} after a warm full build of ${seconds(median(beforeChange.map((run) => run.ms)))}: median ratio ${changedRatio.toFixed(2)} (target ≤ ${changedTarget}; an incremental build into the same folder)   runs ${changed.map((run, i) => `${(beforeChange[i]!.ms / 1000).toFixed(2)} → ${(run.ms / 1000).toFixed(2)}`).join(', ')}`,
    );
    console.log(`load average after:  ${load()}\n`);

    // Every output of this size goes at once, after its last build (deleting a large folder slows the next build's writes).
    for (const entry of readdirSync(join(work, 'out')))
      if (!(keep && firstOuts.includes(join(work, 'out', entry)))) rmSync(join(work, 'out', entry), { recursive: true, force: true });
    if (!keep)
      for (const dir of [
        corpus,
        project,
        ...readdirSync(work)
          .filter((name) => name.startsWith(`cache-${size}-`))
          .map((name) => join(work, name)),
      ])
        rmSync(dir, { recursive: true, force: true });
    if (keep) console.log(`kept: corpus ${corpus}, Eleventy project ${project}, outputs ${firstOuts.join(' ')}\n`);
    // The disk settles (online discard) before the next size's first build.
    spawnSync('sync');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5000);
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}
