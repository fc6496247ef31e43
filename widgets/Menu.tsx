import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { store, useShared } from './store.ts';
import { lockScroll, unlockScroll } from './scrollLock.ts';
import { wideQuery } from './media.ts';

export interface MenuLink {
  name: string;
  href?: string;
  target?: '_blank';
  important?: boolean;
  /** Opens a modal instead of navigating (the newsletter entry). */
  action?: 'subscriber';
  className?: string;
  children?: MenuLink[];
}

export interface MenuProps {
  items: MenuLink[];
  currentPath: string;
  labels: { menu: string; open: string; close: string; newWindow: string };
}

/**
 * The main menu. Narrow screens: the toggle opens a panel and locks page scroll; the cross, the mask
 * or following a link closes it. From 1280 px the menu is always shown and a category's sub-menu
 * opens on hover. Without JavaScript the toggle is a link to #site-menu and CSS opens the panel.
 */
export default function Menu({ items, currentPath, labels }: MenuProps) {
  const open = useShared((state) => state.menuOpen);
  const [active, setActive] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const toggleRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!open) return;
    lockScroll('menu');
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      unlockScroll('menu');
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  useEffect(() => {
    const wide = window.matchMedia(wideQuery);
    const onChange = () => wide.matches && store.set({ menuOpen: false });
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  function close() {
    store.set({ menuOpen: false });
    setActive(null);
    toggleRef.current?.focus();
  }

  function onToggle(event: MouseEvent | KeyboardEvent) {
    event.preventDefault();
    if (open) close();
    else store.set({ menuOpen: true });
  }

  function onToggleKey(event: KeyboardEvent) {
    if (event.key === ' ') onToggle(event);
  }

  function onNavigate(link: MenuLink, event: MouseEvent) {
    if (link.action) {
      event.preventDefault();
      store.set({ modal: link.action, menuOpen: false });
      return;
    }
    store.set({ menuOpen: false });
    setActive(null);
  }

  const isWide = () => typeof window !== 'undefined' && window.matchMedia(wideQuery).matches;

  return (
    <nav className="main-menu" aria-label={labels.menu} data-ready={ready ? '' : undefined}>
      <a
        ref={toggleRef}
        className="menu-toggle"
        href="#site-menu"
        role="button"
        aria-controls="site-menu"
        aria-expanded={open}
        onClick={onToggle}
        onKeyDown={onToggleKey}
      >
        <span className="icon-bars" aria-hidden="true" />
        <span className="visually-hidden">{open ? labels.close : labels.open}</span>
      </a>
      <div id="site-menu" className={open ? 'menu-panel is-open' : 'menu-panel'}>
        <a
          className="menu-close"
          href="#"
          role="button"
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{labels.close}</span>
        </a>
        <ul className="menu-categories">
          {items.map((category, index) => {
            const expanded = active === index;
            const holdsCurrent = category.children?.some((child) => child.href === currentPath) ?? false;
            return (
              <li
                key={category.name}
                className={['menu-category', category.className, expanded ? 'is-active' : '', holdsCurrent ? 'is-current' : ''].filter(Boolean).join(' ')}
                onMouseEnter={() => isWide() && setActive(index)}
                onMouseLeave={() => isWide() && setActive(null)}
              >
                <button type="button" className="menu-category-button" aria-expanded={expanded} onClick={() => setActive(expanded ? null : index)}>
                  {category.name}
                </button>
                <ul className="submenu">
                  {category.children?.map((link) => (
                    <li key={link.name} className={link.important ? 'is-important' : undefined}>
                      {link.action ? (
                        <button type="button" className="submenu-action" onClick={(event) => onNavigate(link, event)}>
                          {link.name}
                        </button>
                      ) : (
                        <a
                          href={link.href}
                          target={link.target}
                          rel={link.target ? 'noopener' : undefined}
                          aria-current={link.href === currentPath ? 'page' : undefined}
                          onClick={(event) => onNavigate(link, event)}
                        >
                          {link.name}
                          {link.target && <span className="visually-hidden">{labels.newWindow}</span>}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
      <div className={open ? 'menu-mask is-open' : 'menu-mask'} onClick={close} aria-hidden="true" />
    </nav>
  );
}
