import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir, contentHash, contentHasher, entryReader, hashedWrite, hashOf, hashOfFile, saveEntry } from '../../cache.ts';
import { openccVersion } from '../../content/convert.ts';
import type { IndexedPage, LocaleIndex, PageTerms, SearchLocale } from './localeIndex.ts';

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
   * Each page as it was indexed, with its terms, by its hash, read when it is first asked for: a
   * build that indexes a locale again because one page changed takes the others from here rather
   * than reading, splitting and tokenizing their HTML again (an incremental build does not even
   * render them).
   */
  page(hash: string): IndexedEntry | undefined;
  /**
   * Parses the next pages, in order, before they are asked for, about `chars` characters of their
   * lines; gives the characters parsed (0: every page is). The search thread does it while it waits for the
   * build to render: one changed page has the locale indexed again from all its pages, and
   * parsing them was a third of that.
   */
  readAhead(chars: number): number;
}

/** A page as the cache keeps it: its sections and terms, and the line of the pages file that holds them. */
export interface IndexedEntry {
  page: IndexedPage;
  terms: PageTerms;
  line: string;
}

export function indexedEntry(page: IndexedPage, terms: PageTerms): IndexedEntry {
  return { page, terms, line: JSON.stringify([page, terms]) };
}

/** A page as the cache keeps it, from its line. */
export function entryOfLine(line: string): IndexedEntry {
  const [page, terms] = JSON.parse(line) as [IndexedPage, PageTerms];
  return { page, terms, line };
}

interface Listing extends Omit<LocaleIndex, 'files'> {
  pages: string[];
  /** The index's files, their contents one after another in `filesFile`, each `bytes` long. */
  paths: string[];
  bytes: number[];
}

const listingFile = 'index.json';
/** The index's files in one (a file each took a tenth of a second more to write for a locale). */
const filesFile = 'files';
/** The pages as indexed, one JSON line `[page, terms]` each, in the order of `pages`. */
const sectionsFile = 'pages.jsonl';

/**
 * What the cached indexes were made by: the search thread's compiled code (`code`, its file; the
 * chunks it imports are named by their content, so the file's text covers them: the tokenizer,
 * `indexOptions` and the writer of MiniSearch's JSON) and opencc-js's version (the query
 * conversion table). A change to either makes every cached index a miss. MiniSearch itself runs
 * only in the browser, which loads the files.
 */
export function searchCacheKey(code: string): string {
  return hashOf('search-index', hashOfFile(code), openccVersion);
}

/** The hash that stands for one page in a cached index: its address and the HTML indexed. */
export function pageHash(file: string, html: string): string {
  return hashOf(file, html);
}

function entryName(locale: SearchLocale): string {
  return `search-${locale.code}`;
}

/** What a locale's index is made for: the search code, the locale and its vocabulary, the folder. */
export function entryKey(key: string, locale: SearchLocale, folder: string): string {
  return hashOf(key, locale.code, locale.iso, locale.vocabulary, folder);
}

/** The locale's cached index when there is one made by the same code; undefined otherwise. */
export function cachedIndex(key: string, locale: SearchLocale, folder: string): CachedIndex | undefined {
  const entry = entryReader(entryName(locale), entryKey(key, locale, folder));
  if (!entry) return undefined;
  let listing: Listing;
  try {
    listing = JSON.parse(entry.read(listingFile).toString('utf8')) as Listing;
  } catch {
    return undefined;
  }
  const { pages, paths, bytes, ...index } = listing;
  /** Pages parsed ahead (`readAhead`) and not yet asked for. */
  const ahead = new Map<string, IndexedEntry>();
  let parsed = 0;
  /** The pages file's lines, in the order of `pages`, read once when first needed. */
  let lines: string[] | undefined;
  const linesRead = (): string[] => {
    try {
      return (lines ??= entry.read(sectionsFile).toString('utf8').split('\n'));
    } catch {
      // Another build replaced the entry meanwhile: the pages are read from out/.
      return (lines = []);
    }
  };
  /** Each page's line, by its hash, made when a page not parsed ahead is first asked for. */
  let lineOf: Map<string, number> | undefined;
  return {
    pages,
    index: () => {
      const all = entry.read(filesFile);
      let start = 0;
      return { ...index, files: paths.map((path, n) => ({ path, contents: all.toString('utf8', start, (start += bytes[n]!)) })) };
    },
    page: (hash) => {
      const early = ahead.get(hash);
      if (early) {
        ahead.delete(hash);
        return early;
      }
      lineOf ??= new Map(pages.map((hash, n) => [hash, n]));
      const line = linesRead()[lineOf.get(hash) ?? -1];
      return line ? entryOfLine(line) : undefined;
    },
    readAhead: (chars) => {
      const all = linesRead();
      let read = 0;
      for (; parsed < pages.length && all[parsed] && read < chars; parsed++) {
        ahead.set(pages[parsed]!, entryOfLine(all[parsed]!));
        read += all[parsed]!.length;
      }
      return read;
    },
  };
}

/**
 * The pages of a locale as they are indexed, written a quarter of a megabyte at a time into a file beside
 * the cache (not held: at 10,000 events they are most of the text of the site) for `saveIndex`.
 */
export class IndexedPages {
  readonly file = cacheDir(`search-pages-${process.pid}-${Math.random().toString(36).slice(2)}.jsonl`);
  private fd: number | undefined;
  /** Lines not yet written. */
  private pending: string[] = [];
  private pendingLength = 0;
  /** The hash of what is written, for the entry's manifest (so it is not read back to be hashed). */
  private readonly hash = contentHasher();

  /** Adds a page's line (`IndexedEntry.line`). */
  add(line: string): void {
    this.pending.push(line, '\n');
    this.pendingLength += line.length;
    if (this.pendingLength > 1 << 18) this.flush();
  }

  /** The file, complete, with its content hash; undefined when it could not be written. */
  close(): WrittenFile | undefined {
    this.flush();
    if (this.fd === undefined || this.fd < 0) return undefined;
    closeSync(this.fd);
    return { file: this.file, hash: this.hash.digest('hex') };
  }

  /** Drops the file: the cached index was used. */
  discard(): void {
    this.pending = [];
    if (this.fd !== undefined && this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.file, { force: true });
  }

  private flush(): void {
    const text = this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    if (this.fd === -1) return;
    try {
      this.fd ??= (mkdirSync(dirname(this.file), { recursive: true }), openSync(this.file, 'w'));
      writeSync(this.fd, text);
      this.hash.update(text);
    } catch {
      // A read-only cache: the next build reads the pages from out/.
      this.fd = -1;
    }
  }
}

/**
 * Keeps a locale's index, made from the pages `pages` hash to (`indexed`, their file, in the same
 * order), for the next build: its files are written beside the cache now, so that they are not
 * held (at 10,000 events a locale's index is about 60 MB of text, and the thread saves once every
 * locale's files are sent), and the returned `save` makes the entry of them.
 */
export function indexSaver(
  key: string,
  locale: SearchLocale,
  folder: string,
  pages: string[],
  indexed: WrittenFile | undefined,
  index: LocaleIndex,
): () => void {
  const { files, ...rest } = index;
  const contents = files.map((file) => Buffer.from(file.contents));
  const listing: Listing = { ...rest, pages, paths: files.map((file) => file.path), bytes: contents.map((data) => data.length) };
  const aside = cacheDir(`search-files-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const blob = Buffer.concat(contents);
  const blobHash = contentHash(blob);
  try {
    mkdirSync(dirname(aside), { recursive: true });
    writeFileSync(aside, blob);
  } catch {
    // A read-only cache: nothing is kept.
    return () => {
      if (indexed) rmSync(indexed.file, { force: true });
    };
  }
  return () => {
    saveEntry(entryName(locale), entryKey(key, locale, folder), [], (staging) => {
      renameSync(aside, join(staging, filesFile));
      if (indexed) renameSync(indexed.file, join(staging, sectionsFile));
      return { [filesFile]: blobHash, ...(indexed && { [sectionsFile]: indexed.hash }), ...hashedWrite(staging, listingFile, JSON.stringify(listing)) };
    });
    // Not moved into the entry when the cache could not be written.
    for (const file of [aside, indexed?.file]) if (file) rmSync(file, { force: true });
  };
}

/** A file written beside the cache, and its content hash. */
export interface WrittenFile {
  file: string;
  hash: string;
}
