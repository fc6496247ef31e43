import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { projectPath } from '../../paths.ts';

/** Build folders beside out/ start with this, then the building process's id: `.esg-tmp-4242-Xa81Qz`. */
const stagingPrefix = '.esg-tmp-';

/**
 * A fresh folder beside out/ to build into. Only when every stage succeeded is it swapped in, so a
 * failed build leaves the previous out/ as it was. Folders that builds killed on the way left
 * behind (even by `kill -9`) are swept first; those of a build still running are left alone.
 */
export function prepareStaging(outDir: string): string {
  const parent = dirname(resolve(outDir));
  mkdirSync(parent, { recursive: true });
  sweepStaging(parent);
  return mkdtempSync(join(parent, `${stagingPrefix}${process.pid}-`));
}

/** Removes, in the background, the build folders under `parent` whose process has ended. */
export function sweepStaging(parent: string): void {
  const stale = readdirSync(parent).filter((name) => {
    const pid = new RegExp(`^${stagingPrefix.replace('.', '\\.')}(\\d+)-`).exec(name)?.[1];
    return pid !== undefined && !isRunning(Number(pid));
  });
  if (stale.length) removeInBackground(stale.map((name) => join(parent, name)));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A file to write: its path under the site's folder, and its text, or its bytes. */
export interface OutputFile {
  path: string;
  contents: string | Buffer;
}

/** Writes one file at a time under a folder, creating each sub-folder once rather than per file. */
export function fileWriter(folder: string): (file: OutputFile) => void {
  const made = new Set<string>();
  return (file) => {
    const target = join(folder, file.path);
    const parent = dirname(target);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    writeFileSync(target, file.contents);
  };
}

/** A file of content/assets that the site publishes as it is, by its path in the site (`assets/images/logo.svg`), with its size and time. */
export interface AssetFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Copies the files of content/assets that `assetFiles` lists into the site. */
export function copyAssets(contentDir: string, staging: string, files: AssetFile[]): void {
  const made = new Set<string>();
  for (const { path } of files) {
    const target = join(staging, path);
    if (!made.has(dirname(target))) mkdirSync(dirname(target), { recursive: true });
    made.add(dirname(target));
    copyFileSync(join(contentDir, path), target);
  }
}

/**
 * The files of content/assets the load stage listed (symbolic links leading outside content/ left
 * out), but for `encoded`, the photographs published only as their encodings (11-images.ts).
 */
export function assetFiles(contentDir: string, assets: Set<string>, encoded: Set<string>): AssetFile[] {
  return [...assets]
    .filter((path) => !encoded.has(path))
    .map((path) => {
      const { size, mtimeMs } = statSync(join(contentDir, path));
      return { path: path.slice(1), size, mtimeMs };
    });
}

/**
 * Replaces out/ with the staging folder: rename the old one away, rename the new one in. The old
 * one is deleted in the background: deleting a site of 30,000 pages takes seconds, and neither
 * the editor nor the next command needs to wait for it.
 */
export function swapIn(staging: string, outDir: string): void {
  const target = resolve(outDir);
  const old = `${staging}-old`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(staging, target);
  if (existsSync(old)) removeInBackground([old]);
}

function removeInBackground(folders: string[]): void {
  const remover = spawn(process.execPath, [projectPath('dist/removeFolder.js'), ...folders], { detached: true, stdio: 'ignore' });
  remover.on('error', () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  remover.unref();
}

export function discard(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}
