import type { MenuEntry } from '../../schemas/types.ts';
import { Island } from '../Island.tsx';
import { menuActions } from '../../widgets/registry.ts';
import { usePage, type PageContext } from '../context.tsx';
import type { MenuLink, MenuProps } from '../../widgets/Menu.tsx';
import type { LanguageSwitchProps } from '../../widgets/LanguageSwitch.tsx';
import { searchPopupProps } from './searchPopupProps.ts';

/** Logo (→ corporate site, new tab), slogan (→ home), main menu, search icon, language dropdown. */
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
  // its island is rendered and serialised once per locale.
  const inMenu = items.some((item) => item.children?.some((child) => child.href === page.path));
  const menu = inMenu ? menuOf(page.path) : page.oncePerLocale('menu', () => menuOf(''));
  const languages: LanguageSwitchProps = {
    current: locale.code,
    label: t('language.label'),
    options: page.alternates.map(({ code, iso, name, alias, path, available }) => ({ code, iso, name, alias, href: path, available })),
  };
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
        <Island name="Menu" props={menu} className="menu-island" />
        <Island name="SearchPopup" props={page.oncePerLocale('searchPopup', () => searchPopupProps(page))} className="search-island" />
        <Island name="LanguageSwitch" props={languages} className="lang-island" />
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
