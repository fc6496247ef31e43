/**
 * Where a saved change shows in the preview. A change may show on a page other than the file's own:
 * an event's summary is read on the event list's cards, not on the event's page (only in its meta
 * tags). The built pages are read in turn, the file's own first, and the first whose visible text
 * holds the changed words is shown, scrolled to them.
 */

/** The words of a changed text that a page shows as they are: its longest run outside figure references and Markdown marks, at most 24 characters. */
export function shownWords(text: string): string | undefined {
  const runs = text
    .split(/\{\{[^}]*\}\}|[*_`#>[\]()!|\n]|https?:\S+/)
    .map((run) => run.trim())
    .filter((run) => run.length >= 2);
  const longest = runs.sort((a, b) => b.length - a.length)[0];
  return longest && longest.slice(0, 24);
}

/** The texts a save changed: each changed string of the data, and each changed line of the body. */
export function changedWords(before: unknown, after: unknown, bodyBefore?: string, bodyAfter?: string): string[] {
  const texts: string[] = [];
  const walk = (old: unknown, now: unknown) => {
    if (typeof now === 'string') {
      if (now !== old) texts.push(now);
    } else if (now && typeof now === 'object') {
      const was = (old && typeof old === 'object' ? old : {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(now)) walk(was[key], value);
    }
  };
  walk(before, after);
  const oldLines = new Set((bodyBefore ?? '').split('\n'));
  for (const line of (bodyAfter ?? '').split('\n')) if (line.trim() && !oldLines.has(line)) texts.push(line);
  return texts.flatMap((text) => shownWords(text) ?? []);
}

/** The visible text of a page's body (not its head's titles and meta tags). */
const visibleText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ') ?? '';

/** How many pages are read at most: a change to the registry rebuilds most of the site. */
const pagesRead = 30;

/** The first page of `pages` (in order, the first 30) whose visible text holds one of `words`, with those words; undefined when none does. */
export async function pageShowing(pages: string[], words: string[]): Promise<{ page: string; words: string } | undefined> {
  for (const page of pages.slice(0, pagesRead)) {
    const html = await fetch(page).then(
      (answer) => (answer.ok ? answer.text() : ''),
      () => '',
    );
    const text = visibleText(html);
    const found = words.find((word) => text.includes(word));
    if (found) return { page, words: found };
  }
  return undefined;
}

/** Scrolls a preview frame's page to the first element whose text holds `words`, outlined. */
export function scrollToWords(frame: HTMLIFrameElement, words: string): void {
  const page = frame.contentDocument;
  if (!page?.body) return;
  const walker = page.createTreeWalker(page.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.replace(/\s+/g, ' ').includes(words)) continue;
    const element = (node.parentElement?.closest('article, li, p, h1, h2, h3, td') ?? node.parentElement) as HTMLElement | null;
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    element.style.outline = '3px solid #e5a000';
    element.style.outlineOffset = '4px';
    return;
  }
}
