/**
 * One `esg build` in a process of its own, as the benchmarks run it: timed, with its peak memory
 * and what it printed. bench/build.ts and bench/images.ts use it.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export interface BuildRun {
  /** The build's own time, as `esg build` prints it (stages only, without starting Node). */
  buildMs: number;
  /** The whole process, from spawn to exit: Node start, loading the compiled command (dist/), the build. */
  processMs: number;
  pages: number;
  rssMb: number;
  /** The stage lines and the last line. */
  stdout: string;
}

/**
 * Builds `contentDir` into `outDir` (a new folder: deleting a large out/ between runs slowed the
 * next build's writes by up to half on this machine's disk, mounted with online discard) with the
 * build cache `cacheDir`, and `flags` (`--compress`). Peak memory from the process's own resource usage.
 */
export function esgBuild(contentDir: string, outDir: string, cacheDir: string, flags: string[] = []): BuildRun {
  // Each build starts with the disk quiet: the last run's writes flushed first.
  spawnSync('sync');
  const started = performance.now();
  // GNU time reports the command's peak resident set size (kilobytes) on the last line of stderr.
  const child = spawnSync(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, join(root, 'bin/esg.js'), 'build', '--content', contentDir, '--out', outDir, ...flags],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', ESG_CACHE_DIR: cacheDir } },
  );
  const processMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`build failed:\n${child.stdout}\n${child.stderr}`);
  return { ...builtLine(child.stdout), processMs, rssMb: Number(child.stderr.trim().split('\n').at(-1)) / 1024, stdout: child.stdout };
}

/** `built 260 pages into out in 1.23 s` (or `in 913 ms`), as `esg build` ends. */
function builtLine(stdout: string): { buildMs: number; pages: number } {
  const match = /built (\d+) pages into .* in ([\d.]+) (s|ms)(?: \(.*\))?$/m.exec(stdout);
  if (!match) throw new Error(`esg build printed no "built … pages" line:\n${stdout}`);
  return { pages: Number(match[1]), buildMs: Number(match[2]) * (match[3] === 's' ? 1000 : 1) };
}
