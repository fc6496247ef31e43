import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import type { Alternate, BookFile, PageAssets, PageContext, PageImage, PageLocale, ReportFile } from '../../../templates/context.tsx';
import { createTranslator, type Translate } from '../../../templates/i18n.ts';
import { hashOf } from '../../cache.ts';
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

/** What the whole site shares, as the fingerprints of its pages take it. */
interface SiteInputs {
  model: SiteModel;
  assets: PageAssets;
  reports: ReportFile[];
  year: number;
}

/** What a page has of its own besides its inputs: where it is, which locales have it, its chapter's PDF. */
interface PageInputs {
  at: PageAt;
  /** A 1 or a 0 per locale: whether the locale has the page. */
  available: string;
  chapterFile: BookFile | undefined;
}

/**
 * How a page's fingerprint covers a field of its context, so that an incremental build renders
 * again every page that read a changed field and no other:
 * - `site`, `locale`, `page`: the field's value (as `key` gives it) is the same on every page of
 *   the site, on every page of a locale, or a page's own, and goes into the page's fingerprint;
 *   a page's own keys are strings or numbers, compared as they are from build to build;
 * - `question`: a function a page calls; each call is recorded with its answer, as a probe
 *   `<probe>:<what was asked>`, and a page whose answers changed is rendered again;
 * - `made`: made once per locale from the other fields; what making it asked counts as asked by
 *   every page that uses it;
 * - `book`: set on the pages printed in the report book only, which is made whole each time.
 */
export type ContextInput =
  | { from: 'site'; key: (site: SiteInputs) => unknown }
  | { from: 'locale'; key: (locale: PageLocale) => unknown }
  | { from: 'page'; key: (page: PageInputs) => string | number | null }
  | { from: 'question'; probe: string }
  | { from: 'made' }
  | { from: 'book' };

/**
 * Every field of the page context (templates/context.tsx `PageContext`) and how it is
 * fingerprinted. A field added to the context without its line here fails the typecheck.
 */
export const contextInputs = {
  site: { from: 'site', key: ({ model }) => model.site },
  assets: { from: 'site', key: ({ assets }) => assets },
  reports: { from: 'site', key: ({ reports }) => reports },
  // A page kept from last year would keep its copyright line.
  year: { from: 'site', key: ({ year }) => year },
  // The locale's shell and figures; a Map, which JSON would write as {}, goes in as its entries.
  locale: { from: 'locale', key: (locale) => ({ ...locale, metrics: [...locale.metrics] }) },
  t: { from: 'locale', key: ({ iso, messages }) => [iso, messages] },
  href: { from: 'locale', key: ({ code }) => code },
  routeName: { from: 'page', key: ({ at }) => at.name },
  path: { from: 'page', key: ({ at }) => at.path },
  // Each locale's name and alias are the shell's and site.yaml's; whether it has the page is the page's own.
  alternates: { from: 'page', key: ({ available }) => available },
  chapterFile: { from: 'page', key: ({ chapterFile }) => (chapterFile ? JSON.stringify(chapterFile) : null) },
  hasRoute: { from: 'question', probe: 'route' },
  image: { from: 'question', probe: 'image' },
  pageNumber: { from: 'question', probe: 'page' },
  // Another locale's words (the English notice on a Chinese page): the pages that asked for them.
  translatorOf: { from: 'question', probe: 'translator' },
  oncePerLocale: { from: 'made' },
  print: { from: 'book' },
} as const satisfies { [K in keyof PageContext]-?: ContextInput };

/** The questions pages ask, by their probe's name. */
type Question = Extract<(typeof contextInputs)[keyof typeof contextInputs], { from: 'question' }>['probe'];

const declared: readonly ContextInput[] = Object.values(contextInputs);

/**
 * What the declared inputs make of every page's fingerprint: its locale's key (the site's inputs
 * and the locale's, hashed once a build) and the page's own values, each a string or a number.
 */
function fingerprintHeads(
  inputs: SiteInputs,
  pageLocale: (locale: LocaleModel) => PageLocale,
  pageInputs: (at: PageAt) => PageInputs,
): (at: PageAt) => (string | number | null)[] {
  const site = hashOf(declared.flatMap((input) => (input.from === 'site' ? [input.key(inputs)] : [])));
  const localeKey = (locale: PageLocale) =>
    hashOf(
      site,
      declared.flatMap((input) => (input.from === 'locale' ? [input.key(locale)] : [])),
    );
  const locales = new Map(inputs.model.locales.map((locale) => [locale, localeKey(pageLocale(locale))]));
  return (at) => {
    const page = pageInputs(at);
    return [locales.get(at.locale)!, ...declared.flatMap((input) => (input.from === 'page' ? [input.key(page)] : []))];
  };
}

/**
 * The context of each page (templates/context.tsx), made for a page when it is rendered, and what
 * every page shares: the site, the client files, the report files and books, the photographs, and
 * the questions pages ask of it (`probes`, for the build record). `headOf` gives what the
 * declared inputs make of a page's fingerprint (`contextInputs`).
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
  const pageInputs = (at: PageAt): PageInputs => ({
    at,
    available: model.locales.map((locale) => (pages.has(alternatePath(locale.code, at.name)) ? 1 : 0)).join(''),
    chapterFile: books.chapterFile(at.locale.code, at.name),
  });
  const contextFor = (at: PageAt): PageContext => {
    const { locale, name, path } = at;
    return {
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
    };
  };
  const headOf = fingerprintHeads({ model, assets, reports: shared.reports, year: shared.year }, (locale) => localeOf(locale).page, pageInputs);
  return { shared, contextFor, localeOf, headOf };
}

type SharedContext = Pick<PageContext, 'site' | 'assets' | 'reports' | 'year' | 'image' | 'hasRoute' | 'translatorOf'> & {
  /** `PageContext.pageNumber` in a locale, asked as a probe (`page:<locale> <key>`). */
  pageNumberIn: (locale: string, url: string) => number | undefined;
  /** What the page rendering now asked (`route:<name>`, `image:<src>`, `page:<locale> <url>`). */
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
  localeOf: (locale: LocaleModel) => { page: PageLocale; t: Translate },
): SharedContext {
  const images = new Map<string, PageImage>();
  const image = (src: string) => {
    let found = images.get(src);
    if (!found) images.set(src, (found = photographs(src) ?? { src, ...intrinsicSize(join(model.contentDir, src)) }));
    return found;
  };
  const localeNamed = (code: string) => {
    const locale = model.locales.find((entry) => entry.code === code);
    if (!locale) throw new Error(`no locale ${code} in site.yaml`);
    return localeOf(locale);
  };
  // What each question answers now, by what was asked: a route's name, an image's address, a link
  // in a locale, a locale's code (the translator as its messages' hash, made once a build).
  const translators = new Map<string, string>();
  const answers = {
    route: (name: string) => plan.names.has(name),
    image,
    page: (asked: string) => {
      const [locale = '', url = ''] = asked.split(' ');
      return books.pageNumber(locale, url);
    },
    translator: (code: string) => {
      let key = translators.get(code);
      if (key === undefined) translators.set(code, (key = hashOf(localeNamed(code).page.iso, localeNamed(code).page.messages)));
      return key;
    },
  } satisfies { [Q in Question]: (asked: string) => unknown };
  const probes = new Set<string>();
  // The probes asked while a value of `once` is made, which each page that uses it asks too.
  let asked: Set<string> | undefined;
  const record = (probe: string) => {
    probes.add(probe);
    asked?.add(probe);
  };
  const ask = <Q extends Question>(question: Q, what: string) => {
    record(`${question}:${what}`);
    return answers[question](what) as ReturnType<(typeof answers)[Q]>;
  };
  const made = new Map<string, { value: unknown; probes: string[] }>();
  return {
    site: model.site,
    assets,
    reports: [...books.files, ...reportFiles(model)],
    year: new Date().getFullYear(),
    hasRoute: (url) => ask(contextInputs.hasRoute.probe, routeNameOf(url)),
    translatorOf: (code) => {
      record(`${contextInputs.translatorOf.probe}:${code}`);
      return localeNamed(code).t;
    },
    image: (src) => ask(contextInputs.image.probe, src),
    pageNumberIn: (locale, url) => ask(contextInputs.pageNumber.probe, `${locale} ${url}`),
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
      for (const probe of found.probes) record(probe);
      return found.value as T;
    },
    probes,
    answer: (probe) => {
      const at = probe.indexOf(':');
      return answers[probe.slice(0, at) as Question](probe.slice(at + 1)) ?? null;
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
