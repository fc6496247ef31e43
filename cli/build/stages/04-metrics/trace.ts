import { basename } from 'node:path';
import type { MetricsMethod } from '../../../../schemas/types.ts';
import { closestIds } from '../../../../schemas/closest.ts';
import type { ContentDocument } from '../../../content/documents.ts';
import { problemAt, type FieldPath } from '../../../content/source.ts';
import { assuredYears, isLocaleTexts, isOwnerId, traceOf, tracedValues } from '../../../content/trace.ts';
import { errors } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import { remembered, type BuildSession } from '../../session.ts';

/**
 * Whether every figure can be traced (docs/figures.md, "Trace a figure"): each owner and factor set
 * a metric names is declared, each evidence file exists, and an assured figure has a source, a
 * method and evidence for its year. `evidence` lists the files under content/evidence, as paths
 * inside it (`2024/ghg-inventory.csv`).
 */
export const traceProblems = remembered((_session: BuildSession, document: ContentDocument<'metrics'>, evidence: ReadonlySet<string>): ContentProblem[] => {
  const { source, data } = document;
  const owners = Object.keys(data.owners ?? {});
  const factorSets = Object.keys(data.factorSets ?? {});
  const problems: ContentProblem[] = [];
  data.metrics.forEach((metric, m) => {
    const at = (path: FieldPath) => ['metrics', m, ...path];
    for (const [, owner, path] of tracedValues(metric.owner, 'owner', isOwnerId))
      if (!owners.includes(owner)) problems.push(problemAt(source, at(path), errors.unknownOwner, owner, closestIds(owner, owners)));
    for (const [, method, path] of tracedValues<MetricsMethod>(metric.method, 'method', isLocaleTexts))
      (method.factors ?? []).forEach((factors, f) => {
        if (!factorSets.includes(factors))
          problems.push(problemAt(source, at([...path, 'factors', f]), errors.unknownFactorSet, factors, closestIds(factors, factorSets)));
      });
    for (const [year, names] of Object.entries(metric.evidence ?? {}))
      names.forEach((name, i) => {
        const path = `${year}/${name}`;
        if (!evidence.has(path)) problems.push(problemAt(source, at(['evidence', year, i]), errors.missingEvidence, path, closestEvidence(path, evidence)));
      });
    const years = assuredYears(metric);
    for (const year of years) {
      const trace = traceOf(metric, year);
      const missing = [!trace.source && 'source', !trace.method && 'method', !trace.evidence.length && 'evidence'].filter((field) => field !== false);
      if (!missing.length) continue;
      const listed = metric.assurance!.years?.indexOf(year) ?? -1;
      problems.push(problemAt(source, at(listed < 0 ? ['assurance'] : ['assurance', 'years', listed]), errors.untracedFigure, metric.id, year, missing));
    }
  });
  return problems;
});

/** Existing evidence close to a missing path: a near name in its year's folder, or the same name in another year's. */
function closestEvidence(path: string, evidence: ReadonlySet<string>): string[] {
  const close = closestIds(path, evidence);
  if (close.length) return close;
  return [...evidence].filter((file) => basename(file) === basename(path)).slice(0, 3);
}
