import { renderToStaticMarkup } from 'react-dom/server';
import type { MenuEntry } from '../../schemas/types.ts';
import { menuActions } from '../../widgets/registry.ts';
import { usePage, type PageContext } from '../context.tsx';
import { Menu, type MenuLink, type MenuProps } from './Menu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SearchPopup } from './SearchPopup.tsx';
import { searchPopupProps } from './searchPopupProps.ts';

/**
 * Logo (→ corporate site, new tab), slogan (→ home), main menu, search icon, language dropdown:
 * plain HTML, enhanced by widgets/shellBehaviours.ts.
 */
export function Header() {
  const page = usePage();
  const { t, site, locale } = page;
  const items = page.oncePerLocale('menuLinks', () => linksOf(locale.menu.items, page));
  const menuOf = (currentPath: string): MenuProps => ({
    items,
    currentPath,
    labels: { menu: t('a11y.mainMenu'), open: t('header.menuOpen'), close: t('header.menuClose'), newWindow: t('header.newWindow') },
  });
  // Only a page the menu links to is marked in it; for every other page the menu is the same, so
  // it is rendered once per locale, like the search popup.
  const inMenu = items.some((item) => item.children?.some((child) => child.href === page.path));
  const menu = inMenu
    ? renderToStaticMarkup(<Menu {...menuOf(page.path)} />)
    : page.oncePerLocale('menu', () => renderToStaticMarkup(<Menu {...menuOf('')} />));
  const search = page.oncePerLocale('searchPopup', () => renderToStaticMarkup(<SearchPopup {...searchPopupProps(page)} />));
  const languages = page.alternates.map(({ code, iso, name, alias, path, available }) => ({ code, iso, name, alias, href: path, available }));
  return (
    <header className={page.routeName === '' ? 'site-header is-home' : 'site-header'}>
      <div className="header-bar">
        <a className="logo" href={site.corporateUrl} target="_blank" rel="noopener">
          <img src="/assets/images/logo.svg" alt={t('header.logo')} width="40" height="40" />
        </a>
        <a className="slogan" href={page.href('/')}>
          <span className="slogan-name">{t('site.name')}</span>
          <span className="slogan-text">{t('site.slogan')}</span>
        </a>
        <div className="header-menu" dangerouslySetInnerHTML={{ __html: menu }} />
        <div className="header-search" dangerouslySetInnerHTML={{ __html: search }} />
        <div className="header-lang">
          <LanguageSwitch current={locale.code} label={t('language.label')} options={languages} />
        </div>
      </div>
    </header>
  );
}

/**
 * Menu entries with localized addresses; entries whose page or action does not exist yet are left
 * out. They depend on the locale's menu and the site's routes only, so `Header` makes them once per
 * locale.
 */
function linksOf(entries: MenuEntry[], page: PageContext): MenuLink[] {
  return entries.flatMap((entry): MenuLink[] => {
    const children = entry.children ? linksOf(entry.children, page) : undefined;
    if (entry.children && !children?.length) return [];
    if (entry.to && !entry.target && !page.hasRoute(entry.to)) return [];
    if (entry.triggerAction && !menuActions.includes(entry.triggerAction)) return [];
    return [
      {
        name: entry.name,
        href: entry.to ? page.href(entry.to) : undefined,
        target: entry.target,
        important: entry.important,
        action: entry.triggerAction,
        className: entry.class,
        children,
      },
    ];
  });
}
