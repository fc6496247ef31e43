import type { ReactElement } from 'react';
import type { Article, Downloads, Home } from '../content/types.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import type { LocaleModel, SiteModel } from './locales.ts';
import type { ContentDocument } from './validate.ts';
import { ArticlePage } from '../../templates/pages/ArticlePage.tsx';
import { HomePage } from '../../templates/pages/HomePage.tsx';
import { DownloadsPage } from '../../templates/pages/DownloadsPage.tsx';
import { latestEvents, type LocaleEvents, eventsOf } from './events.ts';

/** What a page's render function gets besides its own document. */
export interface RouteInput {
  locale: LocaleModel;
  events: LocaleEvents;
}

/**
 * One entry per page kind. `document` is the content file in the locale folder; a `*` in it makes
 * one route per matching file, named by the file's path (focus/care/safe.yaml → focus/care/safe).
 */
export interface RouteDeclaration {
  name: string;
  document: string;
  render: (document: ContentDocument, input: RouteInput) => ReactElement;
}

const article = (name: string): RouteDeclaration => ({
  name,
  document: `pages/${name}.yaml`,
  render: (document) => <ArticlePage data={document.data as Article} />,
});

/** Every route of the site. A route is declared here when its page is real. */
export const routeTable: RouteDeclaration[] = [
  { name: '', document: 'home.yaml', render: (document, { events }) => <HomePage data={document.data as Home} events={latestEvents(events, document.data as Home)} /> },
  { name: 'index2024', document: 'index2024.yaml', render: (document, { events }) => <HomePage data={document.data as Home} events={latestEvents(events, document.data as Home)} indexLayout /> },
  { name: 'index2023', document: 'index2023.yaml', render: (document, { events }) => <HomePage data={document.data as Home} events={latestEvents(events, document.data as Home)} /> },
  article('about'),
  article('chairman'),
  article('president'),
  article('committee'),
  article('company'),
  article('saisiyat'),
  article('kiwi'),
  article('Shuang-Xi'),
  { name: 'focus/{group}/{topic}', document: 'focus/*/*.yaml', render: (document) => <ArticlePage data={document.data as Article} /> },
  { name: 'report-download', document: 'report-download.yaml', render: (document) => <DownloadsPage data={document.data as Downloads} /> },
];

/** Every page name the specification lists (§2); links to ones not built yet are not errors, only notes. */
export const specRouteNames = [
  '', 'about', 'chairman', 'president', 'committee', 'company', 'components', 'covid19', 'event', 'event/oops', 'event/{id}', 'external',
  'index2023', 'index2024', 'materiality-analyze', 'materiality-manage', 'materiality-stakeholder', 'performance', 'performance/{tab}',
  'performance2024', 'sustainable', 'sustainable/{tab}', 'report-download', 'search', 'focus/{group}/{topic}',
  'report/accounting', 'report/climate', 'report/exchange', 'report/gri', 'report/sasb', 'report/UNGC-support',
  'qa/qa', 'qa/qa-form', 'qa/qa-result', 'questionnaire/basic', 'questionnaire/questions', 'saisiyat', 'kiwi', 'Shuang-Xi',
];

/** A page to write: a real page, or the English guard for a route without an English edition. */
export interface PlannedRoute {
  /** Concrete route name: `focus/care/safe`; `` for home. */
  name: string;
  locale: LocaleModel;
  path: string;
  kind: 'page' | 'guard';
  element?: () => ReactElement;
  /** The content file the page is made from, for error messages and rebuilds. */
  source?: string;
}

export interface RoutePlan {
  routes: PlannedRoute[];
  /** Concrete route names that exist in zh_TW (every locale has the same names). */
  names: Set<string>;
}

export function pathOf(locale: string, name: string): string {
  return name ? `/${locale}/${name}` : `/${locale}`;
}

/** Expands the route table for every locale; English routes not listed in site.yaml become guards. */
export function planRoutes(model: SiteModel): RoutePlan {
  const problems: ContentProblem[] = [];
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  const concrete = expand(base);
  const names = new Set(concrete.map((route) => route.name));
  for (const declaration of routeTable) {
    if (!declaration.document.includes('*') && !base.documents.has(declaration.document)) {
      problems.push({ file: `content/${base.code}/${declaration.document}`, line: 1, column: 1, field: '', message: `is missing (the page ${declaration.name || 'home'} is made from it)`, hint: 'every page exists in zh_TW first' });
    }
  }
  const routes: PlannedRoute[] = [];
  for (const locale of model.locales) {
    const events = eventsOf(locale);
    const english = locale.code === 'en';
    for (const route of english ? englishNames(model, names) : concrete.map((entry) => ({ name: entry.name, declaration: entry.declaration }))) {
      const document = route.declaration && documentFor(locale, route.name, route.declaration);
      const path = pathOf(locale.code, route.name);
      if (document && route.declaration) {
        const declaration = route.declaration;
        routes.push({ name: route.name, locale, path, kind: 'page', source: document.source.file, element: () => declaration.render(document, { locale, events }) });
      } else {
        routes.push({ name: route.name, locale, path, kind: 'guard' });
      }
    }
    if (english) problems.push(...missingEnglish(model, locale, names));
  }
  if (problems.length) throw new ContentErrors(problems);
  return { routes, names };

  function englishNames(model: SiteModel, all: Set<string>) {
    return [...all].map((name) => {
      const declaration = concrete.find((entry) => entry.name === name)!.declaration;
      return { name, declaration: isEnglishRoute(model, name) ? declaration : undefined };
    });
  }
}

function expand(locale: LocaleModel): { name: string; declaration: RouteDeclaration; document: string }[] {
  return routeTable.flatMap((declaration) => {
    if (!declaration.document.includes('*')) return [{ name: declaration.name, declaration, document: declaration.document }];
    const pattern = new RegExp(`^${declaration.document.replace(/\./g, '\\.').replace(/\*/g, '([^/]+)')}$`);
    return [...locale.documents.keys()]
      .filter((path) => pattern.test(path))
      .sort()
      .map((path) => ({ name: path.replace(/\.\w+$/, ''), declaration, document: path }));
  });
}

function documentFor(locale: LocaleModel, name: string, declaration: RouteDeclaration): ContentDocument | undefined {
  const path = declaration.document.includes('*') ? `${name}${declaration.document.slice(declaration.document.lastIndexOf('.'))}` : declaration.document;
  return locale.documents.get(path);
}

/** Whether site.yaml's englishRoutes lists a route name (patterns such as event/{id} match any id). */
export function isEnglishRoute(model: SiteModel, name: string): boolean {
  return model.site.englishRoutes.some((pattern) => new RegExp(`^${pattern.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(name));
}

function missingEnglish(model: SiteModel, locale: LocaleModel, names: Set<string>): ContentProblem[] {
  return [...names]
    .filter((name) => isEnglishRoute(model, name) && !name.includes('/') && !routeTable.some((d) => d.name === name && locale.documents.has(d.document)))
    .map((name) => ({ file: 'content/site.yaml', line: 1, column: 1, field: 'englishRoutes', message: `lists "${name || 'home'}" but its English content (content/en/${routeTable.find((d) => d.name === name)?.document}) is missing` }));
}
