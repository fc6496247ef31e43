import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexedPart, isIndexable } from './pageParts.ts';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { LocaleIndexWriter, pageTerms, type IndexedPage, type LocaleIndex, type SearchLocale } from './localeIndex.ts';
import type { ResultKind } from '../../../widgets/search/engine.ts';
import { sectionsOfPage } from './sections.ts';
import { prepareScriptPairs } from './scriptPairs.ts';
import {
  cachedIndex,
  entryKey,
  entryOfLine,
  indexedEntry,
  IndexedPages,
  indexSaver,
  pageHash,
  searchCacheKey,
  type CachedIndex,
  type IndexedEntry,
} from './searchCache.ts';

/**
 * What the main thread sends: the locales (before the first page), the indexable pages in order
 * (each rendered page as it is rendered, kept pages a few hundred at a time), then `finish` after
 * the last one.
 */
export type SearchRequest =
  | { kind: 'locales'; locales: SearchLocale[]; folder: string; outDir: string }
  /** Whether the thread keeps the indexes it makes in memory for the next build (`Resident`); before the first page. */
  | { kind: 'hold'; hold: boolean }
  | { kind: 'pages'; pages: SentPage[] }
  | { kind: 'finish' };
/**
 * One reply per locale, each sent as soon as its index is written, with the hash each of its pages
 * was indexed by ('' for a page search leaves out): the build record keeps them for the next build.
 */
export type SearchReply = LocaleIndex & { pageHashes: Record<string, string>; made: IndexMade };
/**
 * How a locale's index came: the last build's, kept in memory, as it was (`kept`) or with the pages
 * that changed replaced (`updated`); the build cache's files (`cached`); made from every page (`made`).
 */
export type IndexMade = 'kept' | 'updated' | 'cached' | 'made';
/** After the replies: the indexes made are in the build cache, and the thread waits for the next build. */
export type SavedReply = 'saved';

/**
 * A page as it is sent: the indexed part of its HTML; or, for a page the build kept as the last
 * build wrote it (incremental.ts), the hash it was indexed by then ('' when it was left out), if
 * known.
 */
export interface SentPage {
  file: string;
  /** What kind of page it is, shown with its results. */
  result: ResultKind;
  html?: string;
  hash?: string;
}

/** A page of the locale: its hash, and its sections and terms when it must be indexed. */
interface LocalePage {
  hash: string;
  indexed: () => IndexedEntry;
}

/**
 * A locale's index as this thread made it for the last build, kept in memory when the process
 * builds again (`esg dev`, `esg edit`; a site of at most `largeSite` pages): each page's hash and
 * entry in order (as its line: a tenth of the memory the parsed entries take, and only the pages
 * replaced are parsed), and the writer that made the files. The next build whose pages come in the same
 * order, a few changed but each with as many sections as before, has those pages replaced in the
 * writer, which rewrites only the shards they touch (localeIndex.ts `replace`).
 */
interface Resident {
  /** What it was made for (searchCache.ts `entryKey`): another vocabulary's is not used. */
  key: string;
  hashes: string[];
  lines: string[];
  writer: LocaleIndexWriter;
  index: LocaleIndex;
}

/**
 * One locale's pages on their way into its index. While they come in the same order and hash as
 * the pages of the cached index (searchCache.ts) they are only queued, and a locale whose pages
 * all match gets the cached files. From the first page that differs (or the first page, without a
 * cached index) the queued pages are added to the index a few at a time while the thread waits
 * for the next (`pump`), on this thread while the main thread renders on; the locale gets the
 * files made, and its index is cached (`save`, once every locale's files are sent).
 *
 * With the last build's index in memory (`Resident`), pages that differ from its pages are only
 * noted, and replaced in its writer at the end; a page with other sections, or pages added or
 * removed, have the index made anew as above, the unchanged pages' entries taken from memory.
 */
class LocalePages {
  private readonly writer = new LocaleIndexWriter();
  private readonly hashes: string[] = [];
  private readonly indexed = new IndexedPages();
  private readonly pageHashes: Record<string, string> = {};
  /** Pages in but not yet in the index. */
  private queue: LocalePage[] = [];
  /** The lines of the entries added to the index, in order, when the index is to be kept (`Resident`). */
  private readonly lines: string[] = [];
  private pumping = false;
  /** Whether a page differs from the cached index's: the index is made. */
  private differs: boolean;
  /** The pages that differ from the resident index's, by their number, with the page they replace, while it can be updated. */
  private replaced: Map<number, { entry: IndexedEntry; old: IndexedEntry }> | undefined;
  /** The number of each page of the resident index, by its hash. */
  private readonly residentPages: Map<string, number> | undefined;

  constructor(
    private readonly thread: SearchThread,
    private readonly locale: SearchLocale,
    private readonly cached: CachedIndex | undefined,
    private readonly resident: Resident | undefined,
  ) {
    this.differs = !cached;
    if (resident) {
      this.replaced = new Map();
      this.residentPages = new Map(resident.hashes.map((hash, n) => [hash, n]));
    }
  }

  add(sent: SentPage): void {
    const page = this.pageOf(sent);
    this.pageHashes[sent.file] = page?.hash ?? '';
    if (!page) return;
    this.hashes.push(page.hash);
    this.queue.push(page);
    if (this.replaced && this.noted(this.hashes.length - 1, page)) return;
    this.replaced = undefined;
    this.differs ||= this.cached?.pages[this.hashes.length - 1] !== page.hash;
    // A kept page (an incremental build) is indexed at once too, as if one after it will differ:
    // such a build keeps thousands of pages in a fraction of a second and this thread would index
    // them all at its end; when none differs, the cached files are used all the same.
    if ((this.differs || sent.html === undefined) && !this.pumping) {
      this.pumping = true;
      setImmediate(() => this.pump());
    }
  }

  /**
   * The locale's index files: the resident index's, with the pages that changed replaced; the
   * cached ones when every page matched; else the ones made. With what keeps those in the build
   * cache for the next build (it holds only the files), and, when the cached files are sent by a
   * thread that holds its indexes, what takes that index into memory once the build is done (`later`).
   */
  files(): { reply: SearchReply; save?: () => void; later?: () => void } {
    const { cached, hashes, locale, resident } = this;
    const { folder, cacheKey, hold } = this.thread;
    if (this.replaced && resident?.hashes.length === hashes.length) {
      this.queue = [];
      this.indexed.discard();
      this.keep(resident);
      if (!this.replaced.size) return { reply: { ...resident.index, pageHashes: this.pageHashes, made: 'kept' } };
      for (const [number, { entry, old }] of this.replaced) {
        resident.writer.replace(number, entry.page, entry.terms, old);
        resident.lines[number] = entry.line;
      }
      resident.hashes = hashes;
      resident.index = resident.writer.files(locale, folder);
      const indexed = new IndexedPages();
      for (const line of resident.lines) indexed.add(line);
      return {
        reply: { ...resident.index, pageHashes: this.pageHashes, made: 'updated' },
        save: indexSaver(cacheKey, locale, folder, hashes, indexed.close(), resident.index),
      };
    }
    if (!this.differs && cached?.pages.length === hashes.length) {
      try {
        const index = cached.index();
        this.indexed.discard();
        // The cached files are sent as they are. A thread that holds its indexes fills its writer
        // with the pages afterwards, while it waits for the next build: that build then updates
        // the index instead of making it anew.
        if (!hold) this.queue = [];
        return { reply: { ...index, pageHashes: this.pageHashes, made: 'cached' }, later: hold ? () => this.keepMade() : undefined };
      } catch {
        // Another build replaced the entry meanwhile: the files are made.
      }
    }
    const index = this.keepMade();
    return { reply: { ...index, pageHashes: this.pageHashes, made: 'made' }, save: indexSaver(cacheKey, locale, folder, hashes, this.indexed.close(), index) };
  }

  /**
   * Parses about `chars` characters of the cached index's next pages before they come
   * (`CachedIndex.readAhead`); gives the characters parsed. Once the locale's pages come, they are
   * parsed as they are indexed: reading ahead beside that parsed some of them twice.
   */
  readAhead(chars: number): number {
    return this.hashes.length ? 0 : (this.cached?.readAhead(chars) ?? 0);
  }

  /**
   * Notes page `number` for the resident index: true when it is the page it holds, or one that can
   * be put in its place (as many sections); false when the index must be made anew.
   */
  private noted(number: number, page: LocalePage): boolean {
    const { hashes, lines } = this.resident!;
    if (hashes[number] === page.hash) return true;
    if (lines[number] === undefined) return false;
    const entry = page.indexed();
    const old = entryOfLine(lines[number]);
    if (old.page.sections.length !== entry.page.sections.length) return false;
    this.replaced!.set(number, { entry, old });
    return true;
  }

  /** Adds the pages left in the queue and makes the files; keeps them for the next build when the thread holds its indexes. */
  private keepMade(): LocaleIndex {
    this.addQueued(Infinity);
    const { folder, cacheKey, hold } = this.thread;
    const index = this.writer.files(this.locale, folder);
    // Every page's entry is in the writer and in `lines` (the thread held its indexes from the first page).
    if (hold && this.lines.length === this.hashes.length)
      this.keep({ key: entryKey(cacheKey, this.locale, folder), hashes: this.hashes, lines: this.lines, writer: this.writer, index });
    return index;
  }

  private keep(index: Resident): void {
    if (this.thread.hold) this.thread.residents.set(this.locale.code, index);
  }

  /** Adds a few queued pages, and comes back for more after the messages that came meanwhile. */
  private pump(): void {
    this.addQueued(64);
    this.pumping = this.queue.length > 0;
    if (this.pumping) setImmediate(() => this.pump());
  }

  private addQueued(count: number): void {
    const pages = this.queue.splice(0, count);
    for (const page of pages) {
      const entry = page.indexed();
      this.indexed.add(entry.line);
      this.writer.add(entry.page, entry.terms);
      if (this.thread.hold) this.lines.push(entry.line);
    }
  }

  /** A page's entry as the resident or the cached index holds it, by its hash. */
  private knownEntry(hash: string): IndexedEntry | undefined {
    const number = this.residentPages?.get(hash);
    return number === undefined ? this.cached?.page(hash) : entryOfLine(this.resident!.lines[number]!);
  }

  /**
   * A sent page with its hash. A kept page's sections and terms come from the resident or the
   * cached index when it holds them, else from its file in out/. Undefined for a page search
   * leaves out.
   */
  private pageOf(sent: SentPage): LocalePage | undefined {
    if (sent.html !== undefined) {
      // A page as the cached index has it (its hash covers its address and the HTML indexed) is taken from there.
      const page = fromHtml(sent, sent.html);
      return { hash: page.hash, indexed: once(() => this.knownEntry(page.hash) ?? page.indexed()) };
    }
    if (sent.hash === '') return undefined;
    const read = () => readFileSync(join(this.thread.outDir, sent.file), 'utf8');
    if (sent.hash) {
      const { hash } = sent;
      return { hash, indexed: once(() => this.knownEntry(hash) ?? fromHtml(sent, indexedPart(read())).indexed()) };
    }
    const html = read();
    return isIndexable(html) ? fromHtml(sent, indexedPart(html)) : undefined;
  }
}

/** `make`'s value, made at the first call (a page's entry is asked for when it is noted and when it is added). */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function fromHtml(sent: SentPage, html: string): LocalePage {
  return {
    hash: pageHash(sent.file, `${sent.result} ${html}`),
    indexed: () => {
      const page: IndexedPage = { path: `/${sent.file.slice(0, -'/index.html'.length)}`, kind: sent.result, ...sectionsOfPage(html, sent.result) };
      return indexedEntry(page, pageTerms(page));
    },
  };
}

/**
 * The characters of cached pages parsed ahead in all (`readAhead`): every page at 1,000 events
 * (3.8 MB a locale), the first ones at 10,000, so that memory stays flat.
 */
const readAheadChars = 16 * 1024 * 1024;

/**
 * The search stage's worker thread: splits each page it is sent into sections and indexes them
 * while the main thread renders the next pages. Pages come locale by locale (the route plan's
 * order), so when the first page of the next locale arrives, the previous locale's index is
 * written, sent and let go at once: only one locale's index is held at a time, and by the end of
 * the render only the last locale's is left to write. One `SearchThread` serves every build the
 * thread is given: a session's builds, one after the other (cli/build/session.ts).
 */
class SearchThread {
  /** The build being served: its locales, their pages on their way in, and the out/ folder kept pages are read from. */
  locales: SearchLocale[] = [];
  folder = '';
  outDir = '';
  private readonly open = new Map<string, LocalePages>();
  private readonly sealed = new Set<string>();
  /** The locale whose pages are coming in. */
  private current: string | undefined;
  private readAheadLeft = readAheadChars;
  /** The indexes made, to save once every locale's files are sent. */
  private readonly unsaved: (() => void)[] = [];
  /** What is done once the build has its files and the indexes are saved (the cached indexes taken into memory). */
  private readonly afterwards: (() => void)[] = [];
  /** Whether this build's indexes are kept in memory for the next (`Resident`), and the last build's, by locale. */
  hold = false;
  readonly residents = new Map<string, Resident>();
  /** The build cache's key of what made the indexes (searchCache.ts), made once. */
  cacheKey = '';

  constructor(private readonly port: MessagePort) {}

  take(request: SearchRequest): void {
    if (request.kind === 'locales') {
      // A build begins: the thread may have served one before (a process that builds again).
      ({ locales: this.locales, folder: this.folder, outDir: this.outDir } = request);
      this.open.clear();
      this.sealed.clear();
      this.current = undefined;
      this.readAheadLeft = readAheadChars;
      this.cacheKey ||= searchCacheKey(fileURLToPath(import.meta.url));
      let uncached = false;
      for (const locale of this.locales) {
        const kept = this.residents.get(locale.code);
        const resident = kept?.key === entryKey(this.cacheKey, locale, this.folder) ? kept : undefined;
        const cached = resident ? undefined : cachedIndex(this.cacheKey, locale, this.folder);
        uncached ||= !resident && !cached;
        this.open.set(locale.code, new LocalePages(this, locale, cached, resident));
      }
      this.residents.clear();
      this.hold = false;
      // A locale without a cached index will be indexed: the conversion table is made now, while
      // the main thread is still reading the content.
      if (uncached) prepareScriptPairs();
      setImmediate(() => this.readAhead());
    } else if (request.kind === 'hold') {
      this.hold = request.hold;
    } else if (request.kind === 'pages') {
      for (const page of request.pages) {
        const locale = page.file.slice(0, page.file.indexOf('/'));
        const pages = this.open.get(locale);
        if (!pages) continue;
        if (this.current !== undefined && this.current !== locale) this.seal(this.current);
        this.current = locale;
        pages.add(page);
      }
    } else {
      for (const locale of this.locales) this.seal(locale.code);
      // Every locale's files are sent: the indexes made are saved now, while the main thread writes
      // the files, and the thread waits for the next build, if the process makes one.
      for (const save of this.unsaved.splice(0)) save();
      this.port.postMessage('saved' satisfies SavedReply);
      for (const work of this.afterwards.splice(0)) work();
    }
  }

  /**
   * Parses the cached indexes' pages, locale after locale, a quarter of a megabyte at a time, from
   * when the locales are known (once the content's locales are made, while the main thread checks
   * the rest): the thread would wait meanwhile, and an incremental build's kept pages come fast.
   */
  private readAhead(): void {
    for (const locale of this.locales) {
      if (this.readAheadLeft <= 0) return;
      const read = this.open.get(locale.code)?.readAhead(Math.min(this.readAheadLeft, 1 << 18)) ?? 0;
      if (read) {
        this.readAheadLeft -= read;
        setImmediate(() => this.readAhead());
        return;
      }
    }
  }

  private seal(code: string): void {
    if (this.sealed.has(code)) return;
    const locale = this.locales.find((entry) => entry.code === code);
    if (!locale) return;
    const pages = this.open.get(code) ?? new LocalePages(this, locale, undefined, undefined);
    this.open.delete(code);
    this.sealed.add(code);
    const { reply, save, later } = pages.files();
    this.port.postMessage(reply);
    if (save) this.unsaved.push(save);
    if (later) this.afterwards.push(later);
  }
}

if (parentPort) {
  const thread = new SearchThread(parentPort);
  parentPort.on('message', (request: SearchRequest) => thread.take(request));
}
