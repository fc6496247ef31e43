import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { build } from '../../cli/build/index.ts';
import { ContentErrors, type ContentProblem } from '../../cli/errors.ts';
import { startPreview } from '../../cli/server/preview.ts';
import { cacheDir, installedCacheDir } from '../../cli/cache.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const sampleContent = join(repoRoot, 'content');

const tempDirs: string[] = [];

/**
 * Runs the real `esg` command in a process of its own, from the project folder unless `cwd` says
 * otherwise, with this process's environment unless `env` is given.
 */
export function runEsg(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(process.execPath, [join(repoRoot, 'bin/esg.js'), ...args], { cwd: options.cwd ?? repoRoot, encoding: 'utf8', env: options.env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Removes every temp folder made so far; tests/helpers/setup.ts calls it after each test file. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A temp folder, removed after the test file (see removeTempDirs). */
export function tempDir(prefix = 'esg-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** A copy of the sample content in a temp folder, with some files replaced: { 'zh_TW/menu.yaml': '...' }. */
export function contentCopy(replace: Record<string, string> = {}): string {
  const dir = join(tempDir(), 'content');
  cpSync(sampleContent, dir, { recursive: true });
  for (const [path, text] of Object.entries(replace)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Changes one file of a content folder in place: `editContent(dir, 'zh_TW/home.yaml', (text) => …)`. */
export function editContent(contentDir: string, path: string, edit: (text: string) => string): void {
  const file = join(contentDir, path);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

/**
 * An edit of content/metrics.yaml for `editContent`: the block of the metric `id` changed by
 * `edit`, which must change it.
 */
export const inMetric = (id: string, edit: (block: string) => string) => (text: string) => {
  const at = text.indexOf(`  - id: ${id}\n`);
  const end = text.indexOf('\n  - id:', at + 1);
  const changed = edit(text.slice(at, end));
  if (at < 0 || changed === text.slice(at, end)) throw new Error(`metrics.yaml: the change to ${id} changed nothing`);
  return text.slice(0, at) + changed + text.slice(end);
};

/** The problems a build of `contentDir` fails with; throws when the build succeeds. */
/** The client bundle's cache entry a build used: the build cache's, else the one made at install (dist/cache). */
export function clientBundleEntry(): string {
  return [cacheDir('client-bundle'), join(installedCacheDir, 'client-bundle')].find((folder) => existsSync(folder))!;
}

export async function buildProblems(contentDir: string): Promise<ContentProblem[]> {
  try {
    await build({ contentDir, outDir: join(tempDir(), 'out'), verbose: false });
  } catch (error) {
    if (error instanceof ContentErrors) return error.problems;
    throw error;
  }
  throw new Error(`the content in ${contentDir} was expected to fail the build`);
}

/** Builds the sample site into a temp out/ folder; `compress` as `esg build --compress`. */
export async function buildSample(contentDir = sampleContent, { compress = false } = {}): Promise<string> {
  const outDir = join(tempDir(), 'out');
  await build({ contentDir, outDir, verbose: false, compress });
  return outDir;
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** `esg preview` over a built folder on a free port. */
export async function preview(outDir: string): Promise<RunningServer> {
  const server: Server = await startPreview(outDir, 0);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}
