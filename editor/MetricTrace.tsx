import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { useEffect, useState, type ReactNode } from 'react';
import { htmlLang, type EvidenceFile, type FigureEdit, type FigureHistoryAnswer } from '../schemas/editApi.ts';
import { assuredYears, isLocaleTexts, isOwnerId, traceOf, tracedValues, type TracedMetric } from '../schemas/figureTrace.ts';
import type { MetricsLocaleTexts, MetricsMethod } from '../schemas/types.ts';
import { evidenceAddress, evidenceChanged, evidenceOf, figureHistory, uploadEvidence } from './api.ts';
import { writtenDate } from './DateInput.tsx';
import { useLanguage, useText } from './language.tsx';
import { bytesText, FileButton, uploadName } from './Media.tsx';

/**
 * The assurer's questions on a metric, in its form: who answers for the figure, where it is read
 * from, how it is calculated, what proves it each year (download and upload), and how its value
 * changed; and, as the fields change, what an assured year still lacks that the build asks for.
 */

const DefaultObjectField = getDefaultRegistry().fields.ObjectField!;

type Texts = { zh_TW?: string; en?: string };
/** A form's object as @rjsf holds it. */
type Fields = Record<string, unknown>;

/** The registry's owners and factor sets, which a metric names by id. */
interface TraceNames {
  owners: Record<string, { name?: Texts }>;
  factorSets: Record<string, { name?: Texts; version?: string }>;
}

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @rjsf's object field; under each metric of metrics.yaml, what an assured year lacks and the
 * metric's source and evidence (its own form and the registry's names: the form's context).
 */
export function MetricObjectField(props: FieldProps) {
  const field = <DefaultObjectField {...props} />;
  const { file, data } = (props.registry.formContext ?? {}) as { file?: string; data?: unknown };
  const path = props.fieldPathId.path;
  if (file !== 'metrics.yaml' || path.length !== 2 || path[0] !== 'metrics' || props.readonly || props.disabled || !isRecord(props.formData)) return field;
  const metric = asMetric(props.formData);
  const names: TraceNames = {
    owners: isRecord(data) && isRecord(data.owners) ? (data.owners as TraceNames['owners']) : {},
    factorSets: isRecord(data) && isRecord(data.factorSets) ? (data.factorSets as TraceNames['factorSets']) : {},
  };
  return (
    <>
      <MissingTrace metric={metric} />
      {field}
      <MetricTrace metric={metric} names={names} onEvidence={(evidence) => props.onChange(evidence, [...path, 'evidence'])} />
    </>
  );
}

/** A metric as its form holds it, with its id. */
type EditedMetric = TracedMetric & { id?: string };

/** A metric's form data, half typed perhaps: what has the registry's shape, the rest left out. */
function asMetric(data: Fields): EditedMetric {
  const assurance = isRecord(data.assurance) ? data.assurance : undefined;
  const years = assurance && Array.isArray(assurance.years) ? assurance.years.map(Number) : undefined;
  return {
    ...(typeof data.id === 'string' ? { id: data.id } : {}),
    values: Object.fromEntries(
      Object.entries(isRecord(data.values) ? data.values : {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    ),
    ...(assurance ? { assurance: years ? { years } : {} } : {}),
    owner: typeof data.owner === 'string' ? data.owner : byYear(data.owner, (owner) => (typeof owner === 'string' ? owner : undefined)),
    source: textsOf(data.source) ?? byYear(data.source, textsOf),
    method: methodOf(data.method) ?? byYear(data.method, methodOf),
    evidence: byYear(data.evidence, (names) =>
      Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string' && name.trim() !== '') : undefined,
    ),
  };
}

/** Texts in each language, as far as they are typed. */
const textsOf = (value: unknown): MetricsLocaleTexts | undefined =>
  isRecord(value) && (typeof value.zh_TW === 'string' || typeof value.en === 'string')
    ? { zh_TW: typeof value.zh_TW === 'string' ? value.zh_TW : '', en: typeof value.en === 'string' ? value.en : '' }
    : undefined;

const methodOf = (value: unknown): MetricsMethod | undefined => {
  const texts = textsOf(value);
  const factors = isRecord(value) && Array.isArray(value.factors) ? value.factors.filter((factor): factor is string => typeof factor === 'string') : undefined;
  return texts && { ...texts, ...(factors ? { factors } : {}) };
};

/** A field written by year (`{ default: …, 2023: … }`), each value as `read` takes it. */
function byYear<T>(value: unknown, read: (value: unknown) => T | undefined): Record<string, T> | undefined {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) => {
      const found = read(inner);
      return found === undefined ? [] : [[key, found]];
    }),
  );
}

type Lack = 'source' | 'method' | 'evidence';

/** What each assured year of the metric lacks that the build asks of it (ESG7012): a source, a method, evidence files. */
function lacking(metric: EditedMetric): { year: number; lacks: Lack[] }[] {
  return assuredYears(metric).flatMap((year) => {
    const trace = traceOf(metric, year);
    const lacks = (['source', 'method', 'evidence'] as const).filter((lack) => (lack === 'evidence' ? !trace.evidence.length : !trace[lack]));
    return lacks.length ? [{ year, lacks }] : [];
  });
}

function MissingTrace({ metric }: { metric: EditedMetric }) {
  const t = useText();
  const { language } = useLanguage();
  const missing = lacking(metric);
  if (!missing.length) return null;
  const list = new Intl.ListFormat(htmlLang[language], { type: 'conjunction' });
  return (
    <div className="trace-missing">
      {missing.map(({ year, lacks }) => (
        <p key={year}>{t('trace.missing', { year, what: list.format(lacks.map((lack) => t(`trace.missing.${lack}`))) })}</p>
      ))}
    </div>
  );
}

/** The metric's years, newest first: those with a figure and those with evidence. */
const yearsOf = (metric: EditedMetric) =>
  [...new Set([...Object.keys(metric.values), ...Object.keys(metric.evidence ?? {})])].sort((a, b) => b.localeCompare(a));

function MetricTrace({ metric, names, onEvidence }: { metric: EditedMetric; names: TraceNames; onEvidence: (evidence: Record<string, string[]>) => void }) {
  const t = useText();
  const { language } = useLanguage();
  // Read only once opened: a page of the list shows twenty metrics.
  const [open, setOpen] = useState(false);
  const textOf = (texts: Texts | undefined) => (language === 'en' ? texts?.en || texts?.zh_TW : texts?.zh_TW || texts?.en) ?? '';
  const list = new Intl.ListFormat(htmlLang[language], { type: 'conjunction' });
  const byYear = <T,>(values: [string, T][], show: (value: T) => ReactNode) =>
    values.length === 0 ? (
      <span className="trace-none">{t('trace.notGiven')}</span>
    ) : values.length === 1 && values[0]![0] === 'default' ? (
      show(values[0]![1])
    ) : (
      <ul>
        {values.map(([key, value]) => (
          <li key={key}>
            {key === 'default' ? t('trace.otherYears') : t('trace.year', { year: key })}：{show(value)}
          </li>
        ))}
      </ul>
    );
  const owner = (id: string) => textOf(names.owners[id]?.name) || t('trace.unknown', { id });
  const factor = (id: string) => {
    const set = names.factorSets[id];
    return set ? t('trace.factor', { name: textOf(set.name), version: set.version ?? '' }) : t('trace.unknown', { id });
  };
  const years = yearsOf(metric);
  const evidence = metric.evidence ?? {};
  return (
    <details className="metric-trace" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('trace.title')}</summary>
      {open && (
        <>
          <dl className="trace-facts">
            <dt>{t('trace.owner')}</dt>
            <dd>{byYear(pairs(tracedValues(metric.owner, 'owner', isOwnerId)), owner)}</dd>
            <dt>{t('trace.source')}</dt>
            <dd>{byYear(pairs(tracedValues<MetricsLocaleTexts>(metric.source, 'source', isLocaleTexts)), textOf)}</dd>
            <dt>{t('trace.method')}</dt>
            <dd>
              {byYear(pairs(tracedValues<MetricsMethod>(metric.method, 'method', isLocaleTexts)), (method) => (
                <>
                  {textOf(method)}
                  {method.factors?.length ? (
                    <span className="trace-factors">{t('trace.factors', { names: list.format(method.factors.map(factor)) })}</span>
                  ) : null}
                </>
              ))}
            </dd>
          </dl>
          <h4>{t('trace.evidence')}</h4>
          {years.map((year) => (
            <EvidenceYear
              key={year}
              year={year}
              names={evidence[year] ?? []}
              onAdd={(name) => onEvidence({ ...evidence, [year]: [...(evidence[year] ?? []), name] })}
            />
          ))}
          <FigureChanges id={metric.id ?? ''} />
        </>
      )}
    </details>
  );
}

const pairs = <T,>(values: [string, T, unknown][]): [string, T][] => values.map(([key, value]) => [key, value]);

/** A year's evidence files of the metric, each a download, and the upload of another, which is then listed in the form. */
function EvidenceYear({ year, names, onAdd }: { year: string; names: string[]; onAdd: (name: string) => void }) {
  const t = useText();
  const [files, setFiles] = useState<EvidenceFile[]>();
  const [status, setStatus] = useState<{ text: string; failed?: boolean }>();
  useEffect(() => {
    let shown = true;
    const read = () =>
      evidenceOf(year).then(
        (found) => shown && setFiles(found),
        () => shown && setFiles([]),
      );
    const changed = (event: Event) => (event as CustomEvent<string>).detail === year && void read();
    void read();
    addEventListener(evidenceChanged, changed);
    return () => {
      shown = false;
      removeEventListener(evidenceChanged, changed);
    };
  }, [year]);

  const upload = async (picked: File) => {
    const name = uploadName(picked.name, picked.type, 1, 'evidence');
    setStatus({ text: t('trace.uploading', { name }) });
    const answer = await uploadEvidence(year, name, picked).catch((error: Error) => ({ kind: 'failed' as const, message: error.message }));
    if (answer.kind === 'uploaded') {
      onAdd(answer.name);
      setStatus({ text: t('trace.uploaded', { name: answer.name, year }) });
    } else
      setStatus({ text: answer.kind === 'exists' ? t('trace.exists', { name, year }) : t('trace.uploadFailed', { reason: answer.message }), failed: true });
  };

  return (
    <div className="trace-year">
      <h5>{t('trace.year', { year })}</h5>
      {names.length ? (
        <ul className="trace-evidence">
          {names.map((name) => {
            const found = files?.find((file) => file.name === name);
            return (
              <li key={name}>
                {found ? (
                  <>
                    <a href={evidenceAddress(year, name)} download={name.split('/').at(-1)}>
                      {name}
                    </a>{' '}
                    <span className="trace-size">{bytesText(found.size)}</span>
                  </>
                ) : (
                  <>
                    {name}
                    {files && <span className="trace-not-found"> {t('trace.notFound', { year })}</span>}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="trace-none">{t('trace.noEvidence')}</p>
      )}
      <p className="trace-upload">
        <FileButton
          label={t('trace.upload')}
          name={t('trace.uploadYear', { year })}
          accept=".pdf,.csv,.xlsx,.xls,.docx,.doc,.txt,.md,.png,.jpg,.jpeg"
          onPicked={(file) => void upload(file)}
        />
      </p>
      {status && (
        <p className={status.failed ? 'trace-status failed' : 'trace-status'} role={status.failed ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </div>
  );
}

/** The figure's changes of value by year, newest first, in words. */
function FigureChanges({ id }: { id: string }) {
  const t = useText();
  const { language } = useLanguage();
  const [history, setHistory] = useState<FigureHistoryAnswer | { failed: string }>();
  useEffect(() => {
    let shown = true;
    if (id)
      void figureHistory(id).then(
        (answer) => shown && setHistory(answer),
        (error: Error) => shown && setHistory({ failed: error.message }),
      );
    return () => {
      shown = false;
    };
  }, [id]);
  const number = new Intl.NumberFormat(htmlLang[language], { maximumFractionDigits: 4 });
  const change = (edit: FigureEdit) =>
    edit.from === undefined
      ? t('trace.added', { to: number.format(edit.to!) })
      : edit.to === undefined
        ? t('trace.removed', { from: number.format(edit.from) })
        : `${number.format(edit.from)} → ${number.format(edit.to)}`;
  const body = () => {
    if (!history) return <p className="trace-none">{t('trace.historyLoading')}</p>;
    if ('failed' in history) return <p className="trace-none">{t('trace.historyFailed', { reason: history.failed })}</p>;
    if (!history.tracked) return <p className="trace-none">{t('trace.untracked')}</p>;
    const years = Object.keys(history.years).sort((a, b) => b.localeCompare(a));
    if (!years.some((year) => history.years[year]!.length)) return <p className="trace-none">{t('trace.noHistory')}</p>;
    return years.map((year) => (
      <div key={year} className="trace-year">
        <h5>{t('trace.year', { year })}</h5>
        {history.years[year]!.length ? (
          <ul className="figure-edits">
            {history.years[year]!.map((edit, index) => (
              <li key={index}>
                <span className="edit-who">{edit.author ?? t('trace.uncommitted')}</span>{' '}
                {edit.date && (
                  <>
                    <time dateTime={edit.date}>{writtenDate(edit.date.slice(0, 10), language)}</time>{' '}
                  </>
                )}
                <span className="edit-change">{change(edit)}</span>
                {edit.message && <span className="edit-message"> {t('trace.message', { message: edit.message })}</span>}
                {edit.approvedBy && <span className="edit-approved"> {t('trace.approvedBy', { name: edit.approvedBy })}</span>}
                {edit.restated && (
                  <span className="edit-restated">
                    {' '}
                    {t('trace.restated', { reason: (language === 'en' ? edit.restated.en : edit.restated.zh_TW) || edit.restated.zh_TW })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="trace-none">{t('trace.noHistory')}</p>
        )}
      </div>
    ));
  };
  return (
    <section className="trace-history">
      <h4>{t('trace.history')}</h4>
      {body()}
    </section>
  );
}
