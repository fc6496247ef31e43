import type { MetricsMetric } from '../../../../schemas/types.ts';
import { formatFigure } from '../../../../templates/format.ts';
import { yearsOf } from '../../../../templates/metrics.ts';
import { closestIds } from '../../../../schemas/closest.ts';
import { problemAt, type FieldPath, type SourceFile } from '../../../content/source.ts';
import type { ContentDocument } from '../../../content/documents.ts';
import { errors } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import { remembered, type BuildSession } from '../../session.ts';

/**
 * The registry's own checks: each metric's id and unit, the metrics its declaration names, its
 * target, and the sums, shares and intensities it declares.
 */

/** The registry's own problems: duplicate ids, unknown units and metrics, figures that do not add up. */
export const registryProblems = remembered((_session: BuildSession, document: ContentDocument<'metrics'>): ContentProblem[] => {
  const { source, data } = document;
  const problems: ContentProblem[] = [];
  const byId = new Map<string, MetricsMetric>();
  data.metrics.forEach((metric, m) => {
    if (byId.has(metric.id)) problems.push(problemAt(source, ['metrics', m, 'id'], errors.duplicateMetric, metric.id));
    else byId.set(metric.id, metric);
    if (metric.unit !== 'percent' && !(metric.unit in data.units))
      problems.push(problemAt(source, ['metrics', m, 'unit'], errors.unknownUnit, metric.unit, Object.keys(data.units)));
  });
  data.metrics.forEach((metric, m) => {
    const named = namedMetrics(metric);
    const unknown = named.filter(([, id]) => !byId.has(id));
    for (const [path, id] of unknown) problems.push(problemAt(source, ['metrics', m, ...path], errors.unknownMetric, id, similarIds(id, byId)));
    if (unknown.length) return;
    problems.push(...targetProblems(source, m, metric, byId));
    for (const failed of arithmeticFailures(metric, byId))
      problems.push(
        problemAt(
          source,
          ['metrics', m, 'values', failed.year],
          errors.metricCheckFailed,
          metric.id,
          failed.year,
          failed.declared,
          failed.computed,
          failed.working,
        ),
      );
  });
  return problems;
});

/** The metrics a metric's declaration names, each with the field that names it. */
function namedMetrics(metric: MetricsMetric): [FieldPath, string][] {
  const named: [FieldPath, string][] = (metric.sum ?? []).map((id, i) => [['sum', i], id]);
  if (metric.share) named.push([['share', 'part'], metric.share.part], [['share', 'of'], metric.share.of]);
  if (metric.intensity) named.push([['intensity', 'of'], metric.intensity.of], [['intensity', 'per'], metric.intensity.per]);
  if (metric.target) named.push([['target', 'tracks'], metric.target.tracks]);
  return named;
}

/**
 * A target's problems, its tracked metric known: the tracked metric is no target itself, the
 * baseline has a value, the milestones come after the baseline, and their unit is the tracked
 * metric's (or percent, for a change against the baseline).
 */
function targetProblems(source: SourceFile, m: number, metric: MetricsMetric, byId: Map<string, MetricsMetric>): ContentProblem[] {
  const target = metric.target;
  if (!target) return [];
  const tracked = byId.get(target.tracks)!;
  const at = (...path: FieldPath) => ['metrics', m, ...path];
  const problems: ContentProblem[] = [];
  if (tracked.target) problems.push(problemAt(source, at('target', 'tracks'), errors.targetTracksTarget, metric.id, tracked.id));
  if (target.baseline.value === undefined && tracked.values[target.baseline.year] === undefined)
    problems.push(problemAt(source, at('target', 'baseline', 'year'), errors.targetBaseline, metric.id, tracked.id, target.baseline.year, yearsOf(tracked)));
  for (const year of yearsOf(metric))
    if (year <= target.baseline.year)
      problems.push(problemAt(source, at('values', String(year)), errors.targetMilestone, metric.id, year, target.baseline.year));
  const unit = target.change ? 'percent' : tracked.unit;
  if (metric.unit !== unit) problems.push(problemAt(source, at('unit'), errors.targetUnit, metric.id, metric.unit, unit, target.change === true));
  return problems;
}

/** Half a unit of a figure's last decimal: how far rounding may have moved it. */
const rounding = (metric: MetricsMetric) => 0.5 * 10 ** -(metric.decimals ?? 0);
/** Figures in a failure message are written as in English, with their decimals and unit sign. */
export const written = (metric: MetricsMetric, value: number) => `${formatFigure(value, 'en', metric.decimals ?? 0)}${metric.unit === 'percent' ? '%' : ''}`;

interface Failure {
  year: string;
  declared: string;
  computed: string;
  working: string;
}

/**
 * The years in which the metric is not what it declares to be (a sum, a share, an intensity),
 * beyond its tolerance: by default what the rounding of every figure involved allows.
 */
export function arithmeticFailures(metric: MetricsMetric, byId: Map<string, MetricsMetric>): Failure[] {
  const failures: Failure[] = [];
  for (const [year, declared] of Object.entries(metric.values)) {
    const checked = check(metric, year, byId);
    if (!checked) continue;
    // The working is written out only for a failure: most checks pass.
    if (Math.abs(declared - checked.computed) > (metric.tolerance ?? checked.allowed) + 1e-9)
      failures.push({
        year,
        declared: written(metric, declared),
        computed: formatFigure(checked.computed, 'en', (metric.decimals ?? 0) + 2),
        working: checked.working(),
      });
  }
  return failures;
}

/** What a metric's declaration makes of one year, with the rounding allowed; undefined when a figure it needs is missing. */
function check(
  metric: MetricsMetric,
  year: string,
  byId: Map<string, MetricsMetric>,
): { computed: number; allowed: number; working: () => string } | undefined {
  if (metric.sum) {
    const parts = metric.sum.map((id) => byId.get(id)!);
    if (parts.some((part) => part.values[year] === undefined)) return undefined;
    return {
      computed: parts.reduce((total, part) => total + part.values[year]!, 0),
      allowed: rounding(metric) + parts.reduce((total, part) => total + rounding(part), 0),
      working: () => parts.map((part) => `${part.id} ${written(part, part.values[year]!)}`).join(' + '),
    };
  }
  if (!metric.share && !metric.intensity) return undefined;
  const [top, bottom, scale] = metric.share
    ? [byId.get(metric.share.part)!, byId.get(metric.share.of)!, 100]
    : [byId.get(metric.intensity!.of)!, byId.get(metric.intensity!.per)!, metric.intensity!.scale ?? 1];
  const [a, b] = [top.values[year], bottom.values[year]];
  if (a === undefined || b === undefined || b === 0) return undefined;
  return {
    computed: (a / b) * scale,
    allowed: rounding(metric) + scale * (rounding(top) / Math.abs(b) + (Math.abs(a) * rounding(bottom)) / (b * b)),
    working: () => `${top.id} ${written(top, a)} ÷ ${bottom.id} ${written(bottom, b)}${scale === 1 ? '' : ` × ${scale}`}`,
  };
}

/** Known ids close to an unknown one, for its hint. */
export function similarIds(id: string, metrics: Map<string, MetricsMetric>): string[] {
  return closestIds(id, metrics.keys());
}
