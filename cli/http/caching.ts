import { bundleFolder, reportsFolder } from '../siteFiles.ts';

/**
 * How long browsers and CDNs may keep a file before asking again: the one policy that `esg preview`,
 * out/_headers and every host configuration of hosting.ts are made from.
 */
export interface CacheRule {
  /** The top folder of out/ the rule covers. */
  folder: string;
  cacheControl: string;
}

/** The bundle's file names carry a hash of their content: a change is a new name, so a copy never goes stale. */
export const hashedCache = 'public, max-age=31536000, immutable';
/** Photographs, reports, open data and the events API keep their names when they change: an hour. */
export const namedFileCache = 'public, max-age=3600';
/** Pages, their 404s and every other file: asked again on every visit (an unchanged one is a 304). */
export const revalidateCache = 'no-cache';

export const cacheRules: readonly CacheRule[] = [
  { folder: bundleFolder, cacheControl: hashedCache },
  { folder: 'assets', cacheControl: namedFileCache },
  { folder: 'api', cacheControl: namedFileCache },
  { folder: 'data', cacheControl: namedFileCache },
  { folder: reportsFolder, cacheControl: namedFileCache },
];

/** The Cache-Control of an address of the site (`/_esg/client-X.js`, `/zh_TW/about`). */
export function cacheControl(pathname: string): string {
  return cacheRules.find((rule) => pathname.startsWith(`/${rule.folder}/`))?.cacheControl ?? revalidateCache;
}
