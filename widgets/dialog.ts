/**
 * What a modal dialog does while it is open (docs/product.md, "Shell"), for the English notice
 * (plain DOM) and the React dialogs alike: page scroll locked, focus on its first control, Tab kept
 * inside, Esc closes, and focus back where it was once it closes. Returns the function that lets go
 * of the page when the dialog closes.
 */
import { lockScroll, unlockScroll } from './scrollLock.ts';
import { keepFocusInside } from './focusTrap.ts';

export function holdDialog(dialog: HTMLElement, onEscape: () => void): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  lockScroll('modal');
  (dialog.querySelector<HTMLElement>('button, a[href], input') ?? dialog).focus();
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onEscape();
    else keepFocusInside(dialog, event);
  };
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('keydown', onKey);
    unlockScroll('modal');
    if (opener && opener !== document.body && opener.isConnected) opener.focus();
  };
}
