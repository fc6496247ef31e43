import type { MetricsLocaleTexts, MetricsMethod, MetricsMetric, MetricsTraceId } from '../../schemas/types.ts';
import type { FieldPath } from './source.ts';

/**
 * Where a figure of the registry comes from, for one year: who answers for it, the system or
 * document it is read from, how it is calculated, and the files under content/evidence/<year>/ it
 * can be checked against (docs/figures.md, "Trace a figure"). `owner`, `source` and `method` are
 * written once for every year, or by year as `{ default: …, 2023: … }`.
 */
export interface FigureTrace {
  owner?: Traced<MetricsTraceId>;
  source?: Traced<MetricsLocaleTexts>;
  method?: Traced<MetricsMethod>;
  /** Paths inside content/evidence: `2024/ghg-inventory.csv`. */
  evidence: { path: string; at: FieldPath }[];
}

/** A value for a year, with the field of metrics.yaml that gives it (relative to the metric). */
export interface Traced<T> {
  value: T;
  at: FieldPath;
}

/** The folder of content/ that holds the evidence, one folder per year; never published. */
export const evidenceFolder = 'evidence';

/**
 * Whether a link or path leads into content/evidence: `/evidence/…` (with or without a locale),
 * `content/evidence/…` or a relative `../evidence/…`. Evidence is never published, so a page may
 * not point at it.
 */
export function leadsToEvidence(url: string): boolean {
  return /^(?:\.{0,2}\/)*(?:(?:zh_TW|zh_CN|en|content)\/)?evidence(?:\/|$)/.test(url);
}

/** The years a metric's assurance covers that it has a figure for. */
export function assuredYears(metric: MetricsMetric): number[] {
  if (!metric.assurance) return [];
  const years = Object.keys(metric.values).map(Number);
  return (metric.assurance.years ?? years).filter((year) => metric.values[year] !== undefined).sort((a, b) => a - b);
}

/** A metric's trace for one year. */
export function traceOf(metric: MetricsMetric, year: number): FigureTrace {
  return {
    owner: forYear(metric.owner, year, 'owner', isOwnerId),
    source: forYear<MetricsLocaleTexts>(metric.source, year, 'source', isLocaleTexts),
    method: forYear<MetricsMethod>(metric.method, year, 'method', isLocaleTexts),
    evidence: (metric.evidence?.[year] ?? []).map((name, i) => ({ path: `${year}/${name}`, at: ['evidence', String(year), i] })),
  };
}

/**
 * Each value written by year of a trace field, as `[key, value, at]`: the one value for `default`
 * when the field is not by year. The checks walk these, so a value no year uses is checked too.
 */
export function tracedValues<T>(field: T | Record<string, T> | undefined, name: string, plain: (value: T | Record<string, T>) => value is T): [string, T, FieldPath][] {
  if (field === undefined) return [];
  if (plain(field)) return [['default', field, [name]]];
  return Object.entries(field).map(([key, value]) => [key, value, [name, key]]);
}

function forYear<T>(field: T | Record<string, T> | undefined, year: number, name: string, plain: (value: T | Record<string, T>) => value is T): Traced<T> | undefined {
  const values = tracedValues(field, name, plain);
  const [, value, at] = values.find(([key]) => key === String(year)) ?? values.find(([key]) => key === 'default') ?? [];
  return value === undefined ? undefined : { value, at: at! };
}

/** Whether a trace field is one value rather than values by year: texts in each language have `zh_TW`. */
export function isLocaleTexts<T extends MetricsLocaleTexts>(value: T | Record<string, T>): value is T {
  return typeof value.zh_TW === 'string';
}

/** Whether an owner field is one owner rather than owners by year. */
export const isOwnerId = (value: MetricsTraceId | Record<string, MetricsTraceId>): value is MetricsTraceId => typeof value === 'string';
