// The build cache's folder and the freshness check of the bundles kept in it. Plain JavaScript,
// because bin/esg.js asks whether its own bundle is fresh before any TypeScript can load; the
// TypeScript side (cli/cacheDir.ts, cli/build/bundleCache.ts) uses the same functions.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const defaultCache = fileURLToPath(new URL('../node_modules/.cache/esg/', import.meta.url));

/**
 * Where builds keep what the next build can reuse (compiled schema validators, parsed content,
 * bundles): node_modules/.cache/esg, which is never committed and goes with `npm ci`.
 * ESG_CACHE_DIR moves it, for a CI cache or a test.
 */
export function cacheDir(...parts) {
  return join(process.env.ESG_CACHE_DIR ?? defaultCache, ...parts);
}

/** A hash of a file's bytes, or undefined when it does not exist. */
export function hashOf(file) {
  return existsSync(file) ? hashOfText(readFileSync(file)) : undefined;
}

export function hashOfText(text) {
  return createHash('sha1').update(text).digest('base64');
}

/**
 * The bundle kept under `cacheDir(name)` when it was made for `key` and every file it was made from
 * is unchanged: its files' folder and what was saved with them. Undefined otherwise.
 */
export function freshBundle(name, key) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(cacheDir(name, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
  if (manifest.key !== key || Object.entries(manifest.inputs).some(([file, hash]) => hashOf(file) !== hash)) return undefined;
  return { folder: cacheDir(name, 'files'), meta: manifest.assets };
}

/**
 * What a bundle depends on besides its inputs: esbuild's version, the bundler's settings and the
 * code that calls it.
 */
export function bundleKey(settings, bundlerFiles) {
  const hash = createHash('sha256').update(JSON.stringify({ esbuild: require('esbuild/package.json').version, settings }));
  for (const file of bundlerFiles) hash.update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * The script of a module bundle (cli/build/moduleBundle.ts) kept under `cacheDir(name)`, when it is
 * fresh (`freshBundle`) and whole (its hash is the one saved with it): its path and its text, read
 * at once, so that a process replacing the cache meanwhile cannot take it away. Undefined otherwise.
 */
export function freshScript(name, key, file) {
  const cached = freshBundle(name, key);
  if (!cached) return undefined;
  try {
    const path = join(cached.folder, file);
    const text = readFileSync(path, 'utf8');
    return hashOfText(text) === cached.meta.sha1 ? { path, text } : undefined;
  } catch {
    return undefined;
  }
}
