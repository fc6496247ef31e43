import { closestIds } from '../../../../schemas/closest.ts';
import { markdownLinks } from '../../../content/markdown.ts';
import { leadsToEvidence } from '../../../content/trace.ts';
import { assetPathOf, routeNameOf, sectionsAskedFor } from '../../../content/siteLinks.ts';
import { problemAt, problemAtPlace, walkStrings, type Place } from '../../../content/source.ts';
import { errors } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import { warn } from '../../../log.ts';
import { brokenEventIds, eventIdProblems } from '../../model/events.ts';
import type { ContentImages } from '../11-images.ts';
import { type ContentDocument, isDocumentOf } from '../../../content/documents.ts';
import { documentOf, type LocaleModel, type SiteModel } from '../../model/site.ts';
import { plannedRoutes } from '../../model/pageKinds.tsx';
import { pathOf, patternOf, type RoutePlan } from '../../model/routes.ts';
import { remembered, type BuildSession } from '../../session.ts';

/** Keys whose values are site links, and keys whose values are images (photographs among them are encoded). */
const linkKeys: ReadonlySet<string> = new Set(['url', 'to']);
const imageKeys: ReadonlySet<string> = new Set(['src', 'cover', 'file']);
/** Menus and sitemaps may name pages not built yet; those entries are left out of the page instead. */
const plannedNavigation: ReadonlySet<string> = new Set(['menu.yaml', 'sitemap.yaml']);

/** What a content file names: a file of content/assets (an image when shown as one) or a page of the site, and where. */
interface Named {
  value: string;
  place: Place;
  kind: 'asset' | 'image' | 'link' | 'evidence';
}

/** The section ids of a page (of one locale) and the content file they come from. */
interface PageSections {
  ids: Set<string>;
  file: string;
}

/**
 * What content points at must exist: asset files, pages, the section a `?focus=` or `#anchor`
 * names on the page of the locale that links it, the events an id names (event ids themselves
 * too), the report downloads of site.yaml. Links and images in Markdown bodies are checked as
 * fields are. Every problem of every file is returned, each at its line, once. Each image found is
 * handed to `images`, which checks and encodes the photographs among them.
 */
export function referenceProblems(session: BuildSession, model: SiteModel, plan: RoutePlan, images: Pick<ContentImages, 'add'>): ContentProblem[] {
  const problems: ContentProblem[] = [...eventIdProblems(model), ...missingReports(model)];
  const planned = new Map<string, number>();
  const unchecked = new Set<string>();
  const sections = sectionsOf(session, model, plan);
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  for (const locale of model.locales) {
    for (const [path, document] of locale.documents) {
      // A zh_CN conversion names what its zh_TW file names, already checked but for its links,
      // which lead to zh_CN pages (a zh_CN override may lack a section).
      const converted = locale.origins.get(path) === 'converted';
      for (const named of namedIn(session, converted ? (base.documents.get(path) ?? document) : document)) {
        if (named.kind === 'evidence') problems.push(problemAtPlace(named.place, errors.evidenceLink, named.value));
        else if (named.kind === 'link') {
          const found = checkLink(named, locale, plan, sections, plannedNavigation.has(path), planned, unchecked);
          if (found) problems.push(found);
        } else if (!converted) {
          const asset = assetPathOf(named.value);
          if (model.refusedAssets.has(asset)) continue;
          if (!model.assets.has(asset)) problems.push(problemAtPlace(named.place, errors.missingAsset, named.value, closestIds(asset, model.assets)));
          else if (named.kind === 'image') images.add(asset, named.place);
        }
      }
    }
    problems.push(...checkPinnedEvents(locale, plan));
  }
  if (unchecked.size) warn(errors.uncheckedSections, undefined, [...unchecked]);
  if (planned.size)
    warn(
      errors.plannedPageLinks,
      undefined,
      [...planned.values()].reduce((a, b) => a + b, 0),
      [...planned.keys()],
    );
  return onceEach(problems);
}

/** A link checked in two locales (a zh_TW file and its zh_CN conversion) is one problem when it fails in both. */
function onceEach(problems: ContentProblem[]): ContentProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.code} ${problem.file}:${problem.line}:${problem.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The asset files and site links a document names, in its fields and its Markdown body.
 * Remembered (`remembered`): a rebuild walks the changed file's data alone.
 */
const namedIn = remembered((_session: BuildSession, document: ContentDocument): Named[] => {
  const named: Named[] = [];
  const { source } = document;
  walkStrings(document.data, (value, at, key) => {
    if (leadsToEvidence(value)) named.push({ value, place: { source, path: at() }, kind: 'evidence' });
    else if (value.startsWith('/assets/')) named.push({ value, place: { source, path: at() }, kind: imageKeys.has(key) ? 'image' : 'asset' });
    else if (linkKeys.has(key) && value.startsWith('/')) named.push({ value, place: { source, path: at() }, kind: 'link' });
  });
  if (document.body) {
    const start = source.text.length - document.body.length;
    for (const link of markdownLinks(document.body)) {
      const kind = leadsToEvidence(link.url) ? 'evidence' : link.url.startsWith('/assets/') ? (link.image ? 'image' : 'asset') : 'link';
      named.push({ value: link.url, place: { source, offset: start + link.offset, field: 'body' }, kind });
    }
  }
  return named;
});

function checkLink(
  { value: url, place }: Named,
  locale: LocaleModel,
  plan: RoutePlan,
  sections: (locale: string, name: string) => PageSections | undefined,
  navigation: boolean,
  planned: Map<string, number>,
  unchecked: Set<string>,
): ContentProblem | undefined {
  const name = routeNameOf(url);
  if (!plan.names.has(name)) {
    if (plannedRoutes.some((pattern) => patternOf(pattern).test(name))) {
      if (!navigation) planned.set(name, (planned.get(name) ?? 0) + 1);
      return undefined;
    }
    return problemAtPlace(
      place,
      errors.brokenPageLink,
      url,
      closestIds(name, plan.names).map((close) => `/${close}`),
    );
  }
  const page = sections(locale.code, name);
  for (const target of sectionsAskedFor(url)) {
    if (page && !page.ids.has(target))
      return problemAtPlace(place, errors.missingSection, target, pathOf(locale.code, name), page.file, closestIds(target, page.ids), [...page.ids]);
    // A page whose own file has problems: those are reported; its sections are checked once it is mended.
    if (!page && !plan.broken.has(name)) unchecked.add(`/${name}#${target}`);
  }
  return undefined;
}

/**
 * The section ids of each article page (its sections and subsections) and report index page
 * (every `id` in it is the anchor of one of its tables), by locale and route name. An English
 * address without an English edition leads to the default locale's page, whose sections it is
 * checked against.
 */
function sectionsOf(session: BuildSession, model: SiteModel, plan: RoutePlan): (locale: string, name: string) => PageSections | undefined {
  const pages = new Map<string, PageSections>();
  const guards = new Set<string>();
  for (const route of plan.routes) {
    if (route.kind === 'guard') guards.add(route.path);
    const ids = route.document && idsOf(session, route.document);
    if (ids) pages.set(route.path, { ids, file: route.document!.source.file });
  }
  return (locale, name) =>
    pages.get(pathOf(locale, name)) ?? (guards.has(pathOf(locale, name)) ? pages.get(pathOf(model.site.defaultLocale, name)) : undefined);
}

/** A page's section ids, remembered for its document; undefined for a page whose ids are not known. */
const idsOf = remembered((_session: BuildSession, document: ContentDocument): Set<string> | undefined => {
  if (isDocumentOf(document, 'article')) {
    return new Set(
      document.data.sections.flatMap((section) => [section.id, ...(section.subsections ?? []).map((sub) => sub.id)]).filter((id): id is string => Boolean(id)),
    );
  }
  return document.schema.startsWith('report-') ? new Set(idsIn(document.data)) : undefined;
});

function idsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (key === 'id' && typeof child === 'string' ? [child] : idsIn(child)));
}

function checkPinnedEvents(locale: LocaleModel, plan: RoutePlan): ContentProblem[] {
  const ids = new Set([...plan.events.get(locale.code)!.list.map((event) => event.id), ...brokenEventIds(locale)]);
  return ['home.yaml', 'index2024.yaml', 'index2023.yaml'].flatMap((path) => {
    const document = documentOf(locale, path, 'home');
    const pinned = document?.data.events.pinned ?? [];
    return pinned.flatMap((id, index) =>
      ids.has(id) ? [] : [problemAt(document!.source, ['events', 'pinned', index], errors.unknownPinnedEvent, id, locale.code, closestIds(id, ids))],
    );
  });
}

/** site.yaml's report editions: every listed file must be a file of content/assets. */
function missingReports(model: SiteModel): ContentProblem[] {
  return model.site.reports.flatMap((edition, e) =>
    edition.files.flatMap((file, f) =>
      model.assets.has(file.file) || model.refusedAssets.has(file.file)
        ? []
        : [problemAt(model.siteSource, ['reports', e, 'files', f, 'file'], errors.missingReportFile, file.file, closestIds(file.file, model.assets))],
    ),
  );
}
