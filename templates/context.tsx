import { createContext, useContext } from 'react';
import type { Menu, Messages, Site, Sitemap } from '../schemas/types.ts';
import type { Translate } from './i18n.ts';
import type { TargetProgress } from './targets.ts';
import type { WidgetName } from '../widgets/registry.ts';

export type LocaleCode = 'zh_TW' | 'zh_CN' | 'en';

/** The locale a page is rendered in: its names, and the texts of its shell (messages, menu, footer sitemap). */
export interface PageLocale {
  code: LocaleCode;
  iso: string;
  name: string;
  alias: string;
  messages: Messages;
  menu: Menu;
  sitemap: Sitemap;
  /** content/metrics.yaml in this locale's words: what `metrics` blocks and the data page show. */
  metrics: LocaleMetrics;
}

/**
 * One metric of content/metrics.yaml as the pages of one locale show it: its texts in that locale
 * (zh_CN's converted from zh_TW), its values by year and how they are written.
 */
export interface LocaleMetric {
  id: string;
  topic: string;
  label: string;
  /** The unit as the locale names it in a heading or beside an axis; '' for a percent, whose values carry the % sign. */
  unit: string;
  /** How a figure is written with its unit when the unit goes first or around it: `NT${value}`. */
  unitPattern?: string;
  percent: boolean;
  /** For an amount of money in a unit of `moneyUnits` (schemas/units.ts), NT$ in one unit: 1e8 for 億元. */
  dollars?: number;
  decimals: number;
  /** Values by year (`"2024"`), as the registry has them. */
  values: Record<string, number>;
  boundary: string;
  assurance?: { by: string; standard: string; years?: number[] };
  gri: string[];
  sasb: string[];
  note?: string;
  /** Set when the metric is a target (its values are milestones): its progress, computed from the metric it tracks (targets.ts). */
  target?: TargetProgress;
  /**
   * The figures that differ from what the latest published edition gave, by year: the value first
   * published and the reason (the registry's `restated:`).
   */
  restated?: Record<string, { published: number; reason: string }>;
}

/** The metrics of one locale, by id. */
export type LocaleMetrics = Map<string, LocaleMetric>;

/** Hashed files of the client bundle that a page links to. */
export interface PageAssets {
  css: string;
  client: string;
  guard: string;
  redirect: string;
  /** The tag manager's start event, a file so that pages need no inline script (CSP). */
  tagManager?: string;
  /** Chunks every island needs (React), preloaded by pages that have islands. */
  preload: string[];
  /**
   * What each DOM island (widgets/registry.ts, `domIslands`) loads when it wakes, besides the chunks above: its
   * chunk, what that imports and what it loads lazily. A page where it works on arrival preloads them.
   */
  domIslands: Partial<Record<WidgetName, string[]>>;
}

/** A srcset of one format of an encoded photograph: `/_esg/img/pier-3f9a1c02de-480.avif 480w, …`. */
export interface ImageSource {
  type: 'image/avif' | 'image/webp' | 'image/jpeg';
  srcset: string;
}

/** A content image as pages show it. */
export interface PageImage {
  /** The <img>'s address: the file itself (an SVG), or the JPEG of a photograph the build encoded. */
  src: string;
  /** The size it is shown at (EXIF orientation applied), so the page does not shift as it loads. */
  width?: number;
  height?: number;
  /** A photograph the build encoded: the srcset of each format, AVIF and WebP first, the <img>'s JPEG last. */
  sources?: ImageSource[];
}

/** The same page in another locale, for hreflang and the language dropdown. */
export interface Alternate {
  code: string;
  iso: string;
  name: string;
  alias: string;
  path: string;
  /** False when the locale has no edition of this page (English guard). */
  available: boolean;
}

/** One downloadable file of a report edition, with its size read from disk. */
export interface ReportFile {
  year: number;
  kind: 'sustainability' | 'csr';
  language: 'zh_TW' | 'zh_CN' | 'en';
  href: string;
  bytes: number;
  /** Pages of a report PDF the build made (esg build --pdf); unknown for a file of content/assets. */
  pages?: number;
}

/** A PDF the build made of the report book or of one of its chapters (cli/build/stages/08-book/). */
export interface BookFile {
  href: string;
  bytes: number;
  pages: number;
  /** The printed page numbers it holds, first and last: a chapter keeps the book's. */
  first: number;
  last: number;
}

/**
 * How a page prints in the report book rather than shows on the site (templates/book/): no shell,
 * links to the book's own chapters as links inside the PDF, other links as their address, and
 * photographs as one JPEG of at most 200 dpi at their printed size.
 */
export interface PrintMedium {
  /** The anchor in the book of the chapter or section a site link names (`#ch-about--scope`); undefined when the book does not print that page. */
  anchorOf: (url: string) => string | undefined;
  /** The site's address of a page, for a link printed as text: `https://esg.example.org/zh_TW/qa/qa`. */
  addressOf: (url: string) => string;
}

/** What every template may know about the page being rendered. */
export interface PageContext {
  site: Site;
  locale: PageLocale;
  /** Route name (docs/product.md, "Pages"): `about`, `focus/care/safe`, `` for home. */
  routeName: string;
  /** Path of this page: `/zh_TW/about`. */
  path: string;
  alternates: Alternate[];
  assets: PageAssets;
  t: Translate;
  /**
   * The translator of any locale, for what a page shows a visitor who chose another locale than
   * the page's: the English notice on a Chinese page is in English.
   */
  translatorOf: (code: LocaleCode) => Translate;
  /** Adds the locale prefix to a site path written without one. */
  href: (url: string) => string;
  /** Report editions, newest first. */
  reports: ReportFile[];
  /** The year of the build, for the footer's copyright line. */
  year: number;
  /** An image under content/assets as the page shows it, read once at build time. */
  image: (src: string) => PageImage;
  /** Route names that are built, so links to pages not yet built can be left out. */
  hasRoute: (url: string) => boolean;
  /**
   * What `make` gives for the page's locale, made by the first page of the locale that asks
   * (`name` tells the things apart): the props of the shell's islands, the same on every page of a
   * locale, are then the same object, which `Island` serialises once. What `make` asked of
   * `hasRoute` and `image` counts as asked by every page that uses it: an incremental build renders
   * those pages again when such a route appears or goes (cli/build/record/incremental.ts). Made anew by
   * each build.
   */
  oncePerLocale: <T>(name: string, make: () => T) => T;
  /**
   * The printed page of the report book on which the chapter or section a link names begins
   * (`/focus/climate/energy?focus=focus321` → 75), from the page map of the PDF made from this
   * content. Undefined when the book does not print it, or when no PDF of this content is known:
   * a number is left out rather than shown stale.
   */
  pageNumber: (url: string) => number | undefined;
  /** The PDF of the chapter this page is printed as, when the build made the book. */
  chapterFile?: BookFile;
  /** Set when the page is printed in the report book. */
  print?: PrintMedium;
}

const Context = createContext<PageContext | null>(null);

export const PageContextProvider = Context.Provider;

export function usePage(): PageContext {
  const page = useContext(Context);
  if (!page) throw new Error('usePage() outside a page: wrap the page in <PageContextProvider>');
  return page;
}
