import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metrics, MetricsLocaleTexts } from '../../schemas/types.ts';
import { metricAnchor, metricsDataRoute, metricText } from '../../templates/metrics.ts';
import type { LocaleMetric } from '../../templates/context.tsx';
import type { ContentDocument } from '../content/documents.ts';
import { assuredYears, evidenceFolder, traceOf } from '../content/trace.ts';
import type { SiteModel } from '../build/model/site.ts';
import type { RoutePlan } from '../build/model/routes.ts';
import { reportsFolder } from '../siteFiles.ts';
import type { FigureChange, FigureHistory } from './history.ts';

/**
 * The assurance scope of a year: every figure whose metric's assurance covers it, with where it
 * comes from (owner, source, method, factors, evidence), its history, its restatement and where
 * it is published, on the site and in the report PDF.
 */

export type Texts = MetricsLocaleTexts;

export interface PackFigure {
  id: string;
  topic: string;
  year: number;
  label: Texts;
  value: number;
  decimals: number;
  /** The value with its unit as each report writes it. */
  written: Texts;
  unit: Texts;
  boundary: Texts;
  assurance: { by: Texts; standard: Texts };
  gri: string[];
  sasb: string[];
  owner?: { id: string; name: Texts; email: string };
  source?: Texts;
  method?: Texts;
  factors: { id: string; name: Texts; publisher: Texts; version: string }[];
  /** Paths inside content/evidence (`2024/ghg-inventory.csv`), with their size and SHA-256. */
  evidence: { path: string; bytes: number; sha256: string }[];
  history: FigureChange[];
  restated?: { published: Texts; reason: Texts };
  /** The site's pages that show the figure: route (with its anchor) and the locales it has. */
  pages: { route: string; locales: string[] }[];
  /** Pages of each locale's report PDF that show it, or undefined when the site has no PDF. */
  printed?: { locale: string; page: number; route: string }[];
  /** What an assurer would look for and not find: owner, source, method, evidence. */
  missing: string[];
}

interface ScopeInputs {
  year: number;
  registry: ContentDocument<'metrics'>;
  model: SiteModel;
  plan: RoutePlan;
  history: FigureHistory;
  /** The built site, whose reports/*.pages.json give the printed pages. */
  siteDir: string;
}

/** The figures of `year` in the assurance scope, in the registry's order. */
export function assuranceScope({ year, registry, model, plan, history, siteDir }: ScopeInputs): PackFigure[] {
  const data: Metrics = registry.data;
  const localeOf = (code: string) => model.locales.find((locale) => locale.code === code);
  const [zh, en] = [localeOf('zh_TW'), localeOf('en')];
  const both = (id: string, text: (metric: LocaleMetric, iso: string) => string): Texts => ({
    zh_TW: text(zh!.metrics.get(id)!, zh!.iso),
    en: text((en ?? zh)!.metrics.get(id)!, (en ?? zh)!.iso),
  });
  const uses = figureUses(plan, year);
  const maps = pageMaps(siteDir);
  return data.metrics
    .filter((metric) => assuredYears(metric).includes(year))
    .map((metric) => {
      const trace = traceOf(metric, year);
      const owner = trace.owner && data.owners?.[trace.owner.value];
      const restated = zh!.metrics.get(metric.id)!.restated?.[year];
      const pages = [
        ...(plan.names.has(metricsDataRoute) ? [{ route: `${metricsDataRoute}#${metricAnchor(metric.id)}`, locales: localesOf(plan, metricsDataRoute) }] : []),
        ...(uses.get(metric.id) ?? []),
      ];
      const figure: PackFigure = {
        id: metric.id,
        topic: metric.topic,
        year,
        label: metric.label,
        value: metric.values[year]!,
        decimals: metric.decimals ?? 0,
        written: both(metric.id, (locale, iso) => metricText(locale, year, iso, true)!),
        unit: both(metric.id, (locale) => (locale.percent ? '%' : locale.unit)),
        boundary: metric.boundary,
        assurance: { by: metric.assurance!.by, standard: metric.assurance!.standard },
        gri: metric.gri ?? [],
        sasb: metric.sasb ?? [],
        ...(trace.owner && owner && { owner: { id: trace.owner.value, name: owner.name, email: owner.email } }),
        ...(trace.source && { source: trace.source.value }),
        ...(trace.method && { method: { zh_TW: trace.method.value.zh_TW, en: trace.method.value.en } }),
        factors: (trace.method?.value.factors ?? []).flatMap((id) => {
          const set = data.factorSets?.[id];
          return set ? [{ id, ...set }] : [];
        }),
        evidence: trace.evidence.map(({ path }) => evidenceFile(model.contentDir, path)),
        history: history.of(metric.id, year),
        ...(restated && {
          restated: {
            published: both(metric.id, (locale, iso) => metricText({ ...locale, values: { [year]: restated.published } }, year, iso, true)!),
            reason: metric.restated![year]!,
          },
        }),
        pages,
        ...(maps.length && { printed: printedPages(maps, pages) }),
        missing: [],
      };
      figure.missing = (['owner', 'source', 'method', 'evidence'] as const).filter((field) =>
        field === 'evidence' ? !figure.evidence.length : !figure[field],
      );
      return figure;
    });
}

function evidenceFile(contentDir: string, path: string): PackFigure['evidence'][number] {
  const bytes = readFileSync(join(contentDir, evidenceFolder, path));
  return { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const referencePattern = /\{\{\s*([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\s+(\d{4})(?:\s+unit)?\s*\}\}/g;

/**
 * The site's pages showing each metric's figure of `year`, read from what their content files
 * name: a reference `{{id year}}` in any text, or a `metrics` block with the metric and the year.
 */
function figureUses(plan: RoutePlan, year: number): Map<string, { route: string; locales: string[] }[]> {
  const routes = new Map<string, Map<string, Set<string>>>();
  for (const route of plan.routes) {
    if (route.kind !== 'page' || !route.document) continue;
    const named = new Set<string>();
    for (const [, id, referenced] of route.document.source.text.matchAll(referencePattern)) if (Number(referenced) === year) named.add(id!);
    for (const block of metricsBlocks(route.document.data)) if (block.years.includes(year)) for (const id of block.metrics) named.add(id);
    for (const id of named) {
      const pages = routes.get(id) ?? new Map<string, Set<string>>();
      routes.set(id, pages.set(route.name, (pages.get(route.name) ?? new Set()).add(route.locale.code)));
    }
  }
  return new Map(
    [...routes].map(([id, pages]) => [
      id,
      [...pages].sort(([a], [b]) => a.localeCompare(b)).map(([route, locales]) => ({ route, locales: [...locales].sort() })),
    ]),
  );
}

function localesOf(plan: RoutePlan, name: string): string[] {
  return [...new Set(plan.routes.filter((route) => route.name === name && route.kind === 'page').map((route) => route.locale.code))].sort();
}

/** The `metrics` blocks of some content data, wherever they are. */
function metricsBlocks(value: unknown): { metrics: string[]; years: number[] }[] {
  if (Array.isArray(value)) return value.flatMap(metricsBlocks);
  if (!value || typeof value !== 'object') return [];
  if ('type' in value && value.type === 'metrics' && 'metrics' in value && Array.isArray(value.metrics) && 'years' in value && Array.isArray(value.years))
    return [{ metrics: value.metrics.map(String), years: value.years.map(Number) }];
  return Object.values(value).flatMap(metricsBlocks);
}

/** Each report PDF's page map the built site publishes (reports/<name>-<locale>.pages.json), by locale. */
function pageMaps(siteDir: string): { locale: string; map: Record<string, number> }[] {
  const folder = join(siteDir, reportsFolder);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.pages.json'))
    .sort()
    .map((name) => {
      const published: unknown = JSON.parse(readFileSync(join(folder, name), 'utf8'));
      const map = published && typeof published === 'object' && 'map' in published && published.map && typeof published.map === 'object' ? published.map : {};
      return { locale: /-([A-Za-z_]+)\.pages\.json$/.exec(name)?.[1] ?? name, map: map as Record<string, number> };
    });
}

/** The printed pages of the figure's site pages: a section's page where it has an anchor, else its chapter's first page. */
function printedPages(maps: { locale: string; map: Record<string, number> }[], pages: { route: string }[]): NonNullable<PackFigure['printed']> {
  return maps.flatMap(({ locale, map }) => pages.flatMap(({ route }) => (map[route] === undefined ? [] : [{ locale, page: map[route], route }])));
}
