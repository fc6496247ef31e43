import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where builds keep what the next build can reuse (compiled schema validators, parsed content, the
 * client bundle): node_modules/.cache/esg, which is never committed and goes with `npm ci`.
 * ESG_CACHE_DIR moves it, for a CI cache or a test.
 */
export function cacheDir(...parts: string[]): string {
  return join(process.env.ESG_CACHE_DIR ?? new URL('../node_modules/.cache/esg/', import.meta.url).pathname, ...parts);
}

/**
 * Writes a cache file so that no reader ever sees half of it: two builds may save at once (tests
 * run in parallel), so each writes aside and renames into place. False when it could not be saved
 * (a read-only install still builds; it just does the work again next time).
 */
export function saveToCache(file: string, contents: string): boolean {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
    return true;
  } catch {
    return false;
  }
}

/**
 * A cached value saved with `writeCached` under the same key (what the value was made from), or
 * undefined when there is none, it is unreadable, or it was made for another key.
 */
export function readCached<T>(file: string, key: string): T | undefined {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { key: string; value: T };
    return stored.key === key ? stored.value : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a value made from `key` for `readCached`. */
export function writeCached(file: string, key: string, value: unknown): void {
  saveToCache(file, JSON.stringify({ key, value }));
}
