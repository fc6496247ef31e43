import { closestIds } from '../schemas/closest.ts';
import type { EditorLanguage } from '../schemas/editApi.ts';
import { placeUnit } from '../schemas/units.ts';

/**
 * The metrics registry (content/metrics.yaml) as the figure picker reads it: what a writer
 * searches by (labels in both languages, id, GRI and SASB codes) and what a reference writes out.
 */
export interface RegistryMetric {
  id: string;
  label: { zh_TW?: string; en?: string };
  unit: string;
  decimals?: number;
  values: Record<string, number>;
  gri?: string[];
  sasb?: string[];
}

export interface Registry {
  metrics: RegistryMetric[];
  /** Each unit's name per locale (`{value}` places the figure). */
  units: Record<string, { zh_TW?: string; en?: string }>;
}

export const emptyRegistry: Registry = { metrics: [], units: {} };

/** The metrics matching every word of a query, in a label (either language), the id or a GRI/SASB code; the best first. */
export function searchMetrics(registry: Registry, query: string, most = 50): RegistryMetric[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return registry.metrics.slice(0, most);
  const scored = registry.metrics.flatMap((metric) => {
    const fields = [metric.id, metric.label.zh_TW ?? '', metric.label.en ?? '', ...(metric.gri ?? []).map((code) => `gri ${code}`), ...(metric.sasb ?? [])].map(
      (field) => field.toLowerCase(),
    );
    if (!words.every((word) => fields.some((field) => field.includes(word)))) return [];
    // An id or code that starts with the query first, then a label that does, then the rest.
    const score = words.reduce((total, word) => total + (fields.some((field) => field.startsWith(word) || field === `gri ${word}`) ? 2 : 1), 0);
    return [{ metric, score }];
  });
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, most)
    .map(({ metric }) => metric);
}

/** The years a metric has a figure for, newest first. */
export const yearsOf = (metric: RegistryMetric) =>
  Object.keys(metric.values)
    .map(Number)
    .sort((a, b) => b - a);

/** A reference as pages write it: `{{ghg-scope1 2024}}`, `{{ghg-scope1 2024 unit}}`. */
export const referenceText = (id: string, year: number, unit: boolean) => `{{${id} ${year}${unit ? ' unit' : ''}}}`;

/** How the zh_TW page writes the figure (the site's first locale), with its unit when asked: `182,225公噸CO2e`. */
export function writtenFigure(registry: Registry, metric: RegistryMetric, year: number, unit: boolean, language: EditorLanguage): string | undefined {
  const value = metric.values[year];
  if (value === undefined) return undefined;
  const iso = language === 'en' ? 'en' : language === 'zh_CN' ? 'zh-Hans-CN' : 'zh-Hant-TW';
  const decimals = metric.decimals ?? 0;
  const figure = new Intl.NumberFormat(iso, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
  const percent = metric.unit === 'percent';
  const written = percent ? `${figure}%` : figure;
  if (!unit || percent) return written;
  return placeUnit(written, registry.units[metric.unit]?.[registryLocale(language)] ?? metric.unit, iso);
}

/** The registry's words for an interface language: it writes labels and units in zh_TW and en (a zh_CN interface reads the zh_TW ones). */
export const registryLocale = (language: EditorLanguage): 'zh_TW' | 'en' => (language === 'en' ? 'en' : 'zh_TW');

/** A reference found in a text, with what it writes out or what is wrong with it. */
export type FoundReference =
  | { text: string; kind: 'figure'; written: string }
  | { text: string; kind: 'unknown-metric'; id: string; closest: string[] }
  | { text: string; kind: 'unknown-year'; id: string; year: number; years: number[] }
  | { text: string; kind: 'malformed' };

/** Each registry's metrics by id, made once per registry: every field with a reference asks at each change. */
const metricsById = new WeakMap<Registry, Map<string, RegistryMetric>>();
const byIdOf = (registry: Registry) => {
  if (!metricsById.has(registry)) metricsById.set(registry, new Map(registry.metrics.map((metric) => [metric.id, metric])));
  return metricsById.get(registry)!;
};

/** Every `{{…}}` of a text, read as the build reads it (cli/build/stages/04-metrics). */
export function referencesIn(registry: Registry, text: string, language: EditorLanguage): FoundReference[] {
  const byId = byIdOf(registry);
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map(([whole, inner]): FoundReference => {
    const match = /^\s*([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\s+(\d{4})(\s+unit)?\s*$/.exec(inner!);
    if (!match) return { text: whole, kind: 'malformed' };
    const [, id, year, unit] = match as unknown as [string, string, string, string | undefined];
    const metric = byId.get(id);
    if (!metric) return { text: whole, kind: 'unknown-metric', id, closest: closestIds(id, byId.keys()) };
    const written = writtenFigure(registry, metric, Number(year), Boolean(unit), language);
    return written === undefined
      ? { text: whole, kind: 'unknown-year', id, year: Number(year), years: yearsOf(metric) }
      : { text: whole, kind: 'figure', written };
  });
}
