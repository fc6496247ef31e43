import { useEffect, useRef, useState, type FormEvent } from 'react';
import { lockScroll, unlockScroll } from './scrollLock.ts';
import { keepFocusInside } from './focusTrap.ts';

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

interface SearchDialogProps extends SearchPopupProps {
  /** False while opening and closing, for the transition. */
  open: boolean;
  onClose: () => void;
}

/**
 * The search popup's dialog (docs/product.md, "Shell"): input with placeholder, clear button, the
 * recommended quick searches. Enter or the search button sends non-empty text to
 * `/<locale>/search?query=…`; empty text does nothing. Page scroll is locked and Tab kept inside
 * while it is on the page.
 */
export default function SearchDialog({ open, action, suggestions, texts, onClose }: SearchDialogProps) {
  const [text, setText] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    lockScroll('search');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      else keepFocusInside(dialogRef.current!, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      unlockScroll('search');
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Non-empty text is sent by the form itself (GET `query`), so the address is the plain one.
  function onSubmit(event: FormEvent) {
    if (text.trim()) return onClose();
    event.preventDefault();
    inputRef.current?.focus();
  }

  function clear() {
    setText('');
    inputRef.current?.focus();
  }

  return (
    <div className={open ? 'search-popup is-open' : 'search-popup'} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="search-popup-dialog" role="dialog" aria-modal="true" aria-label={texts.label}>
        <form className="search-popup-form" role="search" action={action} method="get" onSubmit={onSubmit}>
          <input
            ref={inputRef}
            className="search-popup-input"
            type="search"
            name="query"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={texts.placeholder}
            aria-label={texts.label}
            autoComplete="off"
            enterKeyHint="search"
          />
          {text && (
            <button type="button" className="search-popup-clear" onClick={clear}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{texts.clear}</span>
            </button>
          )}
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
              <a href={suggestion.href} onClick={onClose}>
                {suggestion.text}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="search-popup-close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{texts.close}</span>
        </button>
      </div>
    </div>
  );
}
