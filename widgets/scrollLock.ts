/**
 * Page scroll lock shared by the menu, modals and toasts: scrolling comes back only when the last
 * holder lets go, so closing a toast over an open modal does not unlock the page.
 */
const holders = new Set<string>();

export function lockScroll(holder: string): void {
  holders.add(holder);
  document.documentElement.classList.add('is-scroll-locked');
}

export function unlockScroll(holder: string): void {
  holders.delete(holder);
  if (holders.size === 0) document.documentElement.classList.remove('is-scroll-locked');
}
