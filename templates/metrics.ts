import type { ChapterLink } from '../schemas/types.ts';
import type { LocaleMetric, LocaleMetrics } from './context.tsx';
import { formatFigure } from './format.ts';
import { placeUnit } from '../schemas/units.ts';
import type { Translate } from './i18n.ts';

/** The years a metric has values for, oldest first. */
export function yearsOf(metric: { values: Record<string, number> }): number[] {
  return Object.keys(metric.values)
    .map(Number)
    .sort((a, b) => a - b);
}

/** A value of the metric as the locale writes it: `18,886`, `46.65%`. */
export function formatValue(metric: LocaleMetric, value: number, iso: string): string {
  const figure = formatFigure(value, iso, metric.decimals);
  return metric.percent ? `${figure}%` : figure;
}

/** The value with its unit, as `placeUnit` (schemas/units.ts) writes it: `18,886公噸CO2e`, `5.5 MWp`, `NT$1.86`. */
export function withUnit(metric: LocaleMetric, formatted: string, iso: string): string {
  return placeUnit(formatted, metric.unitPattern ?? metric.unit, iso);
}

/** The metric's value of `year` as a page shows it, or undefined when it has none that year. */
export function metricText(metric: LocaleMetric, year: number, iso: string, unit = false): string | undefined {
  const value = metric.values[year];
  if (value === undefined) return undefined;
  const formatted = formatValue(metric, value, iso);
  return unit ? withUnit(metric, formatted, iso) : formatted;
}

/** Where the data page is, and the anchor of each metric on it (the GRI and SASB indexes link there). */
export const metricsDataRoute = 'performance/data';
export const metricAnchor = (id: string) => `metric-${id}`;

/** Whether a disclosure's figures were assured: all of them, some, or none. */
export type Assured = 'yes' | 'partly' | 'no';

/**
 * What the registry says of a disclosure (`305-1` of GRI, `EM-IS-110a.1` of SASB): the metrics
 * that answer it, as links to the data page, and whether their figures of the latest year each
 * reports were assured (undefined when no metric answers it), with who assured them.
 */
export interface Answers {
  links(code: string): ChapterLink[];
  assurance(code: string): { assured: Assured; by: string[] } | undefined;
}

export function answersOf(metrics: LocaleMetrics, standard: 'gri' | 'sasb', t: Translate): Answers {
  const prefix = t('metrics.answeredBy');
  // Each code's metrics, found once: every row of an index asks for its links and its assurance.
  const byCode = new Map<string, LocaleMetric[]>();
  for (const metric of metrics.values()) for (const code of metric[standard]) byCode.set(code, [...(byCode.get(code) ?? []), metric]);
  const answering = (code: string) => byCode.get(code) ?? [];
  return {
    links: (code) => answering(code).map((metric) => ({ text: `${prefix}${metric.label}`, url: `/${metricsDataRoute}#${metricAnchor(metric.id)}` })),
    assurance(code) {
      const found = answering(code);
      if (!found.length) return undefined;
      const assured = found.filter((metric) => isAssured(metric));
      return {
        assured: assured.length === found.length ? 'yes' : assured.length ? 'partly' : 'no',
        by: [...new Set(assured.map(({ assurance }) => t('metrics.assuredBy', { by: assurance!.by, standard: assurance!.standard })))],
      };
    },
  };
}

/** Whether the metric's figure of `year` (its latest by default) was assured: it has one, and the assurance covers that year. */
export function isAssured(metric: LocaleMetric, year = yearsOf(metric).at(-1)!): boolean {
  return metric.assurance !== undefined && metric.values[year] !== undefined && (metric.assurance.years ?? yearsOf(metric)).includes(year);
}

/** Written beside a restated figure wherever a table or chart shows it, and explained under it. */
export const restatedMark = '†';

/**
 * A metric's values over `years` as a chart draws them: null and '' where it has no figure. A
 * restated figure carries the mark (`564,917†`).
 */
export function seriesOf(metric: LocaleMetric, years: number[], iso: string): { label: string; values: (number | null)[]; formatted: string[] } {
  const values = years.map((year) => metric.values[year] ?? null);
  const written = (value: number | null, year: number) =>
    value === null ? '' : `${formatValue(metric, value, iso)}${metric.restated?.[year] ? restatedMark : ''}`;
  return { label: metric.label, values, formatted: values.map((value, at) => written(value, years[at]!)) };
}

/** A metric's restatements among `years` (all of them by default), each with the value first published as the locale writes it, with its unit. */
export function restatementsOf(metric: LocaleMetric, iso: string, years?: number[]): { year: number; published: string; reason: string }[] {
  return Object.entries(metric.restated ?? {})
    .map(([year, { published, reason }]) => ({ year: Number(year), published: withUnit(metric, formatValue(metric, published, iso), iso), reason }))
    .filter(({ year }) => !years || years.includes(year));
}

/** A metric's latest figure against the year before it. */
export interface YearChange {
  /** The year before the latest. */
  year: number;
  direction: 'up' | 'down' | 'same';
  /** The difference without its sign, rounded to the metric's decimals (percentage points for a percent). */
  difference: number;
  /** The difference as a per cent of the year before, without its sign, as the locale writes it; undefined when that figure is 0. */
  percent?: string;
}

/** The change of the metric's latest figure against the year before; undefined without a figure for that year. */
export function yearChange(metric: LocaleMetric, iso: string): YearChange | undefined {
  const latest = yearsOf(metric).at(-1);
  const before = latest === undefined ? undefined : metric.values[latest - 1];
  if (latest === undefined || before === undefined) return undefined;
  const signed = Number((metric.values[latest]! - before).toFixed(metric.decimals));
  const difference = Math.abs(signed);
  return {
    year: latest - 1,
    direction: signed > 0 ? 'up' : signed < 0 ? 'down' : 'same',
    difference,
    percent: before === 0 ? undefined : `${formatFigure((difference / Math.abs(before)) * 100, iso, 1)}%`,
  };
}
