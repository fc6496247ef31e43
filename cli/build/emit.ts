import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import type { RenderedFile } from './render.tsx';

/**
 * A fresh folder beside out/ to build into. Only when every stage succeeded is it swapped in, so a
 * failed build leaves the previous out/ as it was.
 */
export function prepareStaging(outDir: string): string {
  const parent = dirname(resolve(outDir));
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, '.esg-tmp-'));
}

export function writeFiles(staging: string, files: Iterable<RenderedFile>): void {
  const write = fileWriter(staging);
  for (const file of files) write(file);
}

/** Writes one file at a time under a folder, creating each sub-folder once rather than per file. */
export function fileWriter(folder: string): (file: RenderedFile) => void {
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

export function copyAssets(contentDir: string, staging: string): void {
  const assets = join(contentDir, 'assets');
  if (existsSync(assets)) cpSync(assets, join(staging, 'assets'), { recursive: true });
}

/**
 * Replaces out/ with the staging folder: rename the old one away, rename the new one in. The old
 * one is deleted by a detached process: deleting a site of 30,000 pages takes seconds, and neither
 * the editor nor the next command needs to wait for it.
 */
export function swapIn(staging: string, outDir: string): void {
  const target = resolve(outDir);
  const old = `${staging}-old`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(staging, target);
  if (existsSync(old)) removeInBackground(old);
}

function removeInBackground(folder: string): void {
  const remover = spawn(process.execPath, ['-e', 'require("fs").rmSync(process.argv[1], { recursive: true, force: true })', folder], { detached: true, stdio: 'ignore' });
  remover.on('error', () => rmSync(folder, { recursive: true, force: true }));
  remover.unref();
}

export function discard(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}
