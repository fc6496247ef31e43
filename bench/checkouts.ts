/**
 * bench/checkouts: the same commands timed in two checkouts of the project, run alternately so
 * that both see the same machine load: `esg --help` (starting the command) and a cached
 * `esg build` of the sample site (the editor's everyday build). Prints every run, the medians
 * and the median ratio (this checkout ÷ the other).
 *
 *   node bin/run.js bench/checkouts.ts --other ../before [--runs 7] [--events 1000] [--clean]
 *
 * With `--clean`, each build is a full one (`esg build --clean`: every page rendered, the build
 * cache still used), as a checkout whose `esg build` is incremental would not otherwise build.
 * With `--events N`, both build one corpus instead of their own sample: this checkout's sample
 * content with N generated events (bench/fixtures.ts).
 * The other checkout needs its dependencies (`npm ci`, or a link to this one's node_modules) and,
 * for a checkout of this kind, its compiled command (`npm run compile`). Each checkout builds
 * with a build cache of its own, warmed by one build before the timed runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeCorpus } from './fixtures.ts';

const argument = (name: string, fallback?: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const runs = Number(argument('--runs', '7'));
const other = argument('--other');
if (!other) throw new Error('name the other checkout: --other ../before');
const checkouts = { this: resolve(import.meta.dirname, '..'), other: resolve(other) };
const work = mkdtempSync(join(tmpdir(), 'esg-bench-checkouts-'));
const events = Number(argument('--events', '0'));
const clean = process.argv.includes('--clean');
const corpus = events ? writeCorpus(join(work, 'corpus'), events) : undefined;

/** Milliseconds of one command in a checkout, from spawn to exit. */
function timed(checkout: string, args: string[]): number {
  const started = performance.now();
  const child = spawnSync(process.execPath, [join(checkout, 'bin/esg.js'), ...args], {
    cwd: checkout,
    encoding: 'utf8',
    env: { ...process.env, ESG_CACHE_DIR: join(work, `cache-${checkout === checkouts.this ? 'this' : 'other'}`) },
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`${checkout}: esg ${args.join(' ')} failed:\n${child.stderr}`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const commands: Record<string, (checkout: string) => string[]> = {
  'esg --help': () => ['--help'],
  [`esg build${clean ? ' --clean' : ''} (cached${events ? `, ${events} events` : ''})`]: (checkout) => [
    'build',
    ...(clean ? ['--clean'] : []),
    '--content',
    corpus ?? join(checkout, 'content'),
    '--out',
    join(work, `out-${checkout === checkouts.this ? 'this' : 'other'}`),
  ],
};

try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(`this: ${checkouts.this}\nother: ${checkouts.other}\n${runs} alternating runs per command, after one warm-up each\n`);
  for (const [name, args] of Object.entries(commands)) {
    for (const checkout of Object.values(checkouts)) timed(checkout, args(checkout));
    const times = { this: [] as number[], other: [] as number[] };
    for (let run = 0; run < runs; run++) {
      // Alternate which goes first, so neither always runs right after the other's writes.
      const order = run % 2 ? (['other', 'this'] as const) : (['this', 'other'] as const);
      for (const which of order) times[which].push(timed(checkouts[which], args(checkouts[which])));
    }
    const ratios = times.this.map((ms, run) => ms / times.other[run]!);
    console.log(`${name}`);
    console.log(`  this:  median ${median(times.this).toFixed(0)} ms  (${times.this.map((ms) => ms.toFixed(0)).join(' ')})`);
    console.log(`  other: median ${median(times.other).toFixed(0)} ms  (${times.other.map((ms) => ms.toFixed(0)).join(' ')})`);
    console.log(`  ratio this/other: median ${median(ratios).toFixed(2)}\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
