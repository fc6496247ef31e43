import { problemAt, type FieldPath } from '../content/source.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import { warn } from '../log.ts';
import type { Article, Home } from '../content/types.ts';
import type { LocaleModel, SiteModel } from './locales.ts';
import type { ContentDocument } from './validate.ts';
import { patternOf, specRouteNames, type RoutePlan } from './routes.tsx';
import { routeNameOf } from './render.tsx';
import { eventIdProblems, eventsOf } from './events.ts';
import { reportSectionIds } from './reportSections.ts';

/** Keys whose values are site links, and keys whose values are asset files. */
const linkKeys = new Set(['url', 'to']);
const assetKeys = new Set(['src', 'cover', 'file']);
/** Menus and sitemaps may name pages not built yet; those entries are left out of the page instead. */
const plannedNavigation = new Set(['menu.yaml', 'sitemap.yaml']);

/**
 * Checks that what content points at exists: asset files, pages, the section a `?focus=` or
 * `#anchor` names, and the events an id names (event ids themselves too). Every problem of every file is reported at once, at its line.
 */
export function checkReferences(model: SiteModel, plan: RoutePlan): void {
  const problems: ContentProblem[] = eventIdProblems(model);
  const planned = new Map<string, number>();
  const sections = sectionIds(model);
  const unchecked = new Set<string>();
  for (const locale of model.locales.filter((entry) => entry.code !== 'zh_CN')) {
    for (const [path, document] of locale.documents) {
      walk(document.data, [], (value, at, key) => {
        if (assetKeys.has(key) && value.startsWith('/assets/') && !model.assets.has(value)) {
          problems.push(problemAt(document.source, at, `${value} does not exist`, { hint: 'put the file under content/assets/ or correct the path' }));
        }
        if (linkKeys.has(key) && value.startsWith('/') && !value.startsWith('/assets/')) {
          const problem = checkLink(document, at, value, plan, sections, plannedNavigation.has(path), planned, unchecked);
          if (problem) problems.push(problem);
        }
      });
    }
    problems.push(...checkPinnedEvents(locale));
  }
  if (unchecked.size) warn(`${unchecked.size} section links point at pages whose section ids the link check does not know: ${[...unchecked].join(', ')}`);
  if (planned.size) {
    warn(`${[...planned.values()].reduce((a, b) => a + b, 0)} links point at pages not built yet (${[...planned.keys()].join(', ')}); they show as plain text until those pages exist`);
  }
  if (problems.length) throw new ContentErrors(problems);
}

function checkLink(document: ContentDocument, at: FieldPath, url: string, plan: RoutePlan, sections: Map<string, Set<string>>, navigation: boolean, planned: Map<string, number>, unchecked: Set<string>): ContentProblem | undefined {
  const name = routeNameOf(url);
  if (!plan.names.has(name)) {
    if (specRouteNames.some((pattern) => patternOf(pattern).test(name))) {
      if (!navigation) planned.set(name, (planned.get(name) ?? 0) + 1);
      return undefined;
    }
    return problemAt(document.source, at, `links to ${url}, which is not a page of this site`, { hint: 'write the address without the locale, e.g. /report/gri or /focus/climate/energy' });
  }
  const target = /[?&]focus=([^&#]+)/.exec(url)?.[1] ?? /#(.+)$/.exec(url)?.[1];
  const ids = sections.get(name);
  if (target && ids && !ids.has(target)) {
    return problemAt(document.source, at, `links to section ${target}, which does not exist on /${name}`, { hint: `sections there: ${[...ids].join(', ') || 'none'}` });
  }
  if (target && !ids) unchecked.add(`/${name}#${target}`);
  return undefined;
}

/** Section ids of every article page and report index page, by route name (from the zh_TW documents). */
function sectionIds(model: SiteModel): Map<string, Set<string>> {
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  const ids = new Map<string, Set<string>>();
  for (const [path, document] of base.documents) {
    const article = document.data as Partial<Article>;
    if (!Array.isArray(article.sections)) continue;
    const name = path.replace(/^pages\//, '').replace(/\.yaml$/, '');
    ids.set(name, new Set(article.sections.flatMap((section) => [section.id, ...(section.subsections ?? []).map((sub) => sub.id)]).filter((id): id is string => Boolean(id))));
  }
  for (const [name, reportIds] of reportSectionIds(base)) ids.set(name, reportIds);
  return ids;
}

function checkPinnedEvents(locale: LocaleModel): ContentProblem[] {
  const ids = new Set(eventsOf(locale).map((event) => event.id));
  return ['home.yaml', 'index2024.yaml', 'index2023.yaml'].flatMap((path) => {
    const document = locale.documents.get(path);
    const pinned = (document?.data as Home | undefined)?.events.pinned ?? [];
    return pinned.flatMap((id, index) => (ids.has(id) ? [] : [problemAt(document!.source, ['events', 'pinned', index], `names event "${id}", which does not exist in content/${locale.code}/events/`)]));
  });
}

function walk(value: unknown, at: FieldPath, visit: (value: string, at: FieldPath, key: string) => void, key = ''): void {
  if (typeof value === 'string') visit(value, at, key);
  else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...at, index], visit, key));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...at, k], visit, k);
}
