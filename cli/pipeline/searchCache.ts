import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cacheDir, freshEntry, hashOf, hashOfFile, saveEntry } from '../cache.ts';
import { openccVersion } from '../content/convert.ts';
import { projectPath } from '../paths.ts';
import type { IndexedPage, LocaleIndex, SearchLocale } from './localeIndex.ts';

/**
 * One locale's search index as the last build wrote it, kept in the build cache (cli/cache.ts)
 * with the hash of each page it was made from, in order. Most builds change a page or two, or
 * nothing the index reads (the CSS, a script, another locale): when a locale's pages come in the
 * same order and hash as they did, its index files are the cached ones, and the search thread
 * indexes nothing.
 */
export interface CachedIndex {
  /** The hash of each indexed page (`pageHash`), in the order the pages came. */
  pages: string[];
  /** The index's files, read when they are used. */
  index(): LocaleIndex;
  /**
   * Each page as it was indexed, by its hash, read when it is first asked for: a build that
   * indexes a locale again because one page changed takes the others from here rather than
   * reading and splitting their HTML again (an incremental build does not even render them).
   */
  page(hash: string): IndexedPage | undefined;
}

interface Listing extends Omit<LocaleIndex, 'files'> {
  pages: string[];
  paths: string[];
}

const listingFile = 'index.json';
/** The pages as indexed, one JSON line each, in the order of `pages`. */
const sectionsFile = 'pages.jsonl';
const require = createRequire(projectPath('package.json'));

/**
 * What the cached indexes were made by: the search thread's compiled code (`code`, its file; the
 * chunks it imports are named by their content, so the file's text covers them), MiniSearch as
 * installed (patched, patches/) and opencc-js's version (the query conversion table). A change to
 * any of them makes every cached index a miss.
 */
export function searchCacheKey(code: string): string {
  return hashOf('search-index', hashOfFile(code), hashOfFile(require.resolve('minisearch')), openccVersion);
}

/** The hash that stands for one page in a cached index: its address and the HTML indexed. */
export function pageHash(file: string, html: string): string {
  return hashOf(file, html);
}

function entryName(locale: SearchLocale): string {
  return `search-${locale.code}`;
}

function entryKey(key: string, locale: SearchLocale, folder: string): string {
  return hashOf(key, locale.code, locale.iso, locale.vocabulary, folder);
}

/** The locale's cached index when there is one made by the same code; undefined otherwise. */
export function cachedIndex(key: string, locale: SearchLocale, folder: string): CachedIndex | undefined {
  const entry = freshEntry(entryName(locale), entryKey(key, locale, folder));
  if (!entry) return undefined;
  let listing: Listing;
  try {
    listing = JSON.parse(readFileSync(join(entry, listingFile), 'utf8')) as Listing;
  } catch {
    return undefined;
  }
  const { pages, paths, ...index } = listing;
  let indexed: Map<string, IndexedPage> | undefined;
  return {
    pages,
    index: () => ({ ...index, files: paths.map((path, n) => ({ path, contents: readFileSync(join(entry, 'files', String(n)), 'utf8') })) }),
    page: (hash) => {
      if (!indexed) {
        try {
          const lines = readFileSync(join(entry, sectionsFile), 'utf8').split('\n');
          indexed = new Map(pages.map((hash, n) => [hash, JSON.parse(lines[n]!) as IndexedPage]));
        } catch {
          // Another build replaced the entry meanwhile: the pages are read from out/.
          indexed = new Map();
        }
      }
      return indexed.get(hash);
    },
  };
}

/**
 * The pages of a locale as they are indexed, written one by one into a file beside the cache
 * (not held: at 10,000 events they are most of the text of the site) for `saveIndex`.
 */
export class IndexedPages {
  readonly file = cacheDir(`search-pages-${process.pid}-${Math.random().toString(36).slice(2)}.jsonl`);
  private fd: number | undefined;

  add(page: IndexedPage): void {
    try {
      this.fd ??= (mkdirSync(dirname(this.file), { recursive: true }), openSync(this.file, 'w'));
      writeSync(this.fd, `${JSON.stringify(page)}\n`);
    } catch {
      // A read-only cache: the next build reads the pages from out/.
      this.fd = -1;
    }
  }

  /** The file, complete; undefined when it could not be written. */
  close(): string | undefined {
    if (this.fd === undefined || this.fd < 0) return undefined;
    closeSync(this.fd);
    return this.file;
  }
}

/** Keeps a locale's index, made from the pages `pages` hash to (`indexed`, their file, in the same order), for the next build. */
export function saveIndex(key: string, locale: SearchLocale, folder: string, pages: string[], indexed: string | undefined, index: LocaleIndex): void {
  const { files, ...rest } = index;
  const listing: Listing = { ...rest, pages, paths: files.map((file) => file.path) };
  saveEntry(entryName(locale), entryKey(key, locale, folder), [], (staging) => {
    mkdirSync(join(staging, 'files'));
    files.forEach((file, n) => writeFileSync(join(staging, 'files', String(n)), file.contents));
    writeFileSync(join(staging, listingFile), JSON.stringify(listing));
    if (indexed) renameSync(indexed, join(staging, sectionsFile));
  });
  // Not moved into the entry when the cache could not be written.
  if (indexed) rmSync(indexed, { force: true });
}
