/**
 * The main menu's behaviour (markup: templates/shell/Menu.tsx). Narrow screens: the toggle opens the
 * panel and locks page scroll; the cross, the mask, Esc or following a link closes it, and a
 * category's button opens its sub-menu, one at a time. From 1280 px the menu is always shown and a
 * category's sub-menu opens on hover. Whether the panel is open is the store's `menuOpen`, which the
 * home page's header and the dialogs read and set too.
 */
import { store } from './store.ts';
import { lockScroll, unlockScroll } from './scrollLock.ts';
import { wideQuery } from './media.ts';
import { onButtonPress } from './disclosure.ts';

export function wireMenu(): void {
  const menu = document.querySelector<HTMLElement>('.main-menu');
  if (!menu) return;
  const toggle = menu.querySelector<HTMLAnchorElement>('.menu-toggle')!;
  const toggleLabel = toggle.querySelector('.visually-hidden')!;
  const openLabel = toggleLabel.textContent;
  const panel = menu.querySelector<HTMLElement>('.menu-panel')!;
  const mask = menu.querySelector<HTMLElement>('.menu-mask')!;
  const categories = [...menu.querySelectorAll<HTMLElement>('.menu-category')];
  const wide = matchMedia(wideQuery);

  let active: HTMLElement | undefined;
  const activate = (category?: HTMLElement) => {
    active = category;
    for (const each of categories) {
      each.classList.toggle('is-active', each === category);
      each.querySelector('.menu-category-button')!.setAttribute('aria-expanded', String(each === category));
    }
  };

  let shown = false;
  store.subscribe(() => {
    const open = store.get().menuOpen;
    if (open === shown) return;
    shown = open;
    panel.classList.toggle('is-open', open);
    mask.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    toggleLabel.textContent = open ? toggle.dataset.closeLabel! : openLabel;
    if (open) lockScroll('menu');
    else unlockScroll('menu');
  });

  const close = () => {
    store.set({ menuOpen: false });
    activate();
    toggle.focus();
  };
  const onToggle = (event: Event) => {
    event.preventDefault();
    if (shown) close();
    else store.set({ menuOpen: true });
  };

  onButtonPress(toggle, onToggle);
  menu.querySelector('.menu-close')!.addEventListener('click', (event) => {
    event.preventDefault();
    close();
  });
  mask.addEventListener('click', close);
  document.addEventListener('keydown', (event) => shown && event.key === 'Escape' && close());
  wide.addEventListener('change', () => wide.matches && store.set({ menuOpen: false }));
  for (const category of categories) {
    category.addEventListener('mouseenter', () => wide.matches && activate(category));
    category.addEventListener('mouseleave', () => wide.matches && activate());
    category.querySelector('.menu-category-button')!.addEventListener('click', () => activate(active === category ? undefined : category));
  }
  // Following a link closes the menu; an action (the newsletter) also opens its dialog (shellBehaviours.ts).
  panel.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('.submenu a, .submenu-action')) return;
    store.set({ menuOpen: false });
    activate();
  });
  // Sub-menus now open one at a time (CSS lists them all open until the menu is ready), and the
  // panel is open by the store alone: one opened by its link before this script arrived stays open.
  menu.dataset.ready = '';
  if (location.hash === `#${panel.id}`) {
    history.replaceState(history.state, '', location.pathname + location.search);
    store.set({ menuOpen: true });
  }
}
