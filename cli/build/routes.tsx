import type { ReactElement } from 'react';
import type { Article, Downloads, Event, Home, Search } from '../content/types.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import type { LocaleModel, SiteModel } from './locales.ts';
import type { ContentDocument } from './validate.ts';
import { ArticlePage } from '../../templates/pages/ArticlePage.tsx';
import { HomePage } from '../../templates/pages/HomePage.tsx';
import { DownloadsPage } from '../../templates/pages/DownloadsPage.tsx';
import { EventListPage } from '../../templates/pages/EventListPage.tsx';
import { EventPage } from '../../templates/pages/EventPage.tsx';
import { EventOopsPage } from '../../templates/pages/EventOopsPage.tsx';
import { SearchPage } from '../../templates/pages/SearchPage.tsx';
import { latestEvents, type LocaleEvents, eventsOf, toSummary, otherEvents, eventById } from './events.ts';
import { sustainabilityRoutes } from './sustainabilityRoutes.tsx';
import { reportRoutes } from '../../templates/report/reportRoutes.tsx';
import { formsRoutes } from './formsRoutes.tsx';

/** What a page's render function gets besides its own document. */
export interface RouteInput {
  locale: LocaleModel;
  events: LocaleEvents;
}

/**
 * One entry per page kind, made from a content file in the locale folder. A `*` in `document` makes
 * one route per matching file; the file's `*` parts fill the `{placeholders}` of `name` in order
 * (focus/care/safe.yaml → focus/{group}/{topic} = focus/care/safe; events/x.md → event/{id} = event/x).
 */
export interface DocumentRoute {
  name: string;
  document: string;
  render: (document: ContentDocument, input: RouteInput) => ReactElement;
}

/** A page with no content file of its own: its texts come from messages.yaml and the model (the event list). */
export interface MessagesRoute {
  name: string;
  document?: undefined;
  render: (input: RouteInput) => ReactElement;
}

export type RouteDeclaration = DocumentRoute | MessagesRoute;

const article = (name: string): DocumentRoute => ({
  name,
  document: `pages/${name}.yaml`,
  render: (document) => <ArticlePage data={document.data as Article} />,
});

/** A home page design: 2025 at the locale root, the earlier ones at index2024 and index2023. */
const home = (name: string, indexLayout = false): DocumentRoute => ({
  name,
  document: `${name || 'home'}.yaml`,
  render: (document, { events }) => <HomePage data={document.data as Home} events={latestEvents(events, document.data as Home)} indexLayout={indexLayout} />,
});

/** Every route of the site. A route is declared here when its page is real. */
export const routeTable: RouteDeclaration[] = [
  home(''),
  // Spec §2: a route whose name contains index2024 uses the special index layout.
  home('index2024', true),
  home('index2023'),
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
  { name: 'event', render: ({ events }) => <EventListPage events={events.map(toSummary)} /> },
  { name: 'event/oops', render: () => <EventOopsPage /> },
  { name: 'search', document: 'search.yaml', render: (document) => <SearchPage data={document.data as Search} /> },
  {
    name: 'event/{id}',
    document: 'events/*.md',
    render: (document, { events }) => {
      const event = eventById(events, (document.data as Event).id)!;
      return <EventPage event={event} others={otherEvents(events, event.id).map(toSummary)} />;
    },
  },
  article('materiality-stakeholder'),
  article('materiality-manage'),
  article('covid19'),
  article('external'),
  ...sustainabilityRoutes,
  ...reportRoutes,
  ...formsRoutes,
];

/** Every page name the specification lists (§2); links to ones not built yet are not errors, only notes. */
export const specRouteNames = [
  '', 'about', 'chairman', 'president', 'committee', 'company', 'components', 'covid19', 'event', 'event/oops', 'event/{id}', 'external',
  'index2023', 'index2024', 'materiality-analyze', 'materiality-manage', 'materiality-stakeholder', 'performance', 'performance/{tab}',
  'performance2024', 'performance2024/{tab}', 'sustainable', 'sustainable/{tab}', 'report-download', 'search', 'focus/{group}/{topic}',
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

/** A route of the table made concrete: `event/{id}` becomes one `event/<id>` per event file. */
interface ConcreteRoute {
  name: string;
  declaration: RouteDeclaration;
  /** The zh_TW file a `*` declaration made this route from. */
  document?: ContentDocument;
}

/** Expands the route table for every locale; English routes not listed in site.yaml become guards. */
export function planRoutes(model: SiteModel): RoutePlan {
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  const concrete = expand(base);
  const problems = [...missingBase(base), ...sameNames(concrete)];
  const routes: PlannedRoute[] = [];
  for (const locale of model.locales) {
    const input: RouteInput = { locale, events: eventsOf(locale) };
    for (const { name, declaration } of concrete) {
      const path = pathOf(locale.code, name);
      const offered = locale.code !== 'en' || isEnglishRoute(model, name);
      const page = offered ? pageOf(locale, name, declaration, input) : undefined;
      routes.push(page ? { name, locale, path, kind: 'page', ...page } : { name, locale, path, kind: 'guard' });
    }
    if (locale.code === 'en') problems.push(...missingEnglish(model, locale));
  }
  if (problems.length) throw new ContentErrors(problems);
  return { routes, names: new Set(concrete.map((route) => route.name)) };
}

/** The page of a route in one locale, or nothing when that locale has no content file for it. */
function pageOf(locale: LocaleModel, name: string, declaration: RouteDeclaration, input: RouteInput): Pick<PlannedRoute, 'element' | 'source'> | undefined {
  if (declaration.document === undefined) return { element: () => declaration.render(input) };
  const document = locale.documents.get(documentPathOf(declaration, name));
  return document && { source: document.source.file, element: () => declaration.render(document, input) };
}

function expand(locale: LocaleModel): ConcreteRoute[] {
  return routeTable.flatMap((declaration): ConcreteRoute[] => {
    if (!declaration.document?.includes('*')) return [{ name: declaration.name, declaration }];
    const files = patternOf(declaration.document, fileWildcard);
    return [...locale.documents.keys()].sort().flatMap((path) => {
      const parts = files.exec(path)?.slice(1);
      return parts ? [{ name: fill(declaration.name, nameWildcard, parts), declaration, document: locale.documents.get(path) }] : [];
    });
  });
}

/** The file a route is made from: `event/x` of `events/*.md` → `events/x.md`. */
function documentPathOf(declaration: DocumentRoute, name: string): string {
  const parts = patternOf(declaration.name, nameWildcard).exec(name)?.slice(1) ?? [];
  return fill(declaration.document, fileWildcard, parts);
}

const fileWildcard = /\*/g;
const nameWildcard = /\{[^}]+\}/g;

/** A route name or file pattern as a RegExp whose groups are its wildcards: `event/{id}` → /^event\/([^/]+)$/. */
export function patternOf(template: string, wildcard: RegExp = nameWildcard): RegExp {
  const key = `${wildcard.source}\n${template}`;
  let pattern = patterns.get(key);
  if (!pattern) patterns.set(key, (pattern = compilePattern(template, wildcard)));
  return pattern;
}

/** Compiled once per template: isEnglishRoute asks for the same few patterns for every route. */
const patterns = new Map<string, RegExp>();

function compilePattern(template: string, wildcard: RegExp): RegExp {
  const literal = template.split(wildcard).map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${literal.join('([^/]+)')}$`);
}

function fill(template: string, wildcard: RegExp, parts: string[]): string {
  let index = 0;
  return template.replace(wildcard, () => parts[index++] ?? '');
}

/** Whether site.yaml's englishRoutes lists a route name (patterns such as event/{id} match any id). */
export function isEnglishRoute(model: SiteModel, name: string): boolean {
  return model.site.englishRoutes.some((pattern) => patternOf(pattern).test(name));
}

function missingBase(base: LocaleModel): ContentProblem[] {
  return fixedDocumentRoutes()
    .filter((declaration) => !base.documents.has(declaration.document))
    .map((declaration) => ({ file: `content/${base.code}/${declaration.document}`, line: 1, column: 1, field: '', message: `is missing (the page ${declaration.name || 'home'} is made from it)`, hint: 'every page exists in zh_TW first' }));
}

/** Two files that would write the same page (an event file named oops.md and the event/oops page). */
function sameNames(concrete: ConcreteRoute[]): ContentProblem[] {
  // The first route of each name, found once: comparing every route with every other grew with
  // the square of the number of events.
  const first = new Map<string, number>();
  concrete.forEach((route, index) => first.has(route.name) || first.set(route.name, index));
  return concrete
    .filter((route, index) => route.document && first.get(route.name)! < index)
    .map((route) => ({ file: route.document!.source.file, line: 1, column: 1, field: '', message: `would make the page /${route.name}, which is already a page of this site`, hint: 'rename the file' }));
}

function missingEnglish(model: SiteModel, locale: LocaleModel): ContentProblem[] {
  return fixedDocumentRoutes()
    .filter((declaration) => isEnglishRoute(model, declaration.name) && !locale.documents.has(declaration.document))
    .map((declaration) => ({ file: 'content/site.yaml', line: 1, column: 1, field: 'englishRoutes', message: `lists "${declaration.name || 'home'}" but its English content (content/en/${declaration.document}) is missing` }));
}

function fixedDocumentRoutes(): DocumentRoute[] {
  return routeTable.filter((declaration): declaration is DocumentRoute => declaration.document !== undefined && !declaration.document.includes('*'));
}
