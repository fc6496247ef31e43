import type { MetricsMetric } from '../../../../schemas/types.ts';
import type { LocaleMetric, LocaleMetrics } from '../../../../templates/context.tsx';
import { metricText, yearsOf } from '../../../../templates/metrics.ts';
import { targetProgress } from '../../../../templates/targets.ts';
import { convertTexts } from '../../../content/convert.ts';
import { positionInText, problemAt, problemAtOffset, problemAtText, walkStrings, type FieldPath, type SourceFile } from '../../../content/source.ts';
import { errors, type ErrorEntry } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import { warn } from '../../../log.ts';
import type { ContentDocument } from '../../../content/documents.ts';
import { moneyUnits } from '../../../../schemas/units.ts';
import type { LocaleCode, SiteModel } from '../../model/site.ts';
import { remembered, type BuildSession } from '../../session.ts';
import type { ValidContent } from '../02-validate.ts';
import { registryProblems, similarIds, written } from './registry.ts';
import { restatements, type Published } from './restatements.ts';
import { traceProblems } from './trace.ts';

/**
 * The metrics stage. content/metrics.yaml holds every figure of the report once; pages name a
 * metric and a year, `{{ghg-scope1 2024}}` (or `{{ghg-scope1 2024 unit}}` with its unit), in any
 * text, and a `metrics` block lays metrics over years as a table and a chart. This stage checks
 * the registry (ids, units, the sums, shares and intensities it declares), checks every
 * reference, warns of figures still typed by hand, and writes each locale's figures into its
 * documents, so the pages after it read plain text.
 */
export function resolveMetrics(session: BuildSession, content: ValidContent, model: SiteModel, problems: ContentProblem[]): void {
  const registry = content.metrics;
  problems.push(...(registry ? [...registryProblems(session, registry), ...traceProblems(session, registry, content.evidence)] : []));
  // An edition with problems of its own is reported as such; the registry is compared with it once it is mended.
  const edition = content.edition;
  const compared = registry && (!edition || edition.document) ? restatements(session, registry, edition?.document, edition?.year) : undefined;
  const published = compared?.published ?? new Map();
  if (compared) {
    problems.push(...compared.problems);
    for (const unexplained of compared.unexplained) warn(errors.restatedUnchanged, ...unexplained);
  }
  const sources = [
    ...Object.values(content.folders).flatMap((folder) => [...folder.values()]),
    ...Object.values(content.partial).flatMap((folder) => [...folder.values()]),
  ].filter(isReportText);
  // A registry with problems is reported as such; references to it are checked once it is mended.
  if (!content.metricsBroken)
    for (const document of sources) if (mayNameMetrics(document)) problems.push(...referenceProblems(session, document, registry ?? noRegistry));
  if (registry) for (const { source } of sources) for (const typed of typedFigures(session, source, registry)) warn(errors.typedFigure, ...typed);
  for (const locale of model.locales) {
    locale.metrics = registry ? localeMetrics(session, registry, locale.code, published) : new Map();
    for (const [path, document] of locale.documents) {
      // A zh_CN override keeps its own file as source, but the zh_TW text it lies over may name metrics.
      if (isReportText(document) && (mayNameMetrics(document) || locale.origins.get(path) === 'overridden'))
        locale.documents.set(path, withFigures(session, document, locale.metrics, locale.iso));
    }
  }
}

/** A site without content/metrics.yaml: every reference names an unknown metric. */
const noRegistry: Registry = Object.freeze({ data: Object.freeze({ metrics: Object.freeze([]) }) });

/** What the checks read of the registry. */
type Registry = { readonly data: { readonly metrics: readonly MetricsMetric[] } };

/** The registry's metrics by id. */
const metricsById = remembered((_session: BuildSession, registry: Registry) => new Map(registry.data.metrics.map((metric) => [metric.id, metric])));

const referencePattern = /\{\{([^{}]*)\}\}/g;

/**
 * Whether a document may name a metric, read from its file's text: most files (events above all)
 * name none, and walking their data for references was most of this stage's time. A zh_CN
 * document converted from zh_TW keeps the zh_TW file as its source.
 */
const mayNameMetrics = (document: { source: SourceFile }) => document.source.text.includes('{{') || document.source.text.includes('type: metrics');

/** UI messages are ICU messages, whose `{{…}}` is theirs; figures belong in the report's texts. */
const isReportText = (document: { schema: string }) => document.schema !== 'messages';

interface FigureReference {
  id: string;
  year: number;
  unit: boolean;
}

function parseReference(inner: string): FigureReference | undefined {
  const match = /^\s*([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\s+(\d{4})(\s+unit)?\s*$/.exec(inner);
  return match ? { id: match[1]!, year: Number(match[2]), unit: Boolean(match[3]) } : undefined;
}

/** One locale's view of the registry: its texts in the locale, zh_CN's converted from zh_TW. */
const localeMetrics = remembered((session: BuildSession, document: ContentDocument<'metrics'>, code: LocaleCode, published: Published): LocaleMetrics => {
  const registry = document.data;
  const metrics: LocaleMetrics = new Map();
  const byId = metricsById(session, document);
  const language = code === 'en' ? 'en' : 'zh_TW';
  const text = (texts: { zh_TW: string; en: string }) => (code === 'zh_CN' ? convertTexts(texts.zh_TW, session.simplified) : texts[language]);
  for (const metric of registry.metrics) {
    const unit = registry.units[metric.unit];
    metrics.set(metric.id, {
      id: metric.id,
      topic: metric.topic,
      label: text(metric.label),
      ...unitNames(unit ? text(unit) : ''),
      percent: metric.unit === 'percent',
      ...(moneyUnits[metric.unit] ? { dollars: moneyUnits[metric.unit] } : {}),
      decimals: metric.decimals ?? 0,
      values: metric.values,
      boundary: text(metric.boundary),
      assurance: metric.assurance && {
        by: text(metric.assurance.by),
        standard: text(metric.assurance.standard),
        years: metric.assurance.years,
      },
      gri: metric.gri ?? [],
      sasb: metric.sasb ?? [],
      note: metric.note && text(metric.note),
      target: metric.target && targetProgress(metric.target, metric.values, byId.get(metric.target.tracks)?.values ?? {}),
      restated: restated(metric, published.get(metric.id), text),
    });
  }
  return metrics;
});

/** A metric's restatements: each restated year's value first published and the reason, in the locale's words. */
function restated(
  metric: MetricsMetric,
  first: Record<string, number> | undefined,
  text: (texts: { zh_TW: string; en: string }) => string,
): LocaleMetric['restated'] {
  if (!first) return undefined;
  return Object.fromEntries(Object.entries(first).map(([year, value]) => [year, { published: value, reason: text(metric.restated![year]!) }]));
}

/** A unit's name for headings (`NT$ million`), and its pattern when it places the figure (`NT${value} million`). */
function unitNames(name: string): { unit: string; unitPattern?: string } {
  return name.includes('{value}') ? { unit: name.replace('{value}', '').replace(/\s+/g, ' ').trim(), unitPattern: name } : { unit: name };
}

/** The document with every figure reference written out for its locale; the same object when it has none. */
const withFigures = remembered((_session: BuildSession, document: ContentDocument, metrics: LocaleMetrics, iso: string): ContentDocument => {
  const replace = (text: string) =>
    text.replace(referencePattern, (whole, inner: string) => {
      const reference = parseReference(inner);
      const metric = reference && metrics.get(reference.id);
      return (metric && metricText(metric, reference.year, iso, reference.unit)) ?? whole;
    });
  const data = mapStrings(document.data, replace);
  const body = document.body?.includes('{{') ? replace(document.body) : document.body;
  return data === document.data && body === document.body ? document : { ...document, data, body };
});

/**
 * `value` with `change` applied to each string that holds a reference. Unchanged parts are the
 * same objects, and an object or list is copied only once something in it changed: most of a
 * site's data holds no reference.
 */
function mapStrings<T>(value: T, change: (text: string) => string): T {
  if (typeof value === 'string') return (value.includes('{{') ? change(value) : value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const mapped = mapStrings(item, change);
      if (mapped !== item) (copy ??= [...value])[index] = mapped;
    });
    return (copy ?? value) as T;
  }
  if (value && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const mapped = mapStrings(item, change);
      if (mapped !== item) (copy ??= Object.fromEntries(Object.entries(value)))[key] = mapped;
    }
    return (copy ?? value) as T;
  }
  return value;
}

/** Every figure reference of a document that names no metric, or a year its metric has no value for. */
const referenceProblems = remembered(
  (session: BuildSession, document: { source: SourceFile; data: unknown; body?: string }, registry: Registry): ContentProblem[] => {
    const metrics = metricsById(session, registry);
    const problems: ContentProblem[] = [];
    const { source } = document;
    /** Each reference of `text`, checked; `at` makes a problem where the reference is. */
    const references = (text: string, at: <A extends unknown[]>(found: RegExpExecArray, entry: ErrorEntry<A>, ...args: A) => ContentProblem) => {
      for (const match of text.matchAll(referencePattern)) {
        const reference = parseReference(match[1]!);
        const metric = reference && metrics.get(reference.id);
        if (!reference) problems.push(at(match, errors.badMetricReference, match[0]));
        else if (!metric) problems.push(at(match, errors.unknownMetric, reference.id, similarIds(reference.id, metrics)));
        else if (metric.values[reference.year] === undefined) problems.push(at(match, errors.unknownMetricYear, reference.id, reference.year, yearsOf(metric)));
      }
    };
    walkStrings(document.data, (text, path) => {
      if (text.includes('{{')) references(text, (found, entry, ...args) => problemAtText(source, path(), found[0], entry, ...args));
    });
    for (const [path, block] of metricsBlocks(document.data, [])) {
      block.metrics.forEach((id, m) => {
        if (!metrics.has(id)) problems.push(problemAt(source, [...path, 'metrics', m], errors.unknownMetric, id, similarIds(id, metrics)));
      });
      const known = block.metrics.flatMap((id) => metrics.get(id) ?? []);
      block.years.forEach((year, y) => {
        if (known.length && known.every((metric) => metric.values[year] === undefined))
          problems.push(
            problemAt(
              source,
              [...path, 'years', y],
              errors.unknownMetricYear,
              known.map((metric) => metric.id).join(', '),
              year,
              [...new Set(known.flatMap(yearsOf))].sort((a, b) => a - b),
            ),
          );
      });
    }
    const { body } = document;
    if (body?.includes('{{')) {
      const start = source.text.length - body.length;
      references(body, (found, entry, ...args) => problemAtOffset(source, start + found.index, 'body', entry, ...args));
    }
    return problems;
  },
);

/** The `metrics` blocks of a document, wherever they are, with their field paths. */
function metricsBlocks(value: unknown, path: FieldPath): [FieldPath, { metrics: string[]; years: number[] }][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => metricsBlocks(item, [...path, index]));
  if (!value || typeof value !== 'object') return [];
  if (
    'type' in value &&
    value.type === 'metrics' &&
    'metrics' in value &&
    isListOf(value.metrics, 'string') &&
    'years' in value &&
    isListOf(value.years, 'number')
  )
    return [[path, { metrics: value.metrics, years: value.years }]];
  return Object.entries(value).flatMap(([key, item]) => metricsBlocks(item, [...path, key]));
}

function isListOf<K extends 'string' | 'number'>(value: unknown, kind: K): value is (K extends 'string' ? string : number)[] {
  return Array.isArray(value) && value.every((item) => typeof item === kind);
}

/**
 * Whether a figure as written is unlikely to occur by chance: four digits or more (`18,886`), or
 * three with a decimal point or a % sign (`46.65%`, `0.25`), and not a round number. Three-digit
 * integers are everywhere in a report: GRI 405, page 418, 150 participants.
 */
function distinctive(text: string): boolean {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (!/[1-9]/.test(digits.slice(1))) return false;
  return digits.length >= 4 || (digits.length >= 3 && /[.%]/.test(text));
}

/**
 * Figures typed by hand that equal a registry value, as the content writes them (`18,886`,
 * `46.65%`): a warning naming the metric, so the ones left behind when figures moved into the
 * registry are found. Only distinctive figures count, never a year or a Republic-of-China year
 * (`105年`).
 */
const typedFigures = remembered((session: BuildSession, source: SourceFile, registry: ContentDocument<'metrics'>): [string, string, string, number][] => {
  const known = registryFigures(session, registry);
  const typed = /(?<![\d.,\-A-Za-z{/])\d{1,3}(?:,\d{3})+(?:\.\d+)?%?(?![\d\-A-Za-z年])|(?<![\d.,\-A-Za-z{/])\d+(?:\.\d+)?%?(?![\d\-A-Za-z年,]|\.\d)/g;
  // The file's own text is read, not its data: one pass per file, and each find is at its line.
  const plain = source.text.replace(referencePattern, (whole) => ' '.repeat(whole.length));
  const found: [string, string, string, number][] = [];
  for (const match of plain.matchAll(typed)) {
    const metric = known.get(match[0]);
    if (!metric || /^(19|20)\d\d$/.test(match[0])) continue;
    const { line, column } = positionInText(source.text, match.index);
    found.push([`${source.file}:${line}:${column}`, match[0], metric[0], metric[1]]);
  }
  return found;
});

/** The distinctive figures of the registry as the content would write them, with the metric and year of each. */
const registryFigures = remembered((_session: BuildSession, { data }: ContentDocument<'metrics'>) => {
  const known = new Map<string, [string, number]>();
  for (const metric of data.metrics) {
    for (const [year, value] of Object.entries(metric.values)) {
      const text = written(metric, value);
      if (distinctive(text) && !known.has(text)) known.set(text, [metric.id, Number(year)]);
    }
  }
  return known;
});
