import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export { cacheDir } from '../bin/cache.js';

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
