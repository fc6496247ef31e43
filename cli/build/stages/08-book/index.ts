import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BookFile, PageAssets, ReportFile } from '../../../../templates/context.tsx';
import { cacheDir, freshEntry, hashOf, hashOfFile, linkOrCopy, saveEntry } from '../../../cache.ts';
import { projectPath } from '../../../paths.ts';
import { errors } from '../../../errorCatalogue.ts';
import { ContentErrors, problem, type ContentProblem } from '../../../errors.ts';
import { warn } from '../../../log.ts';
import type { SiteModel } from '../../model/site.ts';
import { inputKey } from '../../record/inputs.ts';
import type { Books, pageContexts } from '../../model/pageContext.tsx';
import type { BuildSession } from '../../session.ts';
import type { RoutePlan } from '../../model/routes.ts';
import { reportsFolder } from '../../../siteFiles.ts';
import { bookPlans, pageKey, type BookPlan } from './chapters.ts';
import { bundledSource, launchPrinter, type BookFiles, type Printer } from './chromium.ts';
import { bookFontsIdentity } from '../../../bookFonts.ts';
import type { BookInfo } from './accessible.ts';
import { bookHtml, noRepairs, type BookHtml, type BookRepairs } from './html.tsx';
import { isPartAnchor, statementAnchor } from '../../../../templates/book/BookDocument.tsx';
import { readPdf, type ReadPdf } from './readBack.ts';
import { verifyBook } from './verify.ts';
import { layoutFaults, warnLayout } from './layout.ts';

/** What the build made or found of one locale's book. */
interface MadeBook {
  locale: string;
  year: number;
  /** The printed page of each chapter and section, by page-map key (`about`, `about#scope`). */
  map: Record<string, number>;
  /** What printed it: the engine, and the fonts it was set in. */
  madeWith: MadeWith;
  pdf: BookFile;
  chapters: Record<string, BookFile>;
  /** The entry of the build cache that holds its files. */
  folder: string;
}

/** The engine a book was printed by, and the fonts it was set in, as its page map records them. */
interface MadeWith {
  engine: string;
  fonts: string[];
}

/** What the cache keeps of a book besides its PDFs. */
interface BookRecord {
  map: Record<string, number>;
  madeWith: MadeWith;
  pages: number;
  chapters: Record<string, { first: number; last: number; pages: number }>;
  /** What its chapters asked of the site when it was made (routes that exist, images), with the answers: a book whose answers changed is made again. */
  probes: Record<string, unknown>;
  /** What the layout checks asked of its prints: chapters set tighter, elements that begin a page. */
  repairs: BookRepairs;
  /** What each chapter's repairs were asked for: its HTML and the code that laid it out (`repairKeysOf`). */
  repairKeys?: Record<string, string>;
}

/** A stand-in for every page number on the first pass: three digits, as wide as most numbers will be. */
const standIn = 888;
/** Passes of the pagination at most: each prints the numbers the one before found, and the repairs it asked for. */
const mostPasses = 6;
/** What a book's files are made of besides its HTML: the code that prints, reads back and finishes it. */
const bookCode = () => hashOfFile(projectPath('dist/cli.js')) ?? '';

export interface BookOptions {
  /** Print the books that the build cache lacks (`esg build --pdf`); else only take them from the cache. */
  make: boolean;
  contentDir: string;
  /** Where the client bundle and the photographs' encodings are, this build's first: the staging folder, then out/. */
  folders: string[];
  assets: PageAssets;
  /** Waits for the photographs' encodings (they are printed from them). */
  imagesReady: () => Promise<unknown>;
  /** Lines of progress, one per book. */
  log?: (line: string) => void;
}

/**
 * The report books of the site, one per locale that has a book.yaml: taken from the build cache
 * when one was made from the same HTML, else printed (with `make`), read back, paginated again
 * until every page number holds, verified, and kept. Gives the pages their numbers and files,
 * and the files to publish under `reports/`. A locale whose book is neither made nor cached shows
 * no page numbers (ESG4103).
 */
export async function reportBooks(
  session: BuildSession,
  model: SiteModel,
  plan: RoutePlan,
  contexts: ReturnType<typeof pageContexts>,
  options: BookOptions,
): Promise<{ books: Books; publish: (staging: string) => void; preview: (locale: string) => string | undefined }> {
  const plans = bookPlans(model, plan);
  const made: MadeBook[] = [];
  const unknown: string[] = [];
  const problems: ContentProblem[] = [];
  /** Engines other than the bundled one that printed the books taken from the cache. */
  const otherEngines = new Set<string>();
  const files: BookFiles = (path) => {
    if (path.startsWith('/assets/')) return model.assets.has(path) ? join(options.contentDir, path) : undefined;
    return options.folders.map((folder) => join(folder, path)).find((file) => !path.includes('..') && existsSync(file));
  };
  let printer: Printer | undefined;
  try {
    for (const book of plans) {
      const key = bookKey(session, book, contexts);
      const name = `book-${book.locale.code}`;
      const cached = freshEntry(name, key);
      const kept = cached ? recordOf(cached) : undefined;
      if (cached && kept?.madeWith && probesHold(kept, contexts)) {
        if (!kept.madeWith.engine.includes(bundledSource())) otherEngines.add(kept.madeWith.engine);
        made.push(madeBook(book, cached, kept));
        continue;
      }
      if (!options.make) {
        unknown.push(book.locale.code);
        continue;
      }
      const first = bookHtml(book, contexts, options.assets.css, (url) => (inBook(book, url) ? standIn : undefined));
      // A link to no element prints as no link at all: nothing in the PDF would show it.
      if (first.deadLinks.length) {
        problems.push(...first.deadLinks.map((target) => problem(errors.brokenPdfLink, { file: `${reportsFolder}/${pdfName(book)}` }, target)));
        continue;
      }
      const probes = Object.fromEntries(first.probes.map((probe) => [probe, contexts.shared.answer(probe)]));
      await options.imagesReady();
      printer ??= await launchPrinter();
      const started = performance.now();
      // Printed from the last book of this locale: its numbers, and the repairs of the chapters that have not changed.
      const last = recordOf(cacheDir(name));
      const repairKeys = repairKeysOf(first);
      const printed = await paginate(book, first, last?.map, contexts, options.assets.css, printer, files, carried(last, first, repairKeys));
      const file = pdfName(book);
      const found = verifyBook(printed.read, printed.anchors, `${reportsFolder}/${file}`);
      // A page a typesetter would not pass, left after the repairs, is said (none in the sample).
      const chapterStarts = book.chapters.map((chapter) => ({
        name: `${chapter.title || chapter.route.name} (${chapter.route.name})`,
        first: printed.map[chapter.route.name] ?? Infinity,
      }));
      warnLayout(layoutFaults(printed.read.layout, partPages(printed.map)), chapterStarts, `${reportsFolder}/${file}`);
      if (found.length) {
        problems.push(...found);
        continue;
      }
      const info = infoOf(book);
      // pdf-lib is loaded only here: a build that prints nothing does not load it.
      const { finishBook } = await import('./finish.ts');
      const pdf = await finishBook(printed.pdf, info, printed.anchors.outline);
      const madeWith = { engine: printer.engine, fonts: bookFontsIdentity() };
      const record: BookRecord = {
        map: printed.map,
        madeWith,
        pages: printed.read.pages,
        chapters: chapterRanges(book, printed.map, printed.read.pages),
        probes,
        repairs: printed.repairs,
        repairKeys,
      };
      const saved = saveEntry(name, key, [], (folder) => {
        writeFileSync(join(folder, 'book.pdf'), pdf);
        writeFileSync(join(folder, 'book.json'), JSON.stringify(record));
      });
      // The site links the files from the cache: a cache that cannot be written cannot publish a book.
      if (!saved) throw new Error(`the report PDF of ${book.locale.code} could not be kept in the build cache (${cacheDir(name)})`);
      made.push(madeBook(book, cacheDir(name), record));
      options.log?.(
        `  ${file}: ${record.pages} pages, ${(pdf.length / 1024 / 1024).toFixed(1)} MB, ${printed.passes} passes in ${((performance.now() - started) / 1000).toFixed(1)} s; every page number and link checked, and every page for a heading at its foot, a table's head without rows, three lines or fewer`,
      );
    }
  } finally {
    await printer?.close();
  }
  if (problems.length) throw new ContentErrors(problems);
  if (unknown.length) warn(errors.numbersLeftOut, undefined, unknown);
  for (const engine of otherEngines) warn(errors.otherEngine, undefined, engine);
  const books = booksOf(made);
  // The book as `esg dev` shows it: the HTML of the PDF, paginated in the browser by Paged.js, with the numbers of the last PDF.
  const preview = (locale: string) => {
    const book = plans.find((candidate) => candidate.locale.code === locale);
    return book && bookHtml(book, contexts, options.assets.css, (url) => books.pageNumber(locale, url), { preview: true }).html;
  };
  return { books, publish: (staging) => publish(made, staging), preview };
}

/** Whether a link leads to a chapter the book prints (it gets a page number). */
function inBook(book: BookPlan, url: string): boolean {
  const key = pageKey(url);
  return (
    key === statementAnchor || isPartAnchor(key) || book.chapters.some((chapter) => key === chapter.route.name || key.startsWith(`${chapter.route.name}#`))
  );
}

/**
 * Prints the book until its numbers hold: each pass prints the pages the one before found for
 * every anchor, and reads back where they are now. The first prints the numbers of the last book
 * made of this locale (an edit moves few of them), or stand-ins. Numbers that change the layout
 * (a wider one pushing a row to the next page) settle in a pass or two more.
 */
async function paginate(
  book: BookPlan,
  first: BookHtml,
  guess: Record<string, number> | undefined,
  contexts: ReturnType<typeof pageContexts>,
  siteCss: string,
  printer: Printer,
  files: BookFiles,
  repairs: BookRepairs = noRepairs,
) {
  // The numbers the print is made with: the last book's (or none, on a first pass of stand-ins), then each pass's own.
  let numbers = guess;
  let html = guess ? bookHtml(book, contexts, siteCss, (url) => (inBook(book, url) ? (guess[pageKey(url)] ?? standIn) : undefined), { repairs }) : first;
  let rounds = 0;
  for (let pass = 1; pass <= mostPasses; pass++) {
    if (pass > 1) html = bookHtml(book, contexts, siteCss, (url) => numbers![pageKey(url)], { repairs });
    const pdf = await printer.print(html.html, files);
    const read = await readPdf(pdf);
    const map = mapOf(html, read.destinations);
    const moved = Object.keys(map).filter((key) => map[key] !== numbers?.[key]);
    // What the pages' layout asks for is repaired in the next print, from the first print on (three times at most).
    const more = rounds < 3 ? repairsFor(book, { map, read, anchors: html }, repairs) : undefined;
    // Every number printed is its anchor's page and no page asks for more: a guess that holds needs no second print.
    if (!moved.length && !more) {
      return { pdf, map, read, anchors: { ...html, listed: listedPages(map) }, passes: pass, repairs };
    }
    if (pass === mostPasses)
      throw new ContentErrors([
        {
          code: errors.numbersUnsettled.code,
          file: `${reportsFolder}/${pdfName(book)}`,
          line: 1,
          column: 1,
          field: '',
          message: errors.numbersUnsettled.message(pass, moved),
        },
      ]);
    if (more) {
      repairs = more;
      rounds++;
    }
    numbers = map;
  }
  throw new Error('unreachable');
}

/**
 * The repairs a printed book's layout faults ask for, added to `repairs`, or undefined when there is
 * none to add: a chapter ending on a page of three lines or fewer is set tighter, and if it was,
 * its last section begins a page (the one before it, when the last is too short to fill one); a
 * page of a chapter left with three lines or fewer by such a break loses the break, and that
 * section is not broken again (`loose`); a table begun with its head alone begins a page; so does
 * the section whose heading ends a page.
 */
function repairsFor(book: BookPlan, printed: { map: Record<string, number>; read: ReadPdf; anchors: BookHtml }, repairs: BookRepairs): BookRepairs | undefined {
  const ranges = chapterRanges(book, printed.map, printed.read.pages);
  const tight = new Set(repairs.tight);
  const breaks = new Set(repairs.breaks);
  const loose = new Set(repairs.loose);
  const squeeze = (text: string) => text.replace(/\s+/g, '').normalize('NFKC');
  const chapterOn = (page: number) =>
    book.chapters.find((candidate) => {
      const range = ranges[candidate.route.name];
      return range && range.first <= page && page <= range.last;
    });
  for (const fault of layoutFaults(printed.read.layout, partPages(printed.map))) {
    if (fault.kind === 'nearlyEmpty') {
      const chapter = chapterOn(fault.page);
      if (!chapter) continue;
      const sections = printed.anchors.outline.flatMap((part) => part.children).find((entry) => entry.anchor === chapter.anchor)?.children ?? [];
      if (ranges[chapter.route.name]!.last !== fault.page) {
        // A break before the section overleaf left this page nearly empty.
        const overleaf = sections.find((section) => breaks.has(section.anchor) && printed.map[printed.anchors.keys.get(section.anchor)!] === fault.page + 1);
        if (overleaf) {
          breaks.delete(overleaf.anchor);
          loose.add(overleaf.anchor);
        }
      } else if (!tight.has(chapter.anchor)) tight.add(chapter.anchor);
      else {
        // Its last section begins a page; if it already does (too short to fill one), the section before it does instead. Never the first: its chapter's title would stand alone.
        const broken = sections.findLastIndex((section) => breaks.has(section.anchor));
        const at = sections.findLastIndex((section, index) => index > 0 && (broken === -1 || index < broken) && !loose.has(section.anchor));
        if (at > 0) {
          if (broken !== -1) breaks.delete(sections[broken]!.anchor);
          breaks.add(sections[at]!.anchor);
        }
      }
    } else if (fault.kind === 'tableHeadAlone') {
      const table = printed.anchors.tables.get(squeeze(fault.text));
      if (table) breaks.add(table);
    } else {
      // The heading of a section of the chapter the page is in (two chapters may have a section of one name).
      const chapter = chapterOn(fault.page);
      const section = [...printed.anchors.headings].find(
        ([anchor, heading]) => squeeze(heading) === squeeze(fault.text) && (chapter ? anchor.startsWith(`${chapter.anchor}--`) : anchor.includes('--')),
      );
      if (section) breaks.add(section[0]);
    }
  }
  const same = (set: Set<string>, list: string[]) => set.size === list.length && list.every((item) => set.has(item));
  if (same(tight, repairs.tight) && same(breaks, repairs.breaks) && same(loose, repairs.loose)) return undefined;
  return { tight: [...tight], breaks: [...breaks], loose: [...loose] };
}

/**
 * What each chapter's layout repairs depend on: its HTML (with stand-in numbers) and the code,
 * style sheet, fonts and engine that lay it out. A chapter begins a page, so its repairs are its own.
 */
function repairKeysOf(first: BookHtml): Record<string, string> {
  const code = hashOf(bookCode(), readFileSync(projectPath('templates/book/book.css')), bookFontsIdentity(), bundledSource());
  return Object.fromEntries([...first.chapterKeys].map(([anchor, key]) => [anchor, hashOf(code, key)]));
}

/**
 * The repairs of the last book that hold for this one: those of each chapter whose HTML and
 * layout code are the same (`repairKeys`), so that a book comes out the same whether it is made
 * from an empty cache or after any number of edits; a break before a table right under its
 * section's heading is one before the section, or the heading would be left at the foot of a page.
 */
function carried(last: BookRecord | undefined, html: BookHtml, repairKeys: Record<string, string>): BookRepairs {
  if (!last?.repairKeys) return noRepairs;
  const holds = (id: string) => {
    const chapter = id.split('--')[0]!;
    return last.repairKeys![chapter] !== undefined && last.repairKeys![chapter] === repairKeys[chapter];
  };
  return {
    tight: last.repairs.tight.filter(holds),
    breaks: [...new Set(last.repairs.breaks.map((id) => html.tableSections.get(id) ?? id).filter(holds))],
    loose: last.repairs.loose.filter(holds),
  };
}

/**
 * What a book is made from: the code that makes it, its style sheet, book.yaml, and what each
 * chapter's page is made from, as its fingerprint takes it (what it reads of its context, as
 * declared in pageContext.tsx `contextInputs`, and its inputs). What its chapters ask of the rest
 * of the site (a route that exists, an image's size) is checked apart (`probesHold`).
 */
function bookKey(session: BuildSession, book: BookPlan, contexts: ReturnType<typeof pageContexts>): string {
  const chapters = book.chapters.map(({ route }) => [
    ...contexts.headOf({ locale: book.locale, name: route.name, path: route.path }),
    inputKey(session, route.prepared!.inputs),
  ]);
  return hashOf(bookCode(), readFileSync(projectPath('templates/book/book.css')), bookFontsIdentity(), bundledSource(), book.book, chapters);
}

function recordOf(folder: string): BookRecord | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, 'book.json'), 'utf8')) as BookRecord;
  } catch {
    return undefined;
  }
}

/** Whether every question the book's chapters asked of the site has the answer it had when the book was made. */
function probesHold(record: BookRecord, contexts: ReturnType<typeof pageContexts>): boolean {
  return Object.entries(record.probes).every(([probe, answer]) => JSON.stringify(contexts.shared.answer(probe) ?? null) === JSON.stringify(answer ?? null));
}

/** The page map: each anchor's destination page, by its page-map key. */
function mapOf(html: BookHtml, destinations: Map<string, number>): Record<string, number> {
  const map: Record<string, number> = {};
  for (const [anchor, page] of destinations) {
    const key = html.keys.get(anchor);
    if (key) map[key] = page;
  }
  return map;
}

/** Each chapter's printed pages: from its first page to the page before what comes next (a chapter, a part's opening page, the statement, the back cover). */
function chapterRanges(book: BookPlan, map: Record<string, number>, pages: number): BookRecord['chapters'] {
  const starts = [...partPages(map), map[statementAnchor] ?? pages, ...book.chapters.map((chapter) => map[chapter.route.name] ?? Infinity)];
  const ranges: BookRecord['chapters'] = {};
  for (const chapter of book.chapters) {
    const first = map[chapter.route.name];
    if (first === undefined) continue;
    const last = Math.max(first, Math.min(pages, ...starts.filter((start) => start > first)) - 1);
    ranges[chapter.route.name] = { first, last, pages: last - first + 1 };
  }
  return ranges;
}

/** The pages the parts open on. */
const partPages = (map: Record<string, number>) =>
  new Set(
    Object.entries(map)
      .filter(([key]) => isPartAnchor(key))
      .map(([, page]) => page),
  );

/** The pages whose links end in their page number without `p.`: the contents' (from page 2 to the first part's opening) and the parts' opening pages. */
function listedPages(map: Record<string, number>): Set<number> {
  const parts = partPages(map);
  const firstPart = Math.min(...parts, map[statementAnchor] ?? Infinity);
  const contents = Array.from({ length: Math.max(1, firstPart - 2) }, (_, index) => index + 2);
  return new Set([...contents, ...parts]);
}

const pdfName = (book: BookPlan) => `${book.book.file}-${book.locale.code}.pdf`;

/** The PDF's metadata: the company as author, the book's title, subtitle and keywords. */
function infoOf(book: BookPlan): BookInfo {
  return {
    title: `${book.book.company} ${book.book.title}`,
    author: book.book.company,
    subject: book.book.subtitle ?? book.book.title,
    keywords: book.book.keywords ?? [],
    language: book.locale.iso,
  };
}

/**
 * A book of the build cache's entry `folder`, with the address and size of its PDF as the site
 * publishes it. A chapter is the book opened at the chapter's named destination (its anchor, which
 * Chromium names for the contents' links): the reader gets the whole book's tags, outline and links,
 * which pages cut from it would lose.
 */
function madeBook(book: BookPlan, folder: string, record: BookRecord): MadeBook {
  const base = `/${reportsFolder}/${pdfName(book).replace(/\.pdf$/, '')}`;
  const pdf = { href: `${base}.pdf`, bytes: statSync(join(folder, 'book.pdf')).size, pages: record.pages, first: 1, last: record.pages };
  const anchors = new Map(book.chapters.map((chapter) => [chapter.route.name, chapter.anchor]));
  const chapters = Object.fromEntries(
    Object.entries(record.chapters).map(([route, { first, last, pages }]) => [
      route,
      { href: `${pdf.href}#nameddest=${anchors.get(route)}`, bytes: pdf.bytes, pages, first, last },
    ]),
  );
  return { locale: book.locale.code, year: book.book.year, map: record.map, madeWith: record.madeWith, pdf, chapters, folder };
}

function booksOf(made: MadeBook[]): Books {
  const byLocale = new Map(made.map((book) => [book.locale, book]));
  return {
    pageNumber: (locale, url) => byLocale.get(locale)?.map[pageKey(url)],
    chapterFile: (locale, route) => byLocale.get(locale)?.chapters[route],
    files: made.map((book): ReportFile => ({
      year: book.year,
      kind: 'sustainability',
      language: book.locale as ReportFile['language'],
      href: book.pdf.href,
      bytes: book.pdf.bytes,
      pages: book.pdf.pages,
    })),
  };
}

/** Links each book's PDF and its page map (`.pages.json`, what the site's numbers come from) into the site. */
function publish(made: MadeBook[], staging: string): void {
  mkdirSync(join(staging, reportsFolder), { recursive: true });
  for (const book of made) {
    const file = join(staging, book.pdf.href);
    linkOrCopy(join(book.folder, 'book.pdf'), file);
    writeFileSync(file.replace(/\.pdf$/, '.pages.json'), JSON.stringify({ pages: book.pdf.pages, madeWith: book.madeWith, map: book.map }, null, 1));
  }
}
