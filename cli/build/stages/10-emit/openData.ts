import { formatFigure } from '../../../../templates/format.ts';
import type { LocaleMetric } from '../../../../templates/context.tsx';
import { yearsOf } from '../../../../templates/metrics.ts';
import { toCsv } from '../../csv.ts';
import type { BuildSession } from '../../session.ts';
import type { LocaleModel, SiteModel } from '../../model/site.ts';
import type { RenderedFile } from '../../../siteFiles.ts';

/** Where the open data is published: site-wide, not per locale, since each file holds every locale. */
export const metricsDataPaths = { json: 'data/metrics.json', csv: 'data/metrics.csv' };
export const targetsDataPaths = { json: 'data/targets.json', csv: 'data/targets.csv' };

/**
 * content/metrics.yaml as open data for analysts and raters: `/data/metrics.json` and
 * `/data/metrics.csv` (UTF-8 with a byte order mark, so Excel shows the Chinese labels), every
 * metric with its texts in every locale, its unit, yearly values, boundary, assurance,
 * disclosure codes and restatements (each restated year's value first published and reason); and `/data/targets.json` and `/data/targets.csv`, every target with the metric
 * it tracks, its baseline, target, latest value, direction and status (templates/targets.ts).
 * Values are the registry's numbers, unformatted.
 */
export function metricsDataFiles(session: BuildSession, model: SiteModel): RenderedFile[] {
  const [first] = model.locales;
  if (!first?.metrics.size) return [];
  // Each locale's metrics are the same objects while metrics.yaml and the latest edition are unchanged (04-metrics/).
  const from = model.locales.flatMap((locale) => [locale.code, locale.metrics]);
  // The session keeps the files the last build made, with what from: made again only after metrics.yaml changes.
  const last = session.openData;
  if (last && last.from.length === from.length && last.from.every((item, at) => item === from[at])) return last.files;
  const files = dataFiles(model, first);
  session.openData = { from, files };
  return files;
}

function dataFiles(model: SiteModel, first: LocaleModel): RenderedFile[] {
  const inLocales = (id: string) => Object.fromEntries(model.locales.map((locale) => [locale.code, locale.metrics.get(id)!]));
  const codes = model.locales.map((locale) => locale.code);
  const metrics = [...first.metrics.keys()].map((id) => {
    const each = inLocales(id);
    const texts = (pick: (metric: LocaleMetric) => string | undefined) => Object.fromEntries(codes.map((code) => [code, pick(each[code]!) ?? '']));
    const metric = each[codes[0]!]!;
    return {
      id,
      topic: metric.topic,
      label: texts((entry) => entry.label),
      unit: texts((entry) => (entry.percent ? '%' : entry.unit)),
      decimals: metric.decimals,
      values: metric.values,
      boundary: texts((entry) => entry.boundary),
      assurance: metric.assurance
        ? { by: texts((entry) => entry.assurance?.by), standard: texts((entry) => entry.assurance?.standard), years: metric.assurance.years ?? yearsOf(metric) }
        : null,
      gri: metric.gri,
      sasb: metric.sasb,
      restated: metric.restated
        ? Object.fromEntries(
            Object.entries(metric.restated).map(([year, { published }]) => [year, { published, reason: texts((entry) => entry.restated![year]!.reason) }]),
          )
        : null,
    };
  });
  const years = [...new Set(metrics.flatMap((metric) => Object.keys(metric.values)))].sort();
  const head = [
    'id',
    'topic',
    ...codes.map((code) => `label_${code}`),
    ...codes.map((code) => `unit_${code}`),
    ...years,
    ...codes.map((code) => `boundary_${code}`),
    'assured_by',
    'assurance_standard',
    'assured_years',
    'gri',
    'sasb',
    'restated_years',
    'published_values',
    ...codes.map((code) => `restated_reason_${code}`),
  ];
  const rows = metrics.map((metric) => [
    metric.id,
    metric.topic,
    ...codes.map((code) => metric.label[code]!),
    ...codes.map((code) => metric.unit[code]!),
    ...years.map((year) => (metric.values[year] === undefined ? '' : formatFigure(metric.values[year], 'en-US', metric.decimals).replaceAll(',', ''))),
    ...codes.map((code) => metric.boundary[code]!),
    metric.assurance?.by.en ?? '',
    metric.assurance?.standard.en ?? '',
    metric.assurance?.years.join(' ') ?? '',
    metric.gri.join(' '),
    metric.sasb.join(' '),
    ...restatedColumns(metric.restated, codes),
  ]);
  return [
    { path: metricsDataPaths.json, contents: `${JSON.stringify({ metrics }, null, 2)}\n` },
    { path: metricsDataPaths.csv, contents: toCsv([head, ...rows]) },
    ...targetsFiles(first, codes, inLocales),
  ];
}

/** A metric's restatements in the CSV: the years and the values first published, space-separated, then each locale's reasons in the same order. */
function restatedColumns(restated: Record<string, { published: number; reason: Record<string, string> }> | null, codes: string[]): string[] {
  const entries = Object.entries(restated ?? {});
  return [
    entries.map(([year]) => year).join(' '),
    entries.map(([, { published }]) => String(published)).join(' '),
    ...codes.map((code) => entries.map(([, { reason }]) => reason[code]).join(' | ')),
  ];
}

/** The targets' open data: each target's progress as the registry's numbers, its label in every locale. */
function targetsFiles(first: LocaleModel, codes: string[], inLocales: (id: string) => Record<string, LocaleMetric>): RenderedFile[] {
  const targets = [...first.metrics.values()].flatMap(({ id, target }) => {
    if (!target) return [];
    const each = inLocales(id);
    return [
      {
        id,
        metric: target.tracks,
        label: Object.fromEntries(codes.map((code) => [code, each[code]!.label])),
        direction: target.direction,
        change: target.change,
        baseline: target.baseline,
        target: target.target,
        latest: target.latest ?? null,
        status: target.status,
      },
    ];
  });
  const number = (value: number | undefined) => (value === undefined ? '' : String(Number(value.toFixed(6))));
  const head = [
    'id',
    'metric',
    ...codes.map((code) => `label_${code}`),
    'direction',
    'baseline_year',
    'baseline_value',
    'target_year',
    'target_value',
    'latest_year',
    'latest_value',
    'status',
  ];
  const rows = targets.map((target) => [
    target.id,
    target.metric,
    ...codes.map((code) => target.label[code]!),
    target.direction,
    String(target.baseline.year),
    number(target.baseline.value),
    String(target.target.year),
    number(target.target.value),
    target.latest ? String(target.latest.year) : '',
    number(target.latest?.value),
    target.status,
  ]);
  return [
    { path: targetsDataPaths.json, contents: `${JSON.stringify({ targets }, null, 2)}\n` },
    { path: targetsDataPaths.csv, contents: toCsv([head, ...rows]) },
  ];
}
