import { useEffect, useState, type FormEvent } from 'react';
import type { SectionHit } from './search/engine.ts';
import { ShardedIndex } from './search/shardedIndex.ts';
import { highlight } from './search/highlight.ts';

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

/** The hits of a query, once its search has finished. */
interface Found {
  query: string;
  hits: SectionHit[];
}

/**
 * The search page's box and results. It reads `?query=` from the address, loads the locale's index
 * core and the term shards the query needs (only this page ever fetches them), and shows the
 * matching sections grouped by page. Submitting the box searches again (fetching any shards still
 * missing) and puts the query in the address without reloading; back and forward work.
 */
export default function SearchResults({ indexUrl, shardUrls, texts, recommended }: SearchResultsProps) {
  const [hydrated, setHydrated] = useState(false);
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<ShardedIndex>();
  const [loaded, setLoaded] = useState<Loaded>('loading');
  const [found, setFound] = useState<Found>();

  useEffect(() => {
    setHydrated(true);
    const fromAddress = () => {
      const value = new URLSearchParams(window.location.search).get(queryParameter)?.trim() ?? '';
      setInput(value);
      setQuery(value);
      return value;
    };
    const opened = new ShardedIndex(indexUrl, shardUrls.split(' '), fetchJson);
    // The query's shards download beside the (preloaded) core, not after it.
    opened.prefetch(fromAddress());
    opened.ready.then(() => setLoaded((state) => (state === 'loading' ? 'ready' : state)), () => setLoaded('failed'));
    setIndex(opened);
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, [indexUrl, shardUrls]);

  useEffect(() => {
    if (!index || !query) return;
    let current = true;
    index.search(query).then(
      (hits) => {
        if (!current) return;
        setFound({ query, hits });
        // A shard that failed before may have come this time.
        setLoaded('ready');
      },
      () => current && setLoaded('failed'),
    );
    return () => {
      current = false;
    };
  }, [index, query]);

  const hits = query && found?.query === query ? found.hits : [];
  // Loading until the core is there and, with a query, until its shards are searched.
  const state: Loaded = loaded === 'ready' && query && found?.query !== query ? 'loading' : loaded;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    if (!value || value === query) return;
    const address = new URL(window.location.href);
    address.searchParams.set(queryParameter, value);
    window.history.pushState(null, '', address);
    setQuery(value);
  };

  return (
    <div className="search">
      <form className="search-form" role="search" onSubmit={submit} hidden={!hydrated}>
        <label className="visually-hidden" htmlFor="search-input">{texts.inputLabel}</label>
        <input id="search-input" className="search-input" type="search" name={queryParameter} value={input} placeholder={texts.placeholder} autoComplete="off" enterKeyHint="search" onChange={(event) => setInput(event.target.value)} />
        <button className="search-submit" type="submit">{texts.submit}</button>
      </form>
      <div className="search-status" role="status" aria-live="polite">
        {hydrated && <Status texts={texts} loaded={state} query={query} hits={hits} />}
      </div>
      {hits.length > 0 && <ResultGroups hits={hits} />}
      {hydrated && state !== 'loading' && hits.length === 0 && <Recommended heading={texts.recommendedHeading} recommended={recommended} />}
    </div>
  );
}

function Status({ texts, loaded, query, hits }: { texts: SearchTexts; loaded: Loaded; query: string; hits: SectionHit[] }) {
  if (loaded === 'failed') return <p className="search-message">{texts.loadFailed}</p>;
  if (!query) return <p className="search-message">{texts.emptyHint}</p>;
  if (loaded === 'loading') return <p className="search-message">{texts.loading}</p>;
  if (!hits.length) {
    return (
      <>
        <p className="search-message search-none">{fill(texts.noResults, { query })}</p>
        <p className="search-message">{texts.noResultsHint}</p>
      </>
    );
  }
  const pages = new Set(hits.map((hit) => pageOf(hit.url))).size;
  return <p className="search-count">{fill(texts.resultCount, { query, count: hits.length, pages })}</p>;
}

/** Results grouped by page, pages in the order of their best section. */
function ResultGroups({ hits }: { hits: SectionHit[] }) {
  const groups = new Map<string, SectionHit[]>();
  for (const hit of hits) groups.set(pageOf(hit.url), [...(groups.get(pageOf(hit.url)) ?? []), hit]);
  return (
    <ol className="search-results">
      {[...groups].map(([page, sections]) => (
        <li key={page} className="search-page">
          <h2 className="search-page-title"><a href={page}>{sections[0]!.title}</a></h2>
          <ul className="search-sections">
            {sections.map((hit) => (
              <li key={hit.id} className="search-section">
                <a className="search-section-link" href={hit.url}><Marked text={hit.heading} terms={hit.terms} /></a>
                {hit.excerpt && <p className="search-excerpt"><Marked text={hit.excerpt} terms={hit.terms} /></p>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function Marked({ text, terms }: { text: string; terms: string[] }) {
  return <>{highlight(text, terms).map((piece, index) => (piece.hit ? <mark key={index}>{piece.text}</mark> : piece.text))}</>;
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

function pageOf(url: string): string {
  return url.replace(/#.*$/, '');
}

function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
