/**
 * Section deep links (docs/product.md, "Pages"): `?focus=focus322` and `#focus322` land on that
 * section, just below the sticky header (the gap is CSS `scroll-padding-top`), whichever page the
 * link was on. Browsers only know the hash; this module adds the query, lands again once late
 * layout shifts are over (web fonts, hydrated islands) unless the visitor has scrolled meanwhile,
 * and follows same-page `?focus=` links without reloading.
 */

/** The section a page address names, by `?focus=` first, else by its `#hash`. */
export function focusTarget(url: URL): HTMLElement | null {
  const id = url.searchParams.get('focus') ?? decodeURIComponent(url.hash.slice(1));
  return id ? document.getElementById(id) : null;
}

function scrollToSection(section: HTMLElement): void {
  section.scrollIntoView({ block: 'start' });
}

/** On arrival: land on the named section now and once more after fonts and images settle. */
function landOnArrival(): void {
  const section = focusTarget(new URL(location.href));
  if (!section) return;
  // The browser's own restoration would otherwise move a reloaded page back to its old position.
  history.scrollRestoration = 'manual';
  scrollToSection(section);
  let touched = false;
  const stop = () => (touched = true);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown']) addEventListener(type, stop, { once: true, passive: true });
  const again = () => !touched && scrollToSection(section);
  if (document.readyState === 'complete') requestAnimationFrame(again);
  else addEventListener('load', again, { once: true });
  void document.fonts?.ready.then(again);
}

/** A click on a `?focus=` link to this very page scrolls instead of reloading it. */
function followSamePageLinks(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || !url.searchParams.has('focus')) return;
    const section = focusTarget(url);
    if (!section) return;
    event.preventDefault();
    history.pushState(null, '', url);
    scrollToSection(section);
    // Keyboard users continue from the section they jumped to.
    if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
    section.focus({ preventScroll: true });
  });
  addEventListener('popstate', () => {
    const section = focusTarget(new URL(location.href));
    if (section) scrollToSection(section);
  });
}

landOnArrival();
followSamePageLinks();
