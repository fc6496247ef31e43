import type { MetricsLocaleTexts, MetricsMethod, MetricsMetric, MetricsTraceId } from './types.ts';

/**
 * Where a figure of the registry comes from, for one year: who answers for it, the system or
 * document it is read from, how it is calculated, and the files under content/evidence/<year>/ it
 * can be checked against (docs/figures.md, "Trace a figure"). `owner`, `source` and `method` are
 * written once for every year, or by year as `{ default: …, 2023: … }`. The build checks it and the
 * editor warns of what an assured year lacks, both through these functions.
 */
export interface FigureTrace {
  owner?: Traced<MetricsTraceId>;
  source?: Traced<MetricsLocaleTexts>;
  method?: Traced<MetricsMethod>;
  /** Paths inside content/evidence: `2024/ghg-inventory.csv`. */
  evidence: { path: string; at: TracePath }[];
}

/** A field of metrics.yaml, relative to the metric: `['method', '2023']`. */
export type TracePath = (string | number)[];

/** A value for a year, with the field of metrics.yaml that gives it (relative to the metric). */
export interface Traced<T> {
  value: T;
  at: TracePath;
}

/** What of a metric its trace is read from: a metric of the registry, or one as a form holds it while it is edited. */
export type TracedMetric = Pick<MetricsMetric, 'values' | 'owner' | 'source' | 'method' | 'evidence'> & { assurance?: { years?: number[] } };

/** The years a metric's assurance covers that it has a figure for. */
export function assuredYears(metric: TracedMetric): number[] {
  if (!metric.assurance) return [];
  const years = Object.keys(metric.values).map(Number);
  return (metric.assurance.years ?? years).filter((year) => metric.values[year] !== undefined).sort((a, b) => a - b);
}

/** A metric's trace for one year. */
export function traceOf(metric: TracedMetric, year: number): FigureTrace {
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
export function tracedValues<T>(
  field: T | Record<string, T> | undefined,
  name: string,
  plain: (value: T | Record<string, T>) => value is T,
): [string, T, TracePath][] {
  if (field === undefined) return [];
  if (plain(field)) return [['default', field, [name]]];
  return Object.entries(field).map(([key, value]) => [key, value, [name, key]]);
}

function forYear<T>(
  field: T | Record<string, T> | undefined,
  year: number,
  name: string,
  plain: (value: T | Record<string, T>) => value is T,
): Traced<T> | undefined {
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
