import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PageAssets } from '../../templates/context.tsx';
import { cacheDir, freshBundle, hashOf } from '../../bin/cache.js';

/** What a bundle was made from: every source file esbuild read, each with a hash of its text. */
interface Manifest<Meta> {
  key: string;
  inputs: Record<string, string | undefined>;
  assets: Meta;
}

/**
 * The last bundle esbuild made for one purpose, kept in the build cache (cli/cacheDir.ts) with the
 * hash of every file esbuild read for it and of the bundler's own settings. Most builds change
 * content only, so they reuse the files instead of bundling again.
 */
export class BundleCache<Meta = PageAssets> {
  constructor(private readonly name: string) {}

  /** Copies the cached files into `folder` and gives what was saved with them, or undefined when stale. */
  restore(key: string, folder: string): Meta | undefined {
    const cached = freshBundle<Meta>(this.name, key);
    if (!cached) return undefined;
    try {
      cpSync(cached.folder, folder, { recursive: true });
      return cached.meta;
    } catch {
      // Another build replaced the cache while this one copied it: bundle afresh.
      rmSync(folder, { recursive: true, force: true });
      return undefined;
    }
  }

  /** Keeps the files esbuild wrote to `folder`, with the inputs they came from. */
  save(key: string, folder: string, inputs: string[], assets: Meta): void {
    const staging = `${cacheDir(this.name)}.${process.pid}.tmp`;
    try {
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      cpSync(folder, join(staging, 'files'), { recursive: true });
      const manifest: Manifest<Meta> = { key, inputs: Object.fromEntries(inputs.map((file) => [file, hashOf(file)])), assets };
      writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest));
      rmSync(cacheDir(this.name), { recursive: true, force: true });
      mkdirSync(dirname(cacheDir(this.name)), { recursive: true });
      renameSync(staging, cacheDir(this.name));
    } catch {
      // Another build saved at the same moment, or the cache cannot be written: bundle next time.
      try {
        rmSync(staging, { recursive: true, force: true });
      } catch {
        // Nothing was made there.
      }
    }
  }
}

/**
 * The client bundle: esbuild's processes no longer compete for the second core with the search
 * thread.
 */
export const bundleCache = new BundleCache('bundle');
