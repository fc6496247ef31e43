import type { MetricsMetric } from '../../../../schemas/types.ts';
import { problemAt, locate } from '../../../content/source.ts';
import type { ContentDocument } from '../../../content/documents.ts';
import { errors, type RestatementGap } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import { remembered, type BuildSession } from '../../session.ts';
import { written } from './registry.ts';

/** The value first published of each restated figure: by metric id, then by year. */
export type Published = Map<string, Record<string, number>>;

/** A reason for restating that explains no difference, with where it is: a warning (ESG7102). */
type Unexplained = [place: string, id: string, year: string, why: RestatementGap, edition: string];

/**
 * The registry against the latest published edition (content/editions/<year>/metrics.json): every
 * figure of a year up to the edition's that the edition published differently, compared as the
 * report writes it (at the metric's decimals). A difference with a reason (the metric's
 * `restated:`) is a restatement, kept with the value first published; one without is a problem
 * (ESG7011) at the figure. A reason that explains no difference is a warning. Metrics the edition
 * has and the registry no longer has are not compared: a figure dropped is not a figure changed.
 */
export const restatements = remembered(
  (
    _session: BuildSession,
    registry: ContentDocument<'metrics'>,
    edition: ContentDocument<'edition'> | undefined,
    year: number | undefined,
  ): { published: Published; problems: ContentProblem[]; unexplained: Unexplained[] } => {
    const published: Published = new Map();
    const problems: ContentProblem[] = [];
    const unexplained: Unexplained[] = [];
    const before = new Map(edition?.data.metrics.map((metric) => [metric.id, metric.values]));
    const { source } = registry;
    /** A year the edition reported on: its milestones of targets, later, are aims, not figures. */
    const reported = (at: string) => year !== undefined && Number(at) <= year;
    registry.data.metrics.forEach((metric, m) => {
      const values = before.get(metric.id) ?? {};
      for (const [at, value] of Object.entries(metric.values)) {
        const first = values[at];
        if (first === undefined || !reported(at) || written(metric, first) === written(metric, value)) continue;
        if (metric.restated?.[at]) published.set(metric.id, { ...published.get(metric.id), [at]: first });
        else
          problems.push(
            problemAt(
              source,
              ['metrics', m, 'values', at],
              errors.publishedFigureChanged,
              metric.id,
              at,
              written(metric, value),
              written(metric, first),
              String(year),
            ),
          );
      }
      for (const at of Object.keys(metric.restated ?? {})) {
        if (published.get(metric.id)?.[at] !== undefined) continue;
        const { line, column } = locate(source, ['metrics', m, 'restated', at]);
        unexplained.push([`${source.file}:${line}:${column}`, metric.id, at, why(metric, at, year, reported(at) ? values[at] : undefined), String(year)]);
      }
    });
    return { published, problems, unexplained };
  },
);

/** Why a restatement's reason explains nothing: no edition to compare with, a figure it never published, or the same one. */
function why(metric: MetricsMetric, at: string, year: number | undefined, published: number | undefined): RestatementGap {
  if (year === undefined) return 'no-edition';
  if (published === undefined) return 'not-published';
  return metric.values[at] === undefined ? 'no-figure' : 'unchanged';
}
