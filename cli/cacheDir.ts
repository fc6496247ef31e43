import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
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
