import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import {
  PageContextProvider,
  type Alternate,
  type BookFile,
  type PageAssets,
  type PageContext,
  type PageImage,
  type PageLocale,
  type ReportFile,
} from '../../templates/context.tsx';
import { createTranslator, type Translate } from '../../templates/i18n.ts';
import { GuardPage } from '../../templates/pages/GuardPage.tsx';
import { NotFoundPage } from '../../templates/pages/NotFoundPage.tsx';
import { RedirectPage } from '../../templates/pages/RedirectPage.tsx';
import { pathOf, type RoutePlan } from './routes.ts';
import { documentOf, type LocaleModel, type SiteModel } from './locales.ts';
import { indexUrlPlaceholder, type ResultKind } from '../../widgets/search/engine.ts';
import { hashOf } from '../cache.ts';
import { localize, routeNameOf } from '../content/siteLinks.ts';
import { remembered } from './memo.ts';

/** A file to write under out/, relative to it. */
export interface RenderedFile {
  path: string;
  contents: string;
  /** A page's kind as site search shows it, null for a page it leaves out (pageKinds.tsx). */
  result?: ResultKind | null;
}

/** A page of the last build that needs no rendering: out/ holds it as it would be rendered (incremental.ts). */
export interface KeptPage {
  path: string;
  kept: true;
  result: ResultKind | null;
  /** The hash site search indexed it by in the last build, if known. */
  search?: string;
}

/**
 * What rendering asks of the build record (incremental.ts `BuildRecord`): what a page the last
 * build made was made from, when it may be kept as it is; and what a page rendered now is made from.
 */
export interface PageRecord {
  keeps(path: string, fingerprint: string, answer: (probe: string) => unknown): { search?: string } | undefined;
  rendered(path: string, made?: { fingerprint: string; probes: string[]; answer: (probe: string) => unknown }): void;
}

/** The photographs the build encodes (images.ts), as pages show them; undefined for any other file. */
export type Photographs = (src: string) => PageImage | undefined;

/**
 * What the report books (cli/book/) give the pages: the printed page of a link, by locale, and
 * the PDFs made. A build that made no book and knows none gives no numbers.
 */
export interface Books {
  pageNumber(locale: string, url: string): number | undefined;
  chapterFile(locale: string, route: string): BookFile | undefined;
  /** The PDF of each locale's book, newest edition first, as the download page lists files. */
  files: ReportFile[];
}

export const noBooks: Books = { pageNumber: () => undefined, chapterFile: () => undefined, files: [] };

/** Where a page is: its locale, its route's name and its address. */
export interface PageAt {
  locale: LocaleModel;
  name: string;
  path: string;
}

/**
 * The context of each page (templates/context.tsx), made for a page when it is rendered, and what
 * every page shares: the site, the client files, the report files and books, the photographs, and
 * the questions pages ask of it (`probes`, for the build record).
 */
export function pageContexts(model: SiteModel, plan: RoutePlan, assets: PageAssets, photographs: Photographs, books: Books = noBooks) {
  const shared = sharedContext(model, plan, assets, photographs, books);
  const pages = new Set(plan.routes.filter((route) => route.kind === 'page').map((route) => route.path));
  const contextFor = ({ locale, name, path }: PageAt): PageContext => ({
    ...shared,
    locale: pageLocaleOf(locale),
    routeName: name,
    path,
    t: translatorFor(locale),
    alternates: alternatesOf(model, pages, locale, name),
    href: (url) => localize(url, locale.code),
    oncePerLocale: (name, make) => shared.once(`${locale.code} ${name}`, make),
    pageNumber: (url) => shared.pageNumberIn(locale.code, url),
    chapterFile: books.chapterFile(locale.code, name),
  });
  return { shared, pages, contextFor };
}

/**
 * Renders every planned route, the 404 pages and the root redirect to HTML, one page at a time, so
 * the build can write each page and let it go before rendering the next. Call `loadWidgets` (templates/Island.tsx) first.
 * With a `record` of the last build, a page whose fingerprint and probes' answers are the same is
 * not rendered: it comes as a `KeptPage`.
 */
export function* renderedPages(
  model: SiteModel,
  plan: RoutePlan,
  assets: PageAssets,
  photographs: Photographs,
  record?: PageRecord,
  buildsAgain = false,
  books: Books = noBooks,
): Generator<RenderedFile | KeptPage> {
  // Made for the pages rendered only: most pages of an incremental build are kept.
  const { shared, pages, contextFor } = pageContexts(model, plan, assets, photographs, books);
  if (!buildsAgain) fingerprints.clear();
  // What every page may read besides its inputs: the site, the client files, the reports, the
  // year (a page kept from last year would keep its copyright line), every locale's shell and
  // figures (a Map, which JSON would write as {}: its entries go in).
  // The chapter PDFs a page offers are in it too; its page numbers are asked as probes (`page:`).
  const siteKey = hashOf(
    model.site,
    assets,
    shared.reports,
    shared.year,
    model.locales.map((locale) => ({ ...pageLocaleOf(locale), metrics: [...locale.metrics] })),
    plan.routes.map((route) => books.chapterFile(route.locale.code, route.name) ?? 0),
  );
  /**
   * A page made from `inputs` besides its locale and context: rendered, or, when the last build
   * made it from the same, kept as it is in out/.
   */
  function* page(
    path: string,
    at: PageAt,
    kind: string,
    result: ResultKind | null | undefined,
    inputs: unknown,
    element: () => ReactElement,
  ): Generator<RenderedFile | KeptPage> {
    // A page's alternates are its name in each locale's shell (in `siteKey`) and which locales have it.
    const available = model.locales.map((locale) => (pages.has(alternatePath(locale.code, at.name)) ? 1 : 0)).join('');
    const fingerprint = fingerprintOf(path, [siteKey, at.locale.code, at.name, kind, available, result ?? null], inputs, buildsAgain);
    const kept = record?.keeps(path, fingerprint, shared.answer);
    if (kept) {
      yield { path, kept: true, result: result ?? null, search: kept.search };
      return;
    }
    shared.probes.clear();
    const contents = render(contextFor(at), element());
    // A page that names files made after it (the search page names its index) is rendered every time.
    record?.rendered(path, contents.includes(indexUrlPlaceholder) ? undefined : { fingerprint, probes: [...shared.probes], answer: shared.answer });
    yield { path, contents, result };
  }
  for (const route of plan.routes) {
    const result = route.pageKind.result === undefined ? 'topic' : route.pageKind.result;
    const element = () => (route.prepared ? route.prepared.element() : <GuardPage fallback={pathOf(model.site.defaultLocale, route.name)} />);
    yield* page(
      `${route.path.slice(1)}/index.html`,
      { locale: route.locale, name: route.name, path: route.path },
      route.kind,
      result,
      route.prepared?.inputs ?? null,
      element,
    );
  }
  for (const locale of model.locales)
    yield* page(`${locale.code}/404.html`, { locale, name: '404', path: pathOf(locale.code, '404') }, '404', undefined, null, () => <NotFoundPage />);
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  yield* page('404.html', { locale: base, name: '404', path: '/404' }, '404', undefined, null, () => <NotFoundPage />);
  const t = translatorFor(base);
  yield {
    path: 'index.html',
    contents: `<!DOCTYPE html>${renderToStaticMarkup(<RedirectPage script={assets.redirect} fallback={pathOf(base.code, '')} locales={model.locales.map((l) => l.code)} title={t('redirect.title')} linkText={t('redirect.link')} />)}`,
  };
}

/**
 * Each page's fingerprint by its address, with what it was made from, in a process that builds
 * again (`esg dev`, `esg edit`): the next build's page made from the very same objects (memo.ts)
 * has the same fingerprint, found without hashing. Holding every page's inputs, it is kept only for
 * such a process (`buildsAgain`, a site of at most 10,000 pages).
 */
const fingerprints = new Map<string, { head: unknown[]; inputs: unknown; fingerprint: string }>();

/** The hash of what a page is made from: the `head` of its context and its inputs (`inputKey`). */
function fingerprintOf(path: string, head: unknown[], inputs: unknown, remember: boolean): string {
  const last = remember ? fingerprints.get(path) : undefined;
  if (last && sameItems(last.head, head) && sameItems([last.inputs], [inputs])) return last.fingerprint;
  const fingerprint = hashOf(...head, inputKey(inputs));
  if (remember) fingerprints.set(path, { head, inputs, fingerprint });
  return fingerprint;
}

/** Whether two lists hold the same items: the same primitives, the same objects, lists of the same. */
function sameItems(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((item, at) => item === b[at] || (Array.isArray(item) && Array.isArray(b[at]) && sameItems(item, b[at] as unknown[])));
}

/**
 * What a page's inputs go into its fingerprint as: an object (a document's data, an event) by its
 * hash, a list by its items', a string or a number as itself (in a list of one, never taken for a
 * hash). The page's fingerprint is then the one hash it makes. Documents' data and events are the
 * same objects from build to build in a long-running process (memo.ts), each hashed once.
 */
export function inputKey(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inputKey);
  return value !== null && typeof value === 'object' ? objectHash(value) : [value ?? null];
}
const objectHash = remembered((value: object) => hashOf(value));

function render(context: PageContext, element: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<PageContextProvider value={context}>{element}</PageContextProvider>)}`;
}

type SharedContext = Pick<PageContext, 'site' | 'assets' | 'reports' | 'year' | 'image' | 'hasRoute' | 'translatorOf'> & {
  /** `PageContext.pageNumber` in a locale, asked as a probe (`page:<locale> <key>`). */
  pageNumberIn: (locale: string, url: string) => number | undefined;
  /** What the page rendering now asked of `hasRoute` and `image` (`route:<name>`, `image:<src>`). */
  probes: Set<string>;
  /** The answer to a probe now, as a value to compare with an earlier build's. */
  answer: (probe: string) => unknown;
  /** `PageContext.oncePerLocale` for every locale, by `key`: made once a build, its probes asked again by each page that uses it. */
  once: <T>(key: string, make: () => T) => T;
};

function sharedContext(model: SiteModel, plan: RoutePlan, assets: PageAssets, photographs: Photographs, books: Books): SharedContext {
  const images = new Map<string, PageImage>();
  const image = (src: string) => {
    let found = images.get(src);
    if (!found) images.set(src, (found = photographs(src) ?? { src, ...intrinsicSize(join(model.contentDir, src)) }));
    return found;
  };
  const probes = new Set<string>();
  // The probes asked while a value of `once` is made, which each page that uses it asks too.
  let asked: Set<string> | undefined;
  const probe = (name: string) => {
    probes.add(name);
    asked?.add(name);
  };
  const made = new Map<string, { value: unknown; probes: string[] }>();
  return {
    site: model.site,
    assets,
    reports: [...books.files, ...reportFiles(model)],
    year: new Date().getFullYear(),
    hasRoute: (url) => {
      const name = routeNameOf(url);
      probe(`route:${name}`);
      return plan.names.has(name);
    },
    translatorOf: (code) => {
      const locale = model.locales.find((entry) => entry.code === code);
      if (!locale) throw new Error(`no locale ${code} in site.yaml`);
      return translatorFor(locale);
    },
    image: (src) => {
      probe(`image:${src}`);
      return image(src);
    },
    pageNumberIn: (locale, url) => {
      probe(`page:${locale} ${url}`);
      return books.pageNumber(locale, url);
    },
    once: <T,>(key: string, make: () => T): T => {
      let found = made.get(key);
      if (!found) {
        const outer = asked;
        asked = new Set();
        try {
          found = { value: make(), probes: [...asked] };
        } finally {
          asked = outer;
        }
        made.set(key, found);
      }
      for (const name of found.probes) probe(name);
      return found.value as T;
    },
    probes,
    answer: (probe) => {
      if (probe.startsWith('route:')) return plan.names.has(probe.slice('route:'.length));
      if (probe.startsWith('page:')) {
        const [locale = '', url = ''] = probe.slice('page:'.length).split(' ');
        return books.pageNumber(locale, url) ?? null;
      }
      return image(probe.slice('image:'.length));
    },
  };
}

/** How much of an image file its size is read from, as image-size's own file reader does: its header, not its pixels. */
const imageHeaderBytes = 512 * 1024;

/**
 * An image's width and height as the browser shows it, so its <img> reserves the space before it
 * loads: an SVG's, or a photograph's that is not encoded (one only a zh_CN file names). Undefined
 * for a file that is missing or no image.
 */
function intrinsicSize(file: string): { width: number; height: number } | undefined {
  try {
    const { width, height, orientation = 1 } = imageSize(fileStart(file, imageHeaderBytes));
    // EXIF orientations 5 to 8 turn a photo a quarter.
    return orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return undefined;
  }
}

function fileStart(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/** This page in every locale; `pages` holds the paths of real pages (not guards). */
function alternatesOf(model: SiteModel, pages: Set<string>, current: LocaleModel, name: string): Alternate[] {
  const t = translatorFor(current);
  return model.locales.map((locale) => {
    const siteLocale = model.site.locales.find((entry) => entry.code === locale.code)!;
    const path = alternatePath(locale.code, name);
    return { code: locale.code, iso: locale.iso, name: t(`lang.${locale.code}`), alias: siteLocale.alias, path, available: pages.has(path) };
  });
}

/** A page's address in another locale: a 404 page's alternates are the home pages. */
function alternatePath(code: string, name: string): string {
  return pathOf(code, name === '404' ? '' : name);
}

const pageLocales = new WeakMap<LocaleModel, PageLocale>();

/**
 * What templates know of a locale: its names and the texts of its shell. The content checks have
 * made sure every locale has its messages, menu and sitemap before anything is rendered.
 */
export function pageLocaleOf(locale: LocaleModel): PageLocale {
  let page = pageLocales.get(locale);
  if (!page) {
    const messages = documentOf(locale, 'messages.yaml', 'messages')?.data;
    const menu = documentOf(locale, 'menu.yaml', 'menu')?.data;
    const sitemap = documentOf(locale, 'sitemap.yaml', 'sitemap')?.data;
    if (!messages || !menu || !sitemap) throw new Error(`rendering ${locale.code} without its messages, menu and sitemap`);
    pageLocales.set(
      locale,
      (page = { code: locale.code, iso: locale.iso, name: locale.name, alias: locale.alias, messages, menu, sitemap, metrics: locale.metrics }),
    );
  }
  return page;
}

/** One translator per locale, shared by every page of it, and by the next build's while its messages are the same (memo.ts). */
const translatorFor = (locale: LocaleModel): Translate => translatorOfMessages(pageLocaleOf(locale).messages, locale.iso);
const translatorOfMessages = remembered(createTranslator);

/** site.yaml's report editions with the size of each file (the reference checks made sure each exists). */
export function reportFiles(model: SiteModel): ReportFile[] {
  return model.site.reports.flatMap((edition) =>
    edition.files.map((file) => ({
      year: edition.year,
      kind: edition.kind,
      language: file.language,
      href: file.file,
      bytes: statSync(join(model.contentDir, file.file)).size,
    })),
  );
}
