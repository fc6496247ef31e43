import type { RecommendedSearch, SearchResultsProps } from './search/results.ts';
import { queryParameter } from './search/results.ts';

/**
 * The search page's box, its hint and the recommended searches, as the server renders them. In the
 * browser `widgets/search/results.ts` takes this HTML over and draws the results (a DOM island,
 * widgets/registry.ts): no React is fetched for search. Before it wakes the box is a plain GET form
 * of this page, so a query sent before then arrives in the address.
 */
export default function SearchResults({ texts, recommended }: SearchResultsProps) {
  return (
    <div className="search">
      <form className="search-form" role="search">
        <label className="visually-hidden" htmlFor="search-input">
          {texts.inputLabel}
        </label>
        <input
          id="search-input"
          className="search-input"
          type="search"
          name={queryParameter}
          placeholder={texts.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          // The browser's own check keeps an empty or blank query from being sent before the widget wakes.
          required
          pattern=".*\S.*"
        />
        <button className="search-submit" type="submit">
          {texts.submit}
        </button>
      </form>
      <div className="search-status" role="status" aria-live="polite">
        <p className="search-message">{texts.emptyHint}</p>
      </div>
      <Recommended heading={texts.recommendedHeading} recommended={recommended} />
    </div>
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
