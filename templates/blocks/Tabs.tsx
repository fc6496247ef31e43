import { usePage } from '../context.tsx';

export interface TabLink {
  label: string;
  /** Site path without the locale, e.g. `/sustainable/2`. */
  url: string;
}

/**
 * Tabs that are real links, one address per tab, so they work without JavaScript, can be shared and
 * bookmarked, and the browser's back button moves between them. The current tab has aria-current.
 */
export function Tabs({ label, tabs, current }: { label: string; tabs: TabLink[]; current: number }) {
  const { href } = usePage();
  return (
    <nav className="tabs" aria-label={label}>
      <ul>
        {tabs.map((tab, index) => (
          <li key={tab.url}>
            <a className={index === current ? 'tab is-current' : 'tab'} href={href(tab.url)} aria-current={index === current ? 'page' : undefined}>
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab links of a page whose tab N lives at `<base>/N` (N from 1). */
export function tabLinks(base: string, labels: string[]): TabLink[] {
  return labels.map((label, index) => ({ label, url: `${base}/${index + 1}` }));
}
