/**
 * The shell's behaviours, started once per page by the client entry. They need no React: the
 * shell is plain HTML that works without JavaScript (templates/shell), which these enhance from the
 * page's first moment, so a first tap never waits for code. The main menu, the search popup, the
 * language switch, the share menu, header transparency, scroll-to-top, online status, the
 * navigation progress bar, fade-in on view, the data-layer page view, link prefetching
 * (docs/product.md, "Shell"), the site's address for print (docs/product.md, "Print"), the
 * English notice, and the newsletter dialog, whose React island wakes when it is to open.
 */
import { store } from './store.ts';
import { showToast } from './toast.ts';
import { closeDetailsOnEscapeOrOutside } from './disclosure.ts';
import { wireMenu } from './mainMenu.ts';
import { wireSearchPopup } from './searchPopup.ts';
import { rememberLocale } from './localeCookie.ts';
import { wireEnglishNotice } from './englishNotice.ts';
import { wakeIsland } from './islands.ts';
import {
  animateWatchMs,
  homeHeaderSolidAfterPx,
  pageViewDelayMs,
  prefetchIdleTimeoutMs,
  progressDurationMs,
  progressHideAfterMs,
  progressThrottleMs,
  progressTickMs,
  scrollTopShownAfterPx,
} from './limits.ts';

declare global {
  interface Window {
    dataLayer?: object[];
  }
  interface Navigator {
    connection?: NetworkConnection;
  }
}

interface NetworkConnection {
  effectiveType?: string;
  saveData?: boolean;
}

export function startShellBehaviours(): void {
  // What CSS keeps unseen without any script (the search page's box) shows.
  document.documentElement.classList.add('scripted');
  wireMenu();
  wireSearchPopup();
  wireLanguageSwitch();
  wireEnglishNotice();
  openDialogsOnDemand();
  watchHomeHeader();
  watchScrollToTop();
  wireShareMenu();
  trackOnlineStatus();
  showNavigationProgress();
  animateOnView();
  pushPageViews();
  prefetchVisibleLinks();
  notePageOrigin();
  openDisclosuresForPrint();
  goToLocaleNotFound();
}

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Home page: the header is transparent while scrolled 100 px or less and the menu is closed. */
function watchHomeHeader(): void {
  const header = document.querySelector<HTMLElement>('.site-header.is-home');
  if (!header) return;
  const update = () => header.classList.toggle('is-transparent', window.scrollY <= homeHeaderSolidAfterPx && !store.get().menuOpen);
  update();
  addEventListener('scroll', update, { passive: true });
  store.subscribe(update);
}

/** The scroll-to-top button shows after 300 px of scroll and takes focus back to the page top. */
function watchScrollToTop(): void {
  const button = document.querySelector<HTMLAnchorElement>('.to-top');
  if (!button) return;
  const update = () => button.classList.toggle('is-shown', window.scrollY > scrollTopShownAfterPx);
  update();
  addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', (event) => {
    event.preventDefault();
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
  });
}

/** Each share target opens in a new window with the address of the page as it is now. */
function wireShareMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('.share-menu');
  if (!menu) return;
  closeDetailsOnEscapeOrOutside(menu);
  menu.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-share]');
    if (!link) return;
    event.preventDefault();
    window.open(link.dataset.share + encodeURIComponent(location.href), '_blank', 'noopener,width=640,height=600');
    menu.open = false;
  });
}

/**
 * The language dropdown (templates/shell/LanguageSwitch.tsx): choosing a locale remembers it in the
 * i18n_redirected cookie. Choosing one that has no edition of this page shows the 'English version
 * under construction' notice here instead of going to the guard page and bouncing back.
 */
function wireLanguageSwitch(): void {
  const menu = document.querySelector<HTMLDetailsElement>('.lang-switch');
  if (!menu) return;
  closeDetailsOnEscapeOrOutside(menu);
  menu.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('.lang-options a');
    if (!link) return;
    if (!link.hasAttribute('data-unavailable')) return rememberLocale(link.dataset.locale!);
    event.preventDefault();
    menu.open = false;
    // The notice returns focus to what had it: the dropdown, not the link that is now hidden.
    menu.querySelector('summary')!.focus();
    store.set({ englishNotice: 'unavailable' });
  });
}

/**
 * The newsletter dialog (widgets/ModalHost.tsx), from a menu entry or a footer button marked
 * `data-menu-action="subscriber"`: its island wakes only when it is to show.
 */
function openDialogsOnDemand(): void {
  document.addEventListener('click', (event) => {
    const trigger = (event.target as Element | null)?.closest?.<HTMLElement>('[data-menu-action="subscriber"]');
    if (!trigger) return;
    event.preventDefault();
    store.set({ modal: 'subscriber', menuOpen: false });
  });
  store.subscribe(() => store.get().modal !== 'none' && wakeIsland('ModalHost'));
}

/** Online status goes to the shared store; offline shows a notice, coming back a toast. */
function trackOnlineStatus(): void {
  const notice = document.querySelector<HTMLElement>('.offline-notice');
  const update = (event?: Event) => {
    const online = navigator.onLine;
    store.set({ online });
    if (notice) notice.hidden = online;
    if (event && online && notice?.dataset.backOnline) showToast(notice.dataset.backOnline);
  };
  update();
  addEventListener('online', update);
  addEventListener('offline', update);
}

/** A link or GET form that loads another page of this site in this tab. */
export function leadsToSitePage(target: HTMLAnchorElement | URL, current: Location): boolean {
  if (target instanceof HTMLAnchorElement && (target.hasAttribute('download') || (target.target && target.target !== '_self'))) return false;
  if (target.origin !== current.origin || /\.[a-z0-9]+$/i.test(target.pathname)) return false;
  return target.pathname !== current.pathname || target.search !== current.search;
}

const navigationKey = 'esg:navigation-shown';

/**
 * The progress bar: a navigation that takes longer than 200 ms shows it, advancing every 100 ms
 * so that it would reach 100 % after 5000 ms. The next page completes it (or shows it failed, on
 * an error page) and hides it 500 ms later.
 */
function showNavigationProgress(): void {
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearTimeout(throttle);
    clearInterval(ticker);
    document.querySelector('.progress-bar')?.remove();
    sessionStorage.removeItem(navigationKey);
  };
  const start = () => {
    stop();
    throttle = setTimeout(() => {
      let progress = 0;
      const bar = progressBar(progress);
      sessionStorage.setItem(navigationKey, '1');
      ticker = setInterval(() => {
        progress = Math.min(100, progress + (100 * progressTickMs) / progressDurationMs);
        bar.style.width = `${progress}%`;
      }, progressTickMs);
    }, progressThrottleMs);
  };
  if (sessionStorage.getItem(navigationKey)) {
    sessionStorage.removeItem(navigationKey);
    const bar = progressBar(100);
    bar.classList.toggle('is-failed', document.body.classList.contains('error-page'));
    setTimeout(() => bar.remove(), progressHideAfterMs);
  }
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a');
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (link && plain && !event.defaultPrevented && leadsToSitePage(link, location)) start();
  });
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    if (!event.defaultPrevented && form.method === 'get' && leadsToSitePage(new URL(form.action), location)) start();
  });
  // Back to a page kept in the back/forward cache: nothing is loading any more.
  addEventListener('pageshow', (event) => event.persisted && stop());
}

function progressBar(progress: number): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'progress-bar';
  bar.setAttribute('aria-hidden', 'true');
  bar.style.width = `${progress}%`;
  document.body.append(bar);
  return bar;
}

/**
 * Elements marked `data-animate` gain `is-inview` once scrolled into view, after their optional
 * `data-animate-delay` (ms); with reduced motion at once. Islands that add marked elements after
 * load are watched for 5000 ms.
 */
function animateOnView(): void {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const delay = reducedMotion() ? 0 : Number((entry.target as HTMLElement).dataset.animateDelay ?? 0);
      setTimeout(() => entry.target.classList.add('is-inview'), delay);
    }
  });
  const watch = (root: Element | Document) => {
    if (root instanceof Element && root.matches('[data-animate]')) observer.observe(root);
    for (const element of root.querySelectorAll('[data-animate]')) observer.observe(element);
  };
  document.documentElement.classList.add('animate-ready');
  watch(document);
  const additions = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) watch(node);
  });
  additions.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => additions.disconnect(), animateWatchMs);
}

/**
 * A printed link to a page of this site shows its full address: the stylesheet puts this origin
 * before the link's path (widgets/styles/print.css), which CSS alone cannot know.
 */
function notePageOrigin(): void {
  document.documentElement.style.setProperty('--page-origin', JSON.stringify(location.origin));
}

/**
 * What a closed disclosure of the content holds prints with its page (docs/product.md, "Print"):
 * the stylesheet shows it (`::details-content`), and for browsers that do not know that part, each
 * is opened just before printing and closed again after.
 */
function openDisclosuresForPrint(): void {
  let opened: HTMLDetailsElement[] = [];
  addEventListener('beforeprint', () => {
    opened = [...document.querySelectorAll<HTMLDetailsElement>('main details:not([open])')];
    for (const details of opened) details.open = true;
  });
  addEventListener('afterprint', () => {
    for (const details of opened.splice(0)) details.open = false;
  });
}

/** 250 ms after the page shows, a PageView goes to the tag manager's data layer. */
function pushPageViews(): void {
  const push = () =>
    setTimeout(() => {
      window.dataLayer ??= [];
      window.dataLayer.push({
        event: 'PageView',
        routeName: document.documentElement.dataset.route ?? '',
        pageType: 'PageView',
        url: location.pathname + location.search + location.hash,
        title: document.title,
      });
    }, pageViewDelayMs);
  // The client entry is a module script, so it always runs before DOMContentLoaded.
  document.addEventListener('DOMContentLoaded', push, { once: true });
  addEventListener('pageshow', (event) => event.persisted && push());
}

/** Prefetching is skipped offline, on 2g connections and with data saver on. */
export function mayPrefetch(online: boolean, connection?: NetworkConnection): boolean {
  return online && !connection?.saveData && !connection?.effectiveType?.includes('2g');
}

/**
 * Pages that links visible on screen lead to are fetched ahead when the browser is idle; those
 * seen while offline, once the browser is back online.
 */
function prefetchVisibleLinks(): void {
  const fetched = new Set<string>();
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const prefetch = (link: HTMLAnchorElement) => {
    // A link taken off the page meanwhile, or in an island that will redraw itself from the address
    // (the search page's recommended searches, when the address has a query), is not fetched.
    const redrawn = link.closest<HTMLElement>('[data-wake-with]')?.dataset.wakeWith;
    if (!link.isConnected || (redrawn && new URLSearchParams(location.search).has(redrawn))) return;
    if (!mayPrefetch(navigator.onLine, navigator.connection) || fetched.has(link.pathname)) return;
    fetched.add(link.pathname);
    const hint = document.createElement('link');
    hint.rel = 'prefetch';
    hint.href = link.pathname;
    document.head.append(hint);
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      whenIdle(() => prefetch(entry.target as HTMLAnchorElement), { timeout: prefetchIdleTimeoutMs });
    }
  });
  const observeLinks = () => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]:not([role="button"])'))
      if (leadsToSitePage(link, location)) observer.observe(link);
  };
  observeLinks();
  // Back online: the links in view are seen again, and those not fetched yet are fetched.
  addEventListener('online', observeLinks);
}

/**
 * The root 404 page shown at an address under another locale, by a host that has one 404 page for
 * every address (GitHub Pages, CloudFront): the visitor goes on to that locale's 404 page. Every
 * other host, and `esg preview`, answers such an address with the locale's page, so this does nothing there.
 */
function goToLocaleNotFound(): void {
  const root = document.documentElement;
  if (root.dataset.route !== '404') return;
  const asked = location.pathname.split('/')[1];
  const locales = [...document.querySelectorAll('.lang-options a[hreflang]')].map((link) => link.getAttribute('href')?.slice(1));
  if (asked && !root.classList.contains(`locale-${asked}`) && locales.includes(asked)) location.replace(`/${asked}/404.html`);
}
