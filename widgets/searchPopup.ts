/**
 * The search popup's behaviour (markup: templates/shell/SearchPopup.tsx). The icon opens the popup
 * with focus in its input, fading in from its first frame (the product's "short delay"); Esc, the cross, the backdrop, a quick search or a
 * search sent close it with a transition, after which it leaves the page and focus returns to the
 * icon. Enter or the search button sends non-empty text to `/<locale>/search?query=…`; empty text
 * does nothing. Page scroll is locked and Tab kept inside while it is on the page.
 */
import { lockScroll, unlockScroll } from './scrollLock.ts';
import { keepFocusInside } from './focusTrap.ts';
import { searchCloseMs } from './limits.ts';
import { onButtonPress } from './disclosure.ts';

type Phase = 'closed' | 'opening' | 'open' | 'closing';

export function wireSearchPopup(): void {
  const toggle = document.querySelector<HTMLAnchorElement>('.search-toggle');
  const template = document.querySelector<HTMLTemplateElement>('template#search-popup');
  if (!toggle || !template) return;
  let phase: Phase = 'closed';
  let popup: HTMLElement | undefined;

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
    else keepFocusInside(popup!.querySelector('.search-popup-dialog')!, event);
  };

  function open() {
    phase = 'opening';
    popup = template!.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const input = popup.querySelector('input')!;
    const clear = popup.querySelector<HTMLButtonElement>('.search-popup-clear')!;
    input.addEventListener('input', () => (clear.hidden = !input.value));
    clear.addEventListener('click', () => {
      input.value = '';
      clear.hidden = true;
      input.focus();
    });
    // Non-empty text is sent by the form itself (GET `query`), so the address is the plain one.
    popup.querySelector('form')!.addEventListener('submit', (event) => {
      if (input.value.trim()) return close();
      event.preventDefault();
      input.focus();
    });
    popup.addEventListener('click', (event) => {
      const target = event.target as Element;
      if (target === popup || target.closest('.search-popup-close, .search-popup-suggestions a')) close();
    });
    toggle!.after(popup);
    toggle!.setAttribute('aria-expanded', 'true');
    lockScroll('search');
    document.addEventListener('keydown', onKey);
    const opening = popup;
    // Shown once drawn closed, so that its transition runs.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (phase !== 'opening') return;
        phase = 'open';
        opening.classList.add('is-open');
        input.focus();
      }),
    );
  }

  function close() {
    if (phase === 'closed' || phase === 'closing') return;
    phase = 'closing';
    const closing = popup!;
    closing.classList.remove('is-open');
    document.removeEventListener('keydown', onKey);
    setTimeout(() => {
      phase = 'closed';
      closing.remove();
      toggle!.setAttribute('aria-expanded', 'false');
      unlockScroll('search');
      toggle!.focus();
    }, searchCloseMs);
  }

  const onToggle = (event: Event) => {
    event.preventDefault();
    if (phase === 'closed') open();
    else close();
  };
  onButtonPress(toggle, onToggle);
}
