import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultKind } from '../widgets/search/engine.ts';

/*
 * The files of a built site, as the build writes them and the servers serve them. Both sides
 * import them from here, so neither reaches into the other.
 */

/** A file to write under out/, relative to it. */
export interface RenderedFile {
  path: string;
  contents: string;
  /** A page's kind as site search shows it, null for a page it leaves out (pageKinds.tsx). */
  result?: ResultKind | null;
}

/** A page of the last build that needs no rendering: out/ holds it as it would be rendered (cli/build/record/incremental.ts). */
export interface KeptPage {
  path: string;
  kept: true;
  result: ResultKind | null;
  /** The hash site search indexed it by in the last build, if known. */
  search?: string;
}

/** Built client files live here, named by content hash, so they may be cached for ever. */
export const bundleFolder = '_esg';

/** Where the books' PDFs go in the site: `/reports/huayue-esg-2024-zh_TW.pdf`, its page map (`.pages.json`) beside it. */
export const reportsFolder = 'reports';

/** Where `esg dev` serves Paged.js, which lays out its preview of a report book in pages. */
export const pagerScript = '/__esg/paged.polyfill.js';

/** The compressed copies of a file, as the servers (cli/server/files.ts) and static hosts look for them, brotli first. */
export function compressedCopies(file: string) {
  return [
    { file: `${file}.br`, encoding: 'br' },
    { file: `${file}.gz`, encoding: 'gzip' },
  ] as const;
}

/** Whether `outDir` was built with compressed copies (`esg build --compress`): its root 404 page, over 1 KB on any site, has them. */
export function hasCompressedCopies(outDir: string): boolean {
  return compressedCopies(join(outDir, '404.html')).every((copy) => existsSync(copy.file));
}
