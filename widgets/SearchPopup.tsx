import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { searchCloseMs, searchOpenDelayMs } from './limits.ts';
import { loadOrReload } from './chunkReload.ts';
import type { SearchPopupProps } from './searchDialog.tsx';

const loadDialog = loadOrReload(() => import('./searchDialog.tsx'));
// The dialog's code loads on first use (warmed on hover or focus of the icon), keeping first load small.
const SearchDialog = lazy(loadDialog);

// The props are declared with the dialog, which loads on demand: it never imports this module.
export type { SearchPopupProps, SearchSuggestion } from './searchDialog.tsx';

type Phase = 'closed' | 'opening' | 'open' | 'closing';

/**
 * The header's search icon and its popup (docs/product.md, "Shell"). The icon is a link to the
 * search page, so it works without JavaScript; with it, the popup opens after a short delay, and
 * closes (Esc, the cross, a search sent) with a transition, then leaves the page and focus returns
 * to the icon.
 */
export default function SearchPopup(props: SearchPopupProps) {
  const [phase, setPhase] = useState<Phase>('closed');
  const toggleRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (phase === 'opening') {
      const timer = setTimeout(() => setPhase('open'), searchOpenDelayMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'closing') {
      const timer = setTimeout(() => {
        setPhase('closed');
        toggleRef.current?.focus();
      }, searchCloseMs);
      return () => clearTimeout(timer);
    }
  }, [phase]);

  function onToggle(event: MouseEvent | KeyboardEvent) {
    event.preventDefault();
    setPhase(phase === 'closed' ? 'opening' : 'closing');
  }

  return (
    <>
      <a
        ref={toggleRef}
        className="search-toggle"
        href={props.action}
        role="button"
        aria-haspopup="dialog"
        aria-expanded={phase !== 'closed'}
        onClick={onToggle}
        onKeyDown={(event) => event.key === ' ' && onToggle(event)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <span className="icon-search" aria-hidden="true" />
        <span className="visually-hidden">{props.texts.open}</span>
      </a>
      {phase !== 'closed' && (
        <Suspense fallback={null}>
          <SearchDialog {...props} open={phase === 'open'} onClose={() => setPhase('closing')} />
        </Suspense>
      )}
    </>
  );
}
