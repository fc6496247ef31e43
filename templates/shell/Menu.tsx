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
 * The main menu's markup; widgets/mainMenu.ts is its behaviour. Without JavaScript the toggle is a
 * link to #site-menu, CSS opens the panel by that target, and every sub-menu is listed open.
 */
export function Menu({ items, currentPath, labels }: MenuProps) {
  return (
    <nav className="main-menu" aria-label={labels.menu}>
      <a className="menu-toggle" href="#site-menu" role="button" aria-controls="site-menu" aria-expanded="false" data-close-label={labels.close}>
        <span className="icon-bars" aria-hidden="true" />
        <span className="visually-hidden">{labels.open}</span>
      </a>
      <div id="site-menu" className="menu-panel">
        <a className="menu-close" href="#" role="button">
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{labels.close}</span>
        </a>
        <ul className="menu-categories">
          {items.map((category) => {
            const holdsCurrent = category.children?.some((child) => child.href === currentPath) ?? false;
            return (
              <li key={category.name} className={['menu-category', category.className, holdsCurrent ? 'is-current' : ''].filter(Boolean).join(' ')}>
                <button type="button" className="menu-category-button" aria-expanded="false">
                  {category.name}
                </button>
                <ul className="submenu">
                  {category.children?.map((link) => (
                    <li key={link.name} className={link.important ? 'is-important' : undefined}>
                      {link.action ? (
                        <button type="button" className="submenu-action" data-menu-action={link.action}>
                          {link.name}
                        </button>
                      ) : (
                        <a
                          href={link.href}
                          target={link.target}
                          rel={link.target ? 'noopener' : undefined}
                          aria-current={link.href === currentPath ? 'page' : undefined}
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
      <div className="menu-mask" aria-hidden="true" />
    </nav>
  );
}
