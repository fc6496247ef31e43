import type { Search } from '../../schemas/types.ts';
import { indexUrlPlaceholder } from '../../widgets/search/engine.ts';
import { shardUrlsPlaceholder } from '../../widgets/search/shards.ts';
import type { SearchResultsProps } from '../../widgets/search/results.ts';
import { usePage } from '../context.tsx';
import { Island } from '../Island.tsx';
import { Layout } from '../Layout.tsx';

/**
 * /search?query=…: the results island (its box, hint and recommended searches are in the HTML), and
 * for visitors without JavaScript a note that search needs it. The page is `noindex`, which also keeps it out
 * of the site's own index.
 */
export function SearchPage({ data }: { data: Search }) {
  const page = usePage();
  const props: SearchResultsProps = {
    indexUrl: indexUrlPlaceholder,
    shardUrls: shardUrlsPlaceholder,
    texts: {
      inputLabel: data.inputLabel,
      placeholder: data.placeholder,
      submit: data.submit,
      loading: data.loading,
      loadFailed: data.loadFailed,
      resultCount: data.resultCount,
      noResults: data.noResults,
      noResultsHint: data.noResultsHint,
      emptyHint: data.emptyHint,
      partial: data.partial,
      more: data.more,
      closestHeading: data.closestHeading,
      kinds: data.kinds,
      recommendedHeading: data.recommendedHeading,
    },
    recommended: data.recommended.map(({ text, url }) => ({ text, href: page.hasRoute(url) ? page.href(url) : undefined })),
  };
  // The results' code and the index core are preloaded: which term shards a search needs depends on its query.
  return (
    <Layout head={{ title: data.title, description: data.description, noindex: true, preloadFetch: indexUrlPlaceholder, preloadWidget: 'SearchResults' }}>
      <div className="article search-page">
        <header className="page-header">
          <h1>{data.title}</h1>
        </header>
        <noscript>
          <p className="search-noscript">{data.needsJavaScript}</p>
        </noscript>
        <Island name="SearchResults" props={props} className="search-results-island" />
      </div>
    </Layout>
  );
}
