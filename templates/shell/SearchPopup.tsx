export interface SearchSuggestion {
  text: string;
  /** `/zh_TW/search?query=…` */
  href: string;
}

export interface SearchPopupProps {
  /** The search page of this locale: `/zh_TW/search`. */
  action: string;
  suggestions: SearchSuggestion[];
  texts: { open: string; label: string; placeholder: string; submit: string; clear: string; close: string; suggestions: string };
}

/**
 * The header's search icon and its popup (docs/product.md, "Shell"); widgets/searchPopup.ts is their
 * behaviour. The icon is a link to the search page, so it works without JavaScript; with it, the
 * popup is made from the `<template>` beside it: input with placeholder, clear button, the
 * recommended quick searches. Its form sends `query` to the search page by GET.
 */
export function SearchPopup({ action, suggestions, texts }: SearchPopupProps) {
  return (
    <>
      <a className="search-toggle" href={action} role="button" aria-haspopup="dialog" aria-expanded="false">
        <span className="icon-search" aria-hidden="true" />
        <span className="visually-hidden">{texts.open}</span>
      </a>
      <template id="search-popup">
        <div className="search-popup">
          <div className="search-popup-dialog" role="dialog" aria-modal="true" aria-label={texts.label}>
            <form className="search-popup-form" role="search" action={action} method="get">
              <input
                className="search-popup-input"
                type="search"
                name="query"
                placeholder={texts.placeholder}
                aria-label={texts.label}
                autoComplete="off"
                enterKeyHint="search"
              />
              <button type="button" className="search-popup-clear" hidden>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{texts.clear}</span>
              </button>
              <button type="submit" className="search-popup-submit">
                <span className="icon-search" aria-hidden="true" />
                <span className="visually-hidden">{texts.submit}</span>
              </button>
            </form>
            <p className="search-popup-suggestions-title" id="search-popup-suggestions-title">
              {texts.suggestions}
            </p>
            <ul className="search-popup-suggestions" aria-labelledby="search-popup-suggestions-title">
              {suggestions.map((suggestion) => (
                <li key={suggestion.href}>
                  <a href={suggestion.href}>{suggestion.text}</a>
                </li>
              ))}
            </ul>
            <button type="button" className="search-popup-close">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{texts.close}</span>
            </button>
          </div>
        </div>
      </template>
    </>
  );
}
