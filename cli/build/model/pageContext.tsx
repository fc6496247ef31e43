import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import type { Alternate, BookFile, PageAssets, PageContext, PageImage, PageLocale, ReportFile } from '../../../templates/context.tsx';
import { createTranslator, type Translate } from '../../../templates/i18n.ts';
import { localize, routeNameOf } from '../../content/siteLinks.ts';
import { remembered, type BuildSession } from '../session.ts';
import { pathOf, type RoutePlan } from './routes.ts';
import { documentOf, type LocaleModel, type SiteModel } from './site.ts';

// What every page may know (templates/context.tsx), made per page when it is rendered, for the site
// (the render stage) and for the report book (its chapters are the same pages, printed).

/** The photographs the build encodes (11-images.ts), as pages show them; undefined for any other file. */
export type Photographs = (src: string) => PageImage | undefined;

/**
 * What the report books (cli/build/stages/08-book/) give the pages: the printed page of a link, by locale, and
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
export function pageContexts(session: BuildSession, model: SiteModel, plan: RoutePlan, assets: PageAssets, photographs: Photographs, books: Books = noBooks) {
  // What templates know of each locale, and its translator: one for every page of it, and the same
  // as the last build's while its messages are the same.
  const locales = new Map(
    model.locales.map((locale) => {
      const page = pageLocaleOf(locale);
      return [locale, { page, t: translatorOf(session, page.messages, locale.iso) }];
    }),
  );
  const localeOf = (locale: LocaleModel) => locales.get(locale)!;
  const shared = sharedContext(model, plan, assets, photographs, books, localeOf);
  const pages = new Set(plan.routes.filter((route) => route.kind === 'page').map((route) => route.path));
  const contextFor = ({ locale, name, path }: PageAt): PageContext => ({
    ...shared,
    locale: localeOf(locale).page,
    routeName: name,
    path,
    t: localeOf(locale).t,
    alternates: alternatesOf(model, pages, localeOf(locale).t, name),
    href: (url) => localize(url, locale.code),
    oncePerLocale: (name, make) => shared.once(`${locale.code} ${name}`, make),
    pageNumber: (url) => shared.pageNumberIn(locale.code, url),
    chapterFile: books.chapterFile(locale.code, name),
  });
  return { shared, pages, contextFor, localeOf };
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

function sharedContext(
  model: SiteModel,
  plan: RoutePlan,
  assets: PageAssets,
  photographs: Photographs,
  books: Books,
  localeOf: (locale: LocaleModel) => { t: Translate },
): SharedContext {
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
      return localeOf(locale).t;
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
function alternatesOf(model: SiteModel, pages: Set<string>, t: Translate, name: string): Alternate[] {
  return model.locales.map((locale) => {
    const siteLocale = model.site.locales.find((entry) => entry.code === locale.code)!;
    const path = alternatePath(locale.code, name);
    return { code: locale.code, iso: locale.iso, name: t(`lang.${locale.code}`), alias: siteLocale.alias, path, available: pages.has(path) };
  });
}

/** A page's address in another locale: a 404 page's alternates are the home pages. */
export function alternatePath(code: string, name: string): string {
  return pathOf(code, name === '404' ? '' : name);
}

/**
 * What templates know of a locale: its names and the texts of its shell. The content checks have
 * made sure every locale has its messages, menu and sitemap before anything is rendered.
 */
function pageLocaleOf(locale: LocaleModel): PageLocale {
  const messages = documentOf(locale, 'messages.yaml', 'messages')?.data;
  const menu = documentOf(locale, 'menu.yaml', 'menu')?.data;
  const sitemap = documentOf(locale, 'sitemap.yaml', 'sitemap')?.data;
  if (!messages || !menu || !sitemap) throw new Error(`rendering ${locale.code} without its messages, menu and sitemap`);
  return { code: locale.code, iso: locale.iso, name: locale.name, alias: locale.alias, messages, menu, sitemap, metrics: locale.metrics };
}

const translatorOf = remembered((_session: BuildSession, messages: PageLocale['messages'], iso: string) => createTranslator(messages, iso));

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
