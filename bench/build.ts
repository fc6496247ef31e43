/**
 * bench/build: cold builds of the sample site, then of the sample plus 1,000 and 10,000 generated
 * events, each in a fresh `esg build` process (so nothing is warm), printing build time, pages per
 * second, cost per page and peak memory (the process's maximum resident set size).
 * Run with `npm run bench:build` (`-- --runs 5` for more runs per corpus, `-- --sizes 0,1000` to
 * choose the corpora). The generated content is written under the system temp folder (the
 * bench/fixtures idea of the issue, never committed) and removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

interface Run {
  /** The build's own time, as `esg build` prints it (stages only, without starting Node). */
  buildMs: number;
  /** The whole process, from spawn to exit: Node start, loading the TypeScript sources, the build. */
  processMs: number;
  pages: number;
  rssMb: number;
}

/** One cold build in a child process; peak memory from the process's own resource usage. */
function buildOnce(contentDir: string, outDir: string): Run {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', childScript, contentDir, outDir], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  const processMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`build failed:\n${child.stdout}\n${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { ms: number; pages: number; maxRSS: number };
  return { buildMs: result.ms, processMs, pages: result.pages, rssMb: result.maxRSS / 1024 };
}

// The child runs what `esg build` runs and reports its peak RSS (kilobytes) when done.
const childScript = `
const { build } = await import(${JSON.stringify(join(root, 'cli/build/index.ts'))});
const [contentDir, outDir] = process.argv.slice(-2);
const result = await build({ contentDir, outDir, verbose: false });
console.log(JSON.stringify({ ms: result.ms, pages: result.pages, maxRSS: process.resourceUsage().maxRSS }));
`;

/** A copy of the sample content with `count` generated zh_TW events (zh_CN is converted from them). */
function corpus(work: string, count: number): string {
  const dir = join(work, `content-${count}`);
  cpSync(join(root, 'content'), dir, { recursive: true });
  const covers = readdirSync(join(dir, 'assets/images/events')).filter((name) => name.endsWith('.svg'));
  for (let i = 0; i < count; i++) writeFileSync(join(dir, 'zh_TW/events', `bench-${String(i).padStart(5, '0')}.md`), generatedEvent(i, covers));
  return dir;
}

const places = ['台南精密線材廠', '高雄不銹鋼廠', '桃園電纜廠', '台北總部', '彰化物流中心'];
const activities = ['淨灘', '植樹', '捐血', '節能講座', '職安演練', '供應商座談', '社區課輔', '志工日'];
const categories = ['governance', 'environment', 'society', 'employees', 'suppliers'];
const sentences = [
  '同仁與眷屬一同參加，活動前先由講師說明安全注意事項與分工。',
  '本次共減少約 {n} 公斤廢棄物，資料已交給合作團體追蹤來源。',
  '活動結束後，各組分享心得，並提出明年可以改進的做法。',
  '我們將持續與在地團體合作，讓永續行動成為日常的一部分。',
  '參與人數達 {n} 人，較去年成長，顯示同仁對公益活動的支持。',
];

/** One event file in the sample's format, with text that varies from event to event. */
function generatedEvent(i: number, covers: string[]): string {
  const pick = <T>(list: T[], salt = 0) => list[(i * 7 + salt) % list.length]!;
  const day = new Date(Date.UTC(2015, 0, 1) + (i % 3650) * 86_400_000).toISOString().slice(0, 10);
  const title = `${pick(places)}${pick(activities, 3)}第 ${i + 1} 場`;
  const body = Array.from({ length: 4 }, (_, k) => pick(sentences, k).replace('{n}', String(((i + 1) * (k + 3)) % 900 + 30))).join('\n\n');
  return `---\nid: bench-${String(i).padStart(5, '0')}\ndate: "${day}"\ntitle: "${title}"\nsummary: "${pick(places, 1)}舉辦${pick(activities)}，紀錄第 ${i + 1} 次社會參與。"\ncover: /assets/images/events/${pick(covers)}\ncoverAlt: "活動插畫"\ncategory: ${pick(categories)}\nplace: "${pick(places, 2)}"\n---\n\n${body}\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const work = mkdtempSync(join(tmpdir(), 'esg-bench-build-'));
try {
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(`${runs} cold runs per corpus; medians. Targets: sample ≤ ${targets.sampleSeconds} s, ≤ ${targets.msPerPage} ms/page at 10,000 events, peak RSS ≤ ${targets.rssMb} MB\n`);
  console.log('corpus          pages   build (median)  process (median)  pages/s   ms/page   peak RSS   runs (build s)');
  for (const size of sizes) {
    const contentDir = size === 0 ? join(root, 'content') : corpus(work, size);
    const results: Run[] = [];
    for (let r = 0; r < runs; r++) results.push(buildOnce(contentDir, join(work, 'out')));
    const buildMs = median(results.map((run) => run.buildMs));
    const processMs = median(results.map((run) => run.processMs));
    const pages = results[0]!.pages;
    const rss = Math.max(...results.map((run) => run.rssMb));
    const label = size === 0 ? 'sample' : `+${size.toLocaleString('en')} events`;
    console.log(
      `${label.padEnd(15)} ${String(pages).padStart(5)}   ${(buildMs / 1000).toFixed(2).padStart(6)} s        ${(processMs / 1000).toFixed(2).padStart(6)} s          ${Math.round(pages / (buildMs / 1000)).toString().padStart(5)}   ${(buildMs / pages).toFixed(2).padStart(6)}   ${rss.toFixed(0).padStart(5)} MB   ${results.map((run) => (run.buildMs / 1000).toFixed(2)).join(' ')}`,
    );
    if (size !== 0 && existsSync(contentDir)) rmSync(contentDir, { recursive: true, force: true });
  }
  console.log(`\nload average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
