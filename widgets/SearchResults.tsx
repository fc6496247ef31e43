import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ResultKind } from './search/engine.ts';
import type { Found, ShardedIndex, ShownPage } from './search/shardedIndex.ts';
import type { TextPiece } from './search/highlight.ts';
import { loadOrReload } from './chunkReload.ts';
import { closestTerms } from './search/closest.ts';
import { fill } from './forms/message.ts';

// The engine (MiniSearch, ranking, snippets) is a chunk of its own, requested as the widget mounts:
// the box and the status are live at once, and the engine downloads beside the index core.
const loadEngine = loadOrReload(() => import('./search/shardedIndex.ts'));

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

/**
 * The search page's box and results. It reads `?query=` from the address, loads the locale's index
 * core and the shards the query needs (only this page ever fetches them), and shows the pages found,
 * best first, each with its kind and its best sections around their match. Submitting the box
 * searches again and puts the query in the address without reloading; back and forward work.
 * Each search is timed as the `esg-search` performance measure (bench/searchVsPagefind.ts). It
 * wakes at once when the address carries a query, else when the box is touched (widgets/registry.ts);
 * until then the box is a plain GET form of this page, so a query sent before it wakes arrives in the
 * address, and the hint and the recommended searches are there from the server.
 */
export default function SearchResults({ indexUrl, shardUrls, texts, recommended }: SearchResultsProps) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<ShardedIndex>();
  const [loaded, setLoaded] = useState<Loaded>('loading');
  const [found, setFound] = useState<Found>();
  const [closest, setClosest] = useState<string[]>([]);
  /** Counts the searches sent, so sending the same query again searches again. */
  const [sent, setSent] = useState(0);
  const box = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const fromAddress = () => {
      const value = new URLSearchParams(window.location.search).get(queryParameter)?.trim() ?? '';
      setInput(value);
      setQuery(value);
      return value;
    };
    // What was typed in the box before it woke (focusing the box wakes it) stays there.
    const early = box.current!.value;
    const typed = fromAddress();
    if (early) setInput(early);
    let current = true;
    void loadEngine().then(({ ShardedIndex }) => {
      if (!current) return;
      const opened = new ShardedIndex(indexUrl, shardUrls.split(' '), fetchJson);
      // The query's shards download beside the (preloaded) core, not after it.
      opened.prefetch(typed);
      opened.ready.then(
        () => setLoaded((state) => (state === 'loading' ? 'ready' : state)),
        () => setLoaded('failed'),
      );
      setIndex(opened);
    });
    window.addEventListener('popstate', fromAddress);
    return () => {
      current = false;
      window.removeEventListener('popstate', fromAddress);
    };
  }, [indexUrl, shardUrls]);

  useEffect(() => {
    if (!index || !query) return;
    let current = true;
    const started = performance.now();
    index.search(query).then(
      async (result) => {
        performance.measure('esg-search', { start: started, end: performance.now(), detail: query });
        const related = result.pages.length ? [] : closestTerms(query, await index.vocabulary());
        if (!current) return;
        setFound(result);
        setClosest(related);
        // A shard that failed before may have come this time.
        setLoaded('ready');
      },
      () => current && setLoaded('failed'),
    );
    return () => {
      current = false;
    };
  }, [index, query, sent]);

  const shown = query && found?.query === query ? found : undefined;
  // Loading until the core is there and, with a query, until its shards are searched.
  const state: Loaded = loaded === 'ready' && query && !shown ? 'loading' : loaded;

  const search = (value: string) => {
    if (!value) return;
    setSent((count) => count + 1);
    if (value === query) return;
    const address = new URL(window.location.href);
    address.searchParams.set(queryParameter, value);
    window.history.pushState(null, '', address);
    setInput(value);
    setQuery(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The box itself: text typed before it woke is there before it is in `input`.
    search(box.current!.value.trim());
  };
  const showMore = () => {
    if (!index || !shown) return;
    index.more(shown).then(
      (pages) => setFound((now) => (now === shown ? { ...shown, shown: [...shown.shown, ...pages] } : now)),
      () => setLoaded('failed'),
    );
  };

  return (
    <div className="search">
      <form className="search-form" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="search-input">
          {texts.inputLabel}
        </label>
        <input
          ref={box}
          id="search-input"
          className="search-input"
          type="search"
          name={queryParameter}
          value={input}
          placeholder={texts.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          // Before it wakes the browser's own check keeps an empty or blank query from being sent.
          required
          pattern=".*\S.*"
          onChange={(event) => setInput(event.target.value)}
        />
        <button className="search-submit" type="submit">
          {texts.submit}
        </button>
      </form>
      <div className="search-status" role="status" aria-live="polite">
        <Status texts={texts} loaded={state} query={query} found={shown} />
      </div>
      {shown && shown.shown.length > 0 && <ResultPages pages={shown.shown} kinds={texts.kinds} />}
      {shown && shown.shown.length < shown.pages.length && (
        <button type="button" className="search-more" onClick={showMore}>
          {texts.more}
        </button>
      )}
      {state !== 'loading' && !shown?.pages.length && closest.length > 0 && <Closest heading={texts.closestHeading} terms={closest} onSearch={search} />}
      {(!query || (state !== 'loading' && !shown?.pages.length)) && <Recommended heading={texts.recommendedHeading} recommended={recommended} />}
    </div>
  );
}

function Status({ texts, loaded, query, found }: { texts: SearchTexts; loaded: Loaded; query: string; found?: Found }) {
  if (loaded === 'failed') return <p className="search-message">{texts.loadFailed}</p>;
  if (!query) return <p className="search-message">{texts.emptyHint}</p>;
  if (loaded === 'loading' || !found) return <p className="search-message">{texts.loading}</p>;
  if (!found.pages.length) {
    return (
      <>
        <p className="search-message search-none">{fill(texts.noResults, { query })}</p>
        <p className="search-message">{texts.noResultsHint}</p>
      </>
    );
  }
  const partial = !found.pages.some((page) => page.sections.some((section) => section.coverage === 1));
  return (
    <>
      <p className="search-count">{fill(texts.resultCount, { query, count: found.sections, pages: found.pages.length })}</p>
      {partial && <p className="search-message search-partial">{texts.partial}</p>}
    </>
  );
}

/** The pages found, each with its kind and its best sections. */
function ResultPages({ pages, kinds }: { pages: ShownPage[]; kinds: Record<ResultKind, string> }) {
  return (
    <ol className="search-results">
      {pages.map((page) => (
        <li key={page.url} className="search-page">
          <p className={`search-kind search-kind-${page.kind}`}>{kinds[page.kind]}</p>
          <h2 className="search-page-title">
            <a href={page.url}>{page.title}</a>
          </h2>
          <ul className="search-sections">
            {page.sections.map((section) => (
              <li key={section.id} className="search-section">
                {section.heading.length > 0 && (
                  <a className="search-section-link" href={section.url}>
                    <Marked pieces={section.heading} />
                  </a>
                )}
                {section.snippet.length > 0 && (
                  <p className="search-excerpt">
                    <Marked pieces={section.snippet} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function Marked({ pieces }: { pieces: TextPiece[] }) {
  return <>{pieces.map((piece, index) => (piece.hit ? <mark key={index}>{piece.text}</mark> : piece.text))}</>;
}

/** Words of the search vocabulary near a query that found nothing, each searching itself. */
function Closest({ heading, terms, onSearch }: { heading: string; terms: string[]; onSearch: (term: string) => void }) {
  return (
    <nav className="search-closest" aria-label={heading}>
      <h2>{heading}</h2>
      <ul>
        {terms.map((term) => (
          <li key={term}>
            <a
              href={`?${queryParameter}=${encodeURIComponent(term)}`}
              onClick={(event) => {
                event.preventDefault();
                onSearch(term);
              }}
            >
              {term}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Recommended({ heading, recommended }: { heading: string; recommended: RecommendedSearch[] }) {
  return (
    <nav className="search-recommended" aria-label={heading}>
      <h2>{heading}</h2>
      <ul>
        {recommended.map((entry) => (
          <li key={entry.text}>{entry.href ? <a href={entry.href}>{entry.text}</a> : <span>{entry.text}</span>}</li>
        ))}
      </ul>
    </nav>
  );
}

function fetchJson(url: string): Promise<unknown> {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  });
}
