import { siteSearchMeta } from '../../../widgets/search/engine.ts';

/**
 * The parts of a rendered page the search stage reads, cut out as text: the main thread sends only
 * these to the search thread, and so needs no HTML parser (htmlparser2 takes 40 ms to load).
 */

/**
 * The parts of a page `sectionsOfPage` (sections.ts) reads, its <title>, its description and
 * <main>: about a quarter of the page, and all the search thread needs to be sent.
 */
export function indexedPart(html: string): string {
  return `${titleOf(html)}${descriptionOf(html)}${mainOf(html)}`;
}

/** The page's `<meta name="description">` element as written, or '' when it has none. */
export function descriptionOf(html: string): string {
  const head = html.indexOf('</head>');
  const found = /<meta name="description" content="[^"]*"\/?>/.exec(head < 0 ? html : html.slice(0, head));
  return found?.[0] ?? '';
}

/** The page's `<title>` element as written, or '' when it has none. */
export function titleOf(html: string): string {
  return /<title[\s>][\s\S]*?<\/title>/.exec(html)?.[0] ?? '';
}

/** The page's `<main>` element as written, or '' when it has none. */
export function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  return start < 0 || end < start ? '' : html.slice(start, end + '</main>'.length);
}

/**
 * Guard pages, 404 pages and the search page itself say `noindex`: what search engines should not
 * list, site search does not list either. A page may also keep out of site search alone.
 */
export function isIndexable(html: string): boolean {
  const head = html.indexOf('</head>');
  const inHead = (tag: string) => {
    const at = html.indexOf(tag);
    return at >= 0 && (head < 0 || at < head);
  };
  return !inHead('<meta name="robots" content="noindex"') && !inHead(`<meta name="${siteSearchMeta}"`);
}
