import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageContextProvider, type PageContext, type PrintMedium } from '../../../../templates/context.tsx';
import { BookDocument, partAnchor, statementAnchor, type PrintedChapter } from '../../../../templates/book/BookDocument.tsx';
import { localize, routeNameOf, sectionsAskedFor } from '../../../content/siteLinks.ts';
import { projectPath } from '../../../paths.ts';
import { hashOf } from '../../../cache.ts';
import type { pageContexts } from '../../model/pageContext.tsx';
import { anchorOf, type BookPlan } from './chapters.ts';
import { bookFontSheets } from '../../../bookFonts.ts';
import type { OutlineEntry } from './accessible.ts';
import { pagerScript } from '../../../siteFiles.ts';

/** A book's HTML, and what the read-back needs to know of it. */
export interface BookHtml {
  html: string;
  /** The page-map key of every anchor of the book (`ch-about--scope` → `about#scope`). */
  keys: Map<string, string>;
  /** The heading of each chapter and section anchor, as the PDF shows it. */
  headings: Map<string, string>;
  /** What the chapters asked of the site besides their inputs (routes that exist, images), as the build record's probes. */
  probes: string[];
  /** Links inside the book (`#anchor`) that lead to no element of it. */
  deadLinks: string[];
  /** The bookmarks: parts, their chapters and the chapters' sections, then the assurance statement. */
  outline: OutlineEntry[];
  /** The id that begins a page for each table with a caption (its own, or its section's right above it), by its caption's text without spaces and by its first body row's. */
  tables: Map<string, string>;
  /** The section of each table right under its section's heading, by the table's id: a break before the table is one before its section. */
  tableSections: Map<string, string>;
  /** A fingerprint of each chapter's HTML, by its anchor: the repairs of an earlier print hold for a chapter whose fingerprint is the same. */
  chapterKeys: Map<string, string>;
}

/**
 * What the layout checks asked of an earlier print of the book: chapters (anchors) set a little
 * tighter, to pull a last page of three lines or fewer back; elements (ids) that begin a page;
 * sections that must not (a break before them left a page nearly empty).
 */
export interface BookRepairs {
  tight: string[];
  breaks: string[];
  loose: string[];
}

export const noRepairs: BookRepairs = { tight: [], breaks: [], loose: [] };

/**
 * The whole book of a locale as one HTML document: each chapter rendered by its page's own
 * component with the book's medium (no shell; links to chapters are links inside the PDF), its
 * ids prefixed with its anchor so that two chapters' `#scope` do not collide. `numbers` gives the
 * page of a link: the pass before's, or a stand-in of the same width on the first pass.
 * `repairs` are what the layout checks asked of an earlier print (`BookRepairs`).
 */
export function bookHtml(
  plan: BookPlan,
  contexts: ReturnType<typeof pageContexts>,
  siteCss: string,
  numbers: (url: string) => number | undefined,
  { preview = false, repairs = noRepairs } = {},
): BookHtml {
  const { locale } = plan;
  const inBook = new Set(plan.chapters.map((chapter) => chapter.route.name));
  const print: PrintMedium = {
    anchorOf: (url) => {
      const route = routeNameOf(url);
      if (!inBook.has(route)) return undefined;
      return `#${anchorOf(route, sectionsAskedFor(url)[0])}`;
    },
    addressOf: (url) => (url.startsWith('/') ? `${contexts.shared.site.baseUrl}${localize(url, locale.code)}` : url),
  };
  const contextOf = (name: string, path: string): PageContext => ({ ...contexts.contextFor({ locale, name, path }), print, pageNumber: numbers });
  const keys = new Map<string, string>();
  const headings = new Map<string, string>();
  const chapterKeys = new Map<string, string>();
  const chapterAnchors = plan.chapters.map((chapter) => chapter.anchor);
  const isBookAnchor = (id: string) => chapterAnchors.some((anchor) => id === anchor || id.startsWith(`${anchor}--`));
  contexts.shared.probes.clear();
  const parts = plan.parts.map((part) => ({
    title: part.title,
    chapters: part.chapters.map((chapter): PrintedChapter => {
      const { route } = chapter;
      const rendered = renderToStaticMarkup(<PageContextProvider value={contextOf(route.name, route.path)}>{route.prepared!.element()}</PageContextProvider>);
      let table = 0;
      const html = subscripts(selfLinked(withOwnIds(rendered, chapter.anchor, isBookAnchor))).replace(
        /<table>/g,
        () => `<table id="${chapter.anchor}--table-${++table}">`,
      );
      const title = chapter.title || textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? route.name);
      keys.set(chapter.anchor, route.name);
      headings.set(chapter.anchor, title);
      chapterKeys.set(chapter.anchor, hashOf(html));
      for (const id of idsIn(rendered)) keys.set(anchorOf(route.name, id), `${route.name}#${id}`);
      const sections = sectionsIn(html);
      for (const section of sections) headings.set(section.anchor, section.heading);
      return { anchor: chapter.anchor, route: route.name, title, part: part.title, html, sections: sections.filter((section) => section.level === 2) };
    }),
  }));
  const view = {
    book: plan.book,
    parts,
    missing: plan.missing,
    styles: { site: siteCss, book: readFileSync(projectPath('templates/book/book.css'), 'utf8'), fonts: bookFontSheets(locale.iso) },
    repairs,
    ...(preview ? { pager: pagerScript } : {}),
  };
  keys.set(statementAnchor, statementAnchor);
  headings.set(statementAnchor, plan.book.statement.title);
  parts.forEach((part, index) => {
    keys.set(partAnchor(index), partAnchor(index));
    headings.set(partAnchor(index), part.title);
  });
  const home = contextOf('', `/${locale.code}`);
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    <PageContextProvider value={home}>
      <BookDocument view={view} />
    </PageContextProvider>,
  )}`;
  const ids = new Set(idsIn(html));
  const deadLinks = [...new Set([...html.matchAll(/\shref="#([^"]+)"/g)].map((match) => match[1]!))].filter((id) => !ids.has(id));
  const outline: OutlineEntry[] = [
    ...parts.map((part, index) => ({
      title: part.title,
      anchor: partAnchor(index),
      children: part.chapters.map((chapter) => ({
        title: chapter.title,
        anchor: chapter.anchor,
        children: chapter.sections.map((section) => ({ title: section.heading, anchor: section.anchor, children: [] })),
      })),
    })),
    { title: plan.book.statement.title, anchor: statementAnchor, children: [] },
  ];
  // A table right under its section's heading begins a page with that heading, when it must.
  const sectionOf = new Map(
    [
      ...html.matchAll(
        /<section[^>]*\sid="([^"]+)"[^>]*>\s*<h[23][^>]*>[\s\S]*?<\/h[23]>\s*<div class="table-box[^"]*">\s*<div class="table-scroll"[^>]*>\s*<table id="([^"]+)">/g,
      ),
    ].map((match) => [match[2]!, match[1]!] as const),
  );
  // Each table by its caption's text, and by its first body row's (a caption the page hides is not read back).
  const tables = new Map(
    [...html.matchAll(/<table id="([^"]+)"><caption[^>]*>([\s\S]*?)<\/caption>[\s\S]*?<tbody><tr[^>]*>([\s\S]*?)<\/tr>/g)].flatMap((match) =>
      [match[2]!, match[3]!].map((text) => [textOf(text).replace(/\s+/g, '').normalize('NFKC'), sectionOf.get(match[1]!) ?? match[1]!] as const),
    ),
  );
  return { html, keys, headings, probes: [...contexts.shared.probes], deadLinks, outline, tables, tableSections: sectionOf, chapterKeys };
}

/** Where `esg dev` serves Paged.js, which lays a preview of the book out in pages in any browser. */

/**
 * Each section's heading a link to its section, and each row with an id (the data appendix's
 * metrics) its header a link to its row. Chromium names a destination in the PDF only for an
 * element some link leads to, and the page map (the site's indexes, the bookmarks) needs one for
 * every section and every metric, whether or not the book's contents list it.
 */
function selfLinked(html: string): string {
  const link = (whole: string, open: string, id: string, inner: string, close: string) =>
    inner.includes('<a ') ? whole : `${open}<a href="#${id}">${inner}</a>${close}`;
  return html
    .replace(/(<section[^>]*\sid="([^"]+)"[^>]*>\s*<h[23][^>]*>)([\s\S]*?)(<\/h[23]>)/g, link)
    .replace(/(<tr id="([^"]+)"><th[^>]*>)([\s\S]*?)(<\/th>)/g, link);
}

/** CO2 and CO2e as a chemist writes them, the 2 a subscript: in text, not in attributes, nor in a chart's SVG (which has no `<sub>`). */
function subscripts(html: string): string {
  return html
    .split(/(<svg[\s\S]*?<\/svg>)/)
    .map((part, index) =>
      index % 2
        ? part
        : part.replace(/>([^<]*)</g, (whole, text: string) => (text.includes('CO2') ? `>${text.replace(/\bCO2(?=e?\b)/g, 'CO<sub>2</sub>')}<` : whole)),
    )
    .join('');
}

/** Attributes whose value is an id, or a list of ids, of the same document. */
const idAttributes = /\s(id|for|aria-labelledby|aria-describedby|aria-controls|headers)="([^"]+)"/g;

/**
 * A chapter's ids, and every reference to them, prefixed with its anchor: `scope` →
 * `ch-about--scope`. Links to the book's chapters (`isBookAnchor`, made by `PrintMedium.anchorOf`) stay.
 */
function withOwnIds(html: string, anchor: string, isBookAnchor: (id: string) => boolean): string {
  return html
    .replace(
      idAttributes,
      (_, name: string, value: string) =>
        ` ${name}="${value
          .split(' ')
          .map((id) => `${anchor}--${id}`)
          .join(' ')}"`,
    )
    .replace(/\shref="#([^"]+)"/g, (_, id: string) => ` href="#${isBookAnchor(id) ? id : `${anchor}--${id}`}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${anchor}--${id})`);
}

function idsIn(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
}

/** Sections with an anchor and a heading (h2 or h3 right inside), with their heading's text. */
function sectionsIn(html: string): { anchor: string; heading: string; level: number }[] {
  return [...html.matchAll(/<section[^>]*\sid="([^"]+)"[^>]*>\s*<h([23])[^>]*>([\s\S]*?)<\/h\2>/g)].map((match) => ({
    anchor: match[1]!,
    level: Number(match[2]),
    heading: textOf(match[3]!.replace(/<span class="tag[^"]*">[\s\S]*?<\/span>/g, '')),
  }));
}

/** An HTML fragment's text: tags dropped, React's escapes read. */
function textOf(html: string): string {
  return html
    .replace(/<sub>2<\/sub>/g, '₂')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}
