import { join } from 'node:path';

/**
 * Where builds keep what the next build can reuse (compiled schema validators, parsed content, the
 * client bundle): node_modules/.cache/esg, which is never committed and goes with `npm ci`.
 * ESG_CACHE_DIR moves it, for a CI cache or a test.
 */
export function cacheDir(...parts: string[]): string {
  return join(process.env.ESG_CACHE_DIR ?? new URL('../node_modules/.cache/esg/', import.meta.url).pathname, ...parts);
}
