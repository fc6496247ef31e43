import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexedPart, isIndexable } from './pageParts.ts';
import { parentPort } from 'node:worker_threads';
import { LocaleIndexWriter, type IndexedPage, type LocaleIndex, type SearchLocale } from './localeIndex.ts';
import type { ResultKind } from '../../widgets/search/engine.ts';
import { sectionsOfPage } from './sections.ts';
import { prepareScriptPairs } from './scriptPairs.ts';
import { cachedIndex, pageHash, saveIndex, searchCacheKey, type CachedIndex } from './searchCache.ts';

/**
 * What the main thread sends: the locales (before the first page), each indexable page as it is
 * rendered, then `finish` after the last one.
 */
export type SearchRequest = { kind: 'locales'; locales: SearchLocale[]; folder: string; outDir: string } | ({ kind: 'page' } & SentPage) | { kind: 'finish' };
/** One reply per locale, each sent as soon as its index is written. */
export type SearchReply = LocaleIndex;

/** A page as it is sent: without its HTML when the build kept it (incremental.ts) and it is read from out/. */
type SentPage = Omit<Page, 'html'> & { html?: string };

interface Page {
  file: string;
  html: string;
  /** What kind of page it is, shown with its results. */
  result: ResultKind;
}

/**
 * One locale's pages on their way into its index. While they come in the same order and hash as
 * the pages of the cached index (searchCache.ts) they are only held; the first that differs starts
 * the indexing, of the held pages first. A locale whose pages all match gets the cached files.
 */
class LocalePages {
  private writer: LocaleIndexWriter | undefined;
  private readonly hashes: string[] = [];
  private held: Page[] = [];

  constructor(
    private readonly locale: SearchLocale,
    private readonly cached: CachedIndex | undefined,
  ) {}

  add(page: Page): void {
    const hash = pageHash(page.file, `${page.result} ${page.html}`);
    this.hashes.push(hash);
    if (!this.writer && this.cached?.pages[this.hashes.length - 1] === hash) this.held.push(page);
    else this.indexing().add(sectionsOf(page));
  }

  /** The locale's index files: the cached ones when every page matched, else made and cached. */
  files(): LocaleIndex {
    if (!this.writer && this.cached?.pages.length === this.hashes.length) {
      try {
        return this.cached.index();
      } catch {
        // Another build replaced the entry meanwhile: index the pages after all.
      }
    }
    const index = this.indexing().files(this.locale, folder);
    saveIndex(cacheKey, this.locale, folder, this.hashes, index);
    return index;
  }

  private indexing(): LocaleIndexWriter {
    if (this.writer) return this.writer;
    const writer = (this.writer = new LocaleIndexWriter());
    for (const page of this.held) writer.add(sectionsOf(page));
    this.held = [];
    return writer;
  }
}

/** A kept page's indexed part, read from out/ (the last build wrote it as this one would); undefined when search leaves it out. */
function withHtml(page: SentPage): Page | undefined {
  if (page.html !== undefined) return { ...page, html: page.html };
  const html = readFileSync(join(outDir, page.file), 'utf8');
  return isIndexable(html) ? { ...page, html: indexedPart(html) } : undefined;
}

function sectionsOf(page: Page): IndexedPage {
  return { path: `/${page.file.slice(0, -'/index.html'.length)}`, kind: page.result, ...sectionsOfPage(page.html) };
}

/**
 * The search stage's worker thread: splits each page it is sent into sections and indexes them
 * while the main thread renders the next pages. Pages come locale by locale (the route plan's
 * order), so when the first page of the next locale arrives, the previous locale's index is
 * written, sent and let go at once: only one locale's index is held at a time, and by the end of
 * the render only the last locale's is left to write.
 */
const open = new Map<string, LocalePages>();
const sealed = new Set<string>();
let locales: SearchLocale[] = [];
let folder = '';
let outDir = '';
let cacheKey = '';
/** The locale whose pages are coming in. */
let current: string | undefined;

function seal(code: string): void {
  if (sealed.has(code)) return;
  const locale = locales.find((entry) => entry.code === code);
  if (!locale) return;
  const reply: SearchReply = (open.get(code) ?? new LocalePages(locale, undefined)).files();
  open.delete(code);
  sealed.add(code);
  parentPort!.postMessage(reply);
}

parentPort!.on('message', (request: SearchRequest) => {
  if (request.kind === 'locales') {
    ({ locales, folder, outDir } = request);
    cacheKey = searchCacheKey(fileURLToPath(import.meta.url));
    let uncached = false;
    for (const locale of locales) {
      const cached = cachedIndex(cacheKey, locale, folder);
      uncached ||= !cached;
      open.set(locale.code, new LocalePages(locale, cached));
    }
    // A locale without a cached index will be indexed: the conversion table is made now, while
    // the main thread is still reading the content.
    if (uncached) prepareScriptPairs();
  } else if (request.kind === 'page') {
    const locale = request.file.slice(0, request.file.indexOf('/'));
    const pages = open.get(locale);
    if (!pages) return;
    if (current !== undefined && current !== locale) seal(current);
    current = locale;
    const page = withHtml(request);
    if (page) pages.add(page);
  } else {
    for (const locale of locales) seal(locale.code);
  }
});
