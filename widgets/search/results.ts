/**
 * The search page's box and results in the browser, drawn with plain DOM code (a DOM island,
 * widgets/registry.ts): it takes over the box, the status line and the recommended searches the
 * server rendered (widgets/SearchResults.tsx), reads `?query=` from the address, loads the locale's
 * index core and the shards the query needs (only this page ever fetches them), and shows the
 * pages found, best first, each with its kind and its best sections around their match.
 * Submitting the box searches again and puts the query in the address without reloading; back and
 * forward work. Each search is timed as the `esg-search` performance measure
 * (bench/searchVsPagefind.ts).
 *
 * It wakes at once when the address carries a query, else when the box is touched; until then the
 * box is a plain GET form of this page, so a query sent before it wakes arrives in the address.
 * Without React a query's first results wait only for this chunk and the engine, which the page
 * preloads beside the client entry (templates/pages/SearchPage.tsx), then for the index's files;
 * the first pages found are drawn in order as their page shards come.
 */
import type { ResultKind } from './engine.ts';
import type { Found, ShardedIndex, ShownPage } from './shardedIndex.ts';
import type { TextPiece } from './highlight.ts';
import { loadOrReload } from '../chunkReload.ts';
import { closestTerms } from './closest.ts';
import { fill } from '../forms/message.ts';

// The engine (MiniSearch, ranking, snippets) is a chunk of its own, requested as the widget mounts.
const loadEngine = loadOrReload(() => import('./shardedIndex.ts'));

export interface SearchTexts {
  inputLabel: string;
  placeholder: string;
  submit: string;
  loading: string;
  loadFailed: string;
  /** `{count}` sections, `{pages}` pages, `{query}`. */
  resultCount: string;
  /** `{query}`. */
  noResults: string;
  noResultsHint: string;
  emptyHint: string;
  /** Over results that hold only part of the query. */
  partial: string;
  more: string;
  closestHeading: string;
  kinds: Record<ResultKind, string>;
  recommendedHeading: string;
}

export interface RecommendedSearch {
  text: string;
  /** Absent while the page it names is not built: shown as plain text. */
  href?: string;
}

export interface SearchResultsProps {
  /** The locale's hashed index core (written in by the build's search stage). */
  indexUrl: string;
  /** The addresses of its term shards, in shard order, separated by spaces (written in likewise). */
  shardUrls: string;
  texts: SearchTexts;
  recommended: RecommendedSearch[];
}

/** The query parameter the search page reads; the header's search popup navigates with it. */
export const queryParameter = 'query';

type Loaded = 'loading' | 'ready' | 'failed';

/** Takes over the search island's server HTML (widgets/islands.ts calls it when the island wakes). */
export function mount(island: HTMLElement, { indexUrl, shardUrls, texts }: SearchResultsProps): void {
  const root = island.querySelector<HTMLElement>('.search')!;
  const form = root.querySelector<HTMLFormElement>('.search-form')!;
  const box = form.querySelector<HTMLInputElement>('.search-input')!;
  const status = root.querySelector<HTMLElement>('.search-status')!;
  // The server's list, shown again whenever there is no query or nothing was found.
  const recommended = root.querySelector<HTMLElement>('.search-recommended')!;
  const list = element('ol', 'search-results');
  const more = element('button', 'search-more', texts.more);
  more.type = 'button';

  let query = '';
  let index: ShardedIndex | undefined;
  let loaded: Loaded = 'loading';
  let found: Found | undefined;
  /** Whether the first pages of `found` are all there (they are drawn as they come). */
  let whole = false;
  let related: string[] = [];
  let closest: { terms: string[]; nav: HTMLElement } | undefined;
  /** Counts the searches sent: only the last one's answer is drawn. */
  let sent = 0;

  /** Draws the state: the status line, the pages found, the button for more, related words, recommended searches. */
  const draw = () => {
    const shown = query && found?.query === query ? found : undefined;
    // Loading until the core is there and, with a query, until its shards are searched.
    const state: Loaded = loaded === 'ready' && query && !shown ? 'loading' : loaded;
    const lines = statusLines(texts, state, query, shown);
    // The status is read out when it changes, and only then.
    if (lines.map((line) => line.outerHTML).join('') !== status.innerHTML) status.replaceChildren(...lines);
    const parts: HTMLElement[] = [];
    if (shown?.shown.length) {
      drawPages(list, shown.shown, texts.kinds);
      // Busy while the first pages are still coming.
      if (whole) list.removeAttribute('aria-busy');
      else list.setAttribute('aria-busy', 'true');
      parts.push(list);
    }
    if (shown && whole && shown.shown.length < shown.pages.length) parts.push(more);
    const nothing = state !== 'loading' && !shown?.pages.length;
    if (nothing && related.length) {
      if (closest?.terms !== related) closest = { terms: related, nav: closestWords(texts.closestHeading, related, search) };
      parts.push(closest.nav);
    }
    if (!query || nothing) parts.push(recommended);
    placeAfter(status, parts);
  };

  const run = () => {
    const searching = ++sent;
    if (!index || !query) return draw();
    draw();
    const started = performance.now();
    const asked = query;
    const opened = index;
    const partly = (result: Found) => {
      if (searching !== sent) return;
      found = result;
      whole = false;
      loaded = 'ready';
      draw();
    };
    opened.search(asked, partly).then(
      async (result) => {
        performance.measure('esg-search', { start: started, end: performance.now(), detail: asked });
        const words = result.pages.length ? [] : closestTerms(asked, await opened.vocabulary());
        if (searching !== sent) return;
        found = result;
        whole = true;
        related = words;
        // A shard that failed before may have come this time.
        loaded = 'ready';
        draw();
      },
      () => {
        if (searching !== sent) return;
        loaded = 'failed';
        draw();
      },
    );
  };

  const fromAddress = () => {
    const value = new URLSearchParams(window.location.search).get(queryParameter)?.trim() ?? '';
    box.value = value;
    query = value;
    return value;
  };

  /** Searches `value` (again, if it is the query shown), putting it in the address. */
  function search(value: string) {
    if (!value) return;
    if (value !== query) {
      const address = new URL(window.location.href);
      address.searchParams.set(queryParameter, value);
      window.history.pushState(null, '', address);
      box.value = value;
      query = value;
    }
    run();
  }

  // What was typed in the box before it woke (focusing the box wakes it) stays there.
  const early = box.value;
  const typed = fromAddress();
  if (early) box.value = early;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    search(box.value.trim());
  });
  more.addEventListener('click', () => {
    const shown = found;
    if (!index || !shown) return;
    index.more(shown).then(
      (pages) => {
        if (found !== shown) return;
        found = { ...shown, shown: [...shown.shown, ...pages] };
        draw();
      },
      () => {
        loaded = 'failed';
        draw();
      },
    );
  });
  window.addEventListener('popstate', () => {
    fromAddress();
    run();
  });
  draw();
  void loadEngine().then(({ ShardedIndex }) => {
    const opened = new ShardedIndex(indexUrl, shardUrls.split(' '), fetchJson);
    // The query's shards download beside the (preloaded) core, not after it.
    opened.prefetch(typed);
    index = opened;
    opened.ready.then(
      () => {
        if (loaded === 'loading') loaded = 'ready';
        draw();
      },
      () => {
        loaded = 'failed';
        draw();
      },
    );
    run();
  });
}

/**
 * Makes `parts` the elements after `status`, in order: those that stay are not moved (a button
 * that is moved loses focus), the others are removed or put in their place.
 */
function placeAfter(status: HTMLElement, parts: HTMLElement[]): void {
  for (let node = status.nextElementSibling; node;) {
    const next = node.nextElementSibling;
    if (!parts.includes(node as HTMLElement)) node.remove();
    node = next;
  }
  let last: Element = status;
  for (const part of parts) {
    if (last.nextElementSibling !== part) last.after(part);
    last = part;
  }
}

function statusLines(texts: SearchTexts, loaded: Loaded, query: string, found: Found | undefined): HTMLElement[] {
  const message = (text: string, className = '') => element('p', `search-message${className}`, text);
  if (loaded === 'failed') return [message(texts.loadFailed)];
  if (!query) return [message(texts.emptyHint)];
  if (loaded === 'loading' || !found) return [message(texts.loading)];
  if (!found.pages.length) return [message(fill(texts.noResults, { query }), ' search-none'), message(texts.noResultsHint)];
  const lines = [element('p', 'search-count', fill(texts.resultCount, { query, count: found.sections, pages: found.pages.length }))];
  const partial = !found.pages.some((page) => page.sections.some((section) => section.coverage === 1));
  if (partial) lines.push(message(texts.partial, ' search-partial'));
  return lines;
}

/**
 * The pages found, each with its kind and its best sections, into `list`: the pages already there
 * (those shown before the reader asked for more) are kept, so focus and scroll stay where they were.
 */
function drawPages(list: HTMLElement, pages: ShownPage[], kinds: Record<ResultKind, string>): void {
  const drawn = [...list.children] as HTMLElement[];
  const same = drawn.length <= pages.length && drawn.every((item, at) => pageItems.get(item) === pages[at]);
  if (!same) list.replaceChildren();
  for (const page of pages.slice(same ? drawn.length : 0)) {
    const item = element('li', 'search-page');
    pageItems.set(item, page);
    const title = element('h2', 'search-page-title');
    title.append(link(page.url, [page.title]));
    const sections = element('ul', 'search-sections');
    for (const section of page.sections) {
      const entry = element('li', 'search-section');
      if (section.heading.length) entry.append(link(section.url, marked(section.heading), 'search-section-link'));
      if (section.snippet.length) entry.append(element('p', 'search-excerpt', marked(section.snippet)));
      sections.append(entry);
    }
    item.append(element('p', `search-kind search-kind-${page.kind}`, kinds[page.kind]), title, sections);
    list.append(item);
  }
}

/** Which result each drawn item shows. */
const pageItems = new WeakMap<Element, ShownPage>();

/** Words of the search vocabulary near a query that found nothing, each searching itself. */
function closestWords(heading: string, terms: string[], search: (term: string) => void): HTMLElement {
  const nav = element('nav', 'search-closest');
  nav.setAttribute('aria-label', heading);
  const items = element('ul');
  for (const term of terms) {
    const anchor = link(`?${queryParameter}=${encodeURIComponent(term)}`, [term]);
    anchor.addEventListener('click', (event) => {
      event.preventDefault();
      search(term);
    });
    items.append(element('li', '', [anchor]));
  }
  nav.append(element('h2', '', heading), items);
  return nav;
}

/** Text with the matched terms in `<mark>`. */
function marked(pieces: TextPiece[]): (string | HTMLElement)[] {
  return pieces.map((piece) => (piece.hit ? element('mark', '', piece.text) : piece.text));
}

function link(href: string, content: (string | Node)[], className = ''): HTMLAnchorElement {
  const anchor = element('a', className, content);
  anchor.href = href;
  return anchor;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', content: string | (string | Node)[] = []): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  made.append(...(typeof content === 'string' ? [content] : content));
  return made;
}

function fetchJson(url: string): Promise<unknown> {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  });
}
