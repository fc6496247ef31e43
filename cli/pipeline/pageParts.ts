/**
 * The parts of a rendered page the search stage reads, cut out as text: the main thread sends only
 * these to the search thread, and so needs no HTML parser (htmlparser2 takes 40 ms to load).
 */

/**
 * The parts of a page `sectionsOfPage` (sections.ts) reads, its <title> and <main>: about a
 * quarter of the page, and all the search thread needs to be sent.
 */
export function indexedPart(html: string): string {
  return `${titleOf(html)}${mainOf(html)}`;
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
