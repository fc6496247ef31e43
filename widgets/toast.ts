import { toastFadeBeforeEndMs, toastMs } from './limits.ts';
import { lockScroll, unlockScroll } from './scrollLock.ts';

let closeShowing: (() => void) | undefined;

/**
 * Shows a short message, a toast (docs/product.md, "Shell"): it appears, starts fading 500 ms
 * before its end and is gone after 3000 ms; page scroll is locked while it shows. A new toast
 * replaces the one showing. Plain DOM, so widgets and the shell script can call it without React.
 */
export function showToast(text: string): void {
  closeShowing?.();
  const toast = document.createElement('div');
  toast.className = 'toast';
  toast.setAttribute('role', 'status');
  toast.textContent = text;
  document.body.append(toast);
  lockScroll('toast');
  const fading = setTimeout(() => toast.classList.add('is-leaving'), toastMs - toastFadeBeforeEndMs);
  const closing = setTimeout(close, toastMs);

  function close() {
    clearTimeout(fading);
    clearTimeout(closing);
    toast.remove();
    unlockScroll('toast');
    closeShowing = undefined;
  }
  closeShowing = close;
}
