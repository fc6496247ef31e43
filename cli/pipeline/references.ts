import { statSync } from 'node:fs';
import { join } from 'node:path';
import { problemAt, walkStrings, type FieldPath } from '../content/source.ts';
import { errors } from '../errorCatalogue.ts';
import { problem, type ContentProblem } from '../errors.ts';
import { warn } from '../log.ts';
import { brokenEventIds, eventIdProblems, eventsOf } from './events.ts';
import type { ContentImages } from './images.ts';
import { documentOf, type LocaleModel, type SiteModel } from './locales.ts';
import { plannedRoutes } from './pageKinds.tsx';
import { routeNameOf } from './render.tsx';
import { patternOf, type RoutePlan } from './routes.ts';
import { isDocumentOf, type ContentDocument } from './validate.ts';
import { remembered } from './memo.ts';

/** Keys whose values are site links, and keys whose values are asset files. */
const linkKeys = new Set(['url', 'to']);
const assetKeys = new Set(['src', 'cover', 'file']);
/** Menus and sitemaps may name pages not built yet; those entries are left out of the page instead. */
const plannedNavigation = new Set(['menu.yaml', 'sitemap.yaml']);

/**
 * What content points at must exist: asset files, pages, the section a `?focus=` or `#anchor`
 * names, the events an id names (event ids themselves too), the report downloads of site.yaml.
 * Every problem of every file is returned, each at its line. Each asset found is handed to
 * `images`, which checks and encodes the photographs among them.
 */
export function referenceProblems(model: SiteModel, plan: RoutePlan, images: Pick<ContentImages, 'add'>): ContentProblem[] {
  const problems: ContentProblem[] = [...eventIdProblems(model), ...missingReports(model)];
  const planned = new Map<string, number>();
  const sections = sectionIds(model, plan);
  const unchecked = new Set<string>();
  for (const locale of model.locales.filter((entry) => entry.code !== 'zh_CN')) {
    for (const [path, document] of locale.documents) {
      for (const { value, at, link } of namedIn(document)) {
        if (!link && model.assets.has(value)) images.add(value, document.source, at);
        else if (!link) problems.push(problemAt(document.source, at, errors.missingAsset, value));
        else {
          const found = checkLink(document, at, value, plan, sections, plannedNavigation.has(path), planned, unchecked);
          if (found) problems.push(found);
        }
      }
    }
    problems.push(...checkPinnedEvents(locale));
  }
  if (unchecked.size) warn(errors.uncheckedSections, undefined, [...unchecked]);
  if (planned.size) warn(errors.plannedPageLinks, undefined, [...planned.values()].reduce((a, b) => a + b, 0), [...planned.keys()]);
  return problems;
}

/**
 * The asset files and site links a document names, each with its field. Remembered (memo.ts): a
 * rebuild walks the changed file's data alone.
 */
const namedIn = remembered((document: ContentDocument) => {
  const named: { value: string; at: FieldPath; link: boolean }[] = [];
  walkStrings(document.data, (value, at, key) => {
    if (assetKeys.has(key) && value.startsWith('/assets/')) named.push({ value, at: at(), link: false });
    else if (linkKeys.has(key) && value.startsWith('/') && !value.startsWith('/assets/')) named.push({ value, at: at(), link: true });
  });
  return named;
});

function checkLink(document: ContentDocument, at: FieldPath, url: string, plan: RoutePlan, sections: Map<string, Set<string>>, navigation: boolean, planned: Map<string, number>, unchecked: Set<string>): ContentProblem | undefined {
  const name = routeNameOf(url);
  if (!plan.names.has(name)) {
    if (plannedRoutes.some((pattern) => patternOf(pattern).test(name))) {
      if (!navigation) planned.set(name, (planned.get(name) ?? 0) + 1);
      return undefined;
    }
    return problemAt(document.source, at, errors.brokenPageLink, url);
  }
  const target = /[?&]focus=([^&#]+)/.exec(url)?.[1] ?? /#(.+)$/.exec(url)?.[1];
  const ids = sections.get(name);
  if (target && ids && !ids.has(target)) return problemAt(document.source, at, errors.missingSection, target, name, [...ids]);
  // A page whose own file has problems: those are reported; its sections are checked once it is mended.
  if (target && !ids && !plan.broken.has(name)) unchecked.add(`/${name}#${target}`);
  return undefined;
}

/**
 * Section ids of every article page (its sections and subsections) and report index page (every
 * `id` in it is the anchor of one of its tables), by route name, from the zh_TW pages.
 */
function sectionIds(model: SiteModel, plan: RoutePlan): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const route of plan.routes) {
    if (route.locale.code !== model.site.defaultLocale || !route.document) continue;
    const { document } = route;
    if (isDocumentOf(document, 'article')) {
      ids.set(route.name, new Set(document.data.sections.flatMap((section) => [section.id, ...(section.subsections ?? []).map((sub) => sub.id)]).filter((id): id is string => Boolean(id))));
    } else if (document.schema.startsWith('report-')) {
      ids.set(route.name, new Set(idsIn(document.data)));
    }
  }
  return ids;
}

function idsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (key === 'id' && typeof child === 'string' ? [child] : idsIn(child)));
}

function checkPinnedEvents(locale: LocaleModel): ContentProblem[] {
  const ids = new Set([...eventsOf(locale).map((event) => event.id), ...brokenEventIds(locale)]);
  return ['home.yaml', 'index2024.yaml', 'index2023.yaml'].flatMap((path) => {
    const document = documentOf(locale, path, 'home');
    const pinned = document?.data.events.pinned ?? [];
    return pinned.flatMap((id, index) => (ids.has(id) ? [] : [problemAt(document!.source, ['events', 'pinned', index], errors.unknownPinnedEvent, id, locale.code)]));
  });
}

/** site.yaml's report editions: every listed file must exist. */
function missingReports(model: SiteModel): ContentProblem[] {
  return model.site.reports.flatMap((edition, e) =>
    edition.files.flatMap((file, f) => {
      try {
        statSync(join(model.contentDir, file.file));
        return [];
      } catch {
        return [problem(errors.missingReportFile, { file: 'content/site.yaml', field: `reports[${e}].files[${f}].file` }, file.file)];
      }
    }),
  );
}

