import type { ContentDocument } from '../../content/documents.ts';
import type { LocaleModel } from './site.ts';
import type { PageKind, PreparedPage } from './pageKinds.tsx';
import type { LocaleEvents } from './events.ts';

// The pages of the site: every route of every locale (the routes stage plans them).

/** A page to write: a real page, or the English guard for a route without an English edition. */
export interface PlannedRoute {
  /** Concrete route name: `focus/care/safe`; `` for home. */
  name: string;
  locale: LocaleModel;
  path: string;
  kind: 'page' | 'guard';
  /** A page's element and what it is made from (pageKinds.tsx); none for a guard. */
  prepared?: PreparedPage;
  /** The document of the content file the page is made from (its `source.file` for error messages and rebuilds). */
  document?: ContentDocument;
  /** The kind of page it is. */
  pageKind: PageKind;
}

export interface RoutePlan {
  routes: PlannedRoute[];
  /** Concrete route names that exist in zh_TW (every locale has the same names). */
  names: Set<string>;
  /** Route names whose content file has problems: they exist, but their content is not known. */
  broken: Set<string>;
  /** Each locale's events, by its code. */
  events: Map<string, LocaleEvents>;
}

export function pathOf(locale: string, name: string): string {
  return name ? `/${locale}/${name}` : `/${locale}`;
}

export const fileWildcard = /\*/g;

export const nameWildcard = /\{[^}]+\}/g;

/** A route name or file pattern as a RegExp whose groups are its wildcards: `event/{id}` → /^event\/([^/]+)$/. */
export function patternOf(template: string, wildcard: RegExp = nameWildcard): RegExp {
  const literal = template.split(wildcard).map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${literal.join('([^/]+)')}$`);
}
