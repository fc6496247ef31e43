import { usePage, type LocaleMetric } from '../context.tsx';
import { DataTable, type DataTableRow } from '../blocks/DataTable.tsx';
import { isAssured, metricAnchor, metricText, restatedMark, restatementsOf, seriesOf, yearsOf } from '../metrics.ts';

/**
 * The data page as the book prints it: by topic, a table of one row per metric, its figures of the
 * report year and the two before as columns, its unit in a column of its own (amounts of money in
 * one unit per table), the GRI and SASB disclosures it answers, and its boundary and assurance as
 * keys to the notes under the table; a figure of a later year (an event after the period) is
 * written in the notes. Targets are the targets chapter's. Each row keeps the metric's anchor, so
 * the indexes give its page.
 */
export function DataAppendix() {
  const { t, locale } = usePage();
  const metrics = [...locale.metrics.values()].filter((metric) => !metric.target);
  const year = reportYear(metrics);
  const years = [year - 2, year - 1, year];
  const topics = [...new Set(metrics.map((metric) => metric.topic))];
  return (
    <article className="article data-appendix">
      <header className="page-header">
        <h1>{t('metrics.dataTitle')}</h1>
        <p className="lead">{t('book.dataLead', { first: year - 2, last: year })}</p>
      </header>
      {topics.map((topic) => (
        <TopicTable key={topic} topic={topic} metrics={metrics.filter((metric) => metric.topic === topic)} years={years} />
      ))}
    </article>
  );
}

function TopicTable({ topic, metrics, years }: { topic: string; metrics: LocaleMetric[]; years: number[] }) {
  const { t, locale } = usePage();
  const caption = t('metrics.topic', { topic });
  const boundaries = keys(metrics.map((metric) => metric.boundary));
  const assurer = ({ by, standard }: NonNullable<LocaleMetric['assurance']>) => t('metrics.assuredBy', { by, standard });
  const assurances = keys(
    metrics.flatMap((metric) => (metric.assurance ? [assurer(metric.assurance)] : [])),
    (index) => String(index + 1),
  );
  const money = moneyUnitOf(metrics);
  const rows = metrics.map((metric): DataTableRow => {
    const scale = metric.dollars && money ? metric.dollars / money.dollars : 1;
    // In the table's money unit: 486.52 億元 is 48,652 百萬元; 1,860 萬元 is 18.60 百萬元.
    const scaled = {
      ...metric,
      decimals: Math.max(0, metric.decimals - Math.round(Math.log10(scale))),
      values: Object.fromEntries(Object.entries(metric.values).map(([year, value]) => [year, value * scale])),
    };
    const unit = metric.percent ? '%' : scale === 1 ? metric.unit : money!.unit;
    const assured = metric.assurance && isAssured(metric, years.at(-1)!) ? assurances.get(assurer(metric.assurance))! : '—';
    return {
      id: metricAnchor(metric.id),
      cells: [
        { content: metric.label },
        { content: unit },
        ...seriesOf(scaled, years, locale.iso).formatted.map((figure) => ({ content: figure || '—' })),
        { content: [...metric.gri.map((code) => `GRI ${code}`), ...metric.sasb].join(', ') },
        { content: boundaries.get(metric.boundary)! },
        { content: assured },
      ],
    };
  });
  const restated = metrics.flatMap((metric) =>
    restatementsOf(metric, locale.iso, years).map((found) => t('metrics.restatedNote', { mark: restatedMark, label: metric.label, ...found })),
  );
  const later = metrics.flatMap((metric) =>
    yearsOf(metric)
      .filter((column) => column > years.at(-1)!)
      .map((column) =>
        t('book.laterFigure', {
          label: metric.label,
          year: column,
          value: metricText(metric, column, locale.iso, true)!,
        }),
      ),
  );
  const notes = [
    t('book.boundaryNotes', { notes: [...boundaries].map(([text, key]) => `${key} ${text}`).join('；') }),
    assurances.size > 0 && t('book.assuranceNotes', { notes: [...assurances].map(([text, key]) => `${key} ${text}`).join('；') }),
    ...restated,
    ...later,
  ].filter(Boolean);
  return (
    <section className="content-section" id={`topic-${topic}`}>
      <h2>{caption}</h2>
      <DataTable
        className="appendix-table"
        caption={caption}
        captionHidden
        head={[t('metrics.metric'), t('book.col.unit'), ...years.map(String), t('metrics.disclosures'), t('book.col.boundary'), t('book.col.assured')]}
        rows={rows}
        note={notes.map((line, index) => (
          <span key={index} className="table-note-line">
            {line}
          </span>
        ))}
      />
    </section>
  );
}

/** Letters for keys, without those read as digits (i, l, o). */
const letters = 'abcdefghjkmnpqrstuvwxyz';

/** Each distinct text once, with its key in the notes: a, b, c … by default. */
function keys(texts: string[], key = (index: number) => letters[index % letters.length]!.repeat(1 + Math.floor(index / letters.length))): Map<string, string> {
  const found = new Map<string, string>();
  for (const text of texts) if (!found.has(text)) found.set(text, key(found.size));
  return found;
}

/** The year most metrics last report: the report's year. */
function reportYear(metrics: LocaleMetric[]): number {
  const counts = new Map<number, number>();
  for (const metric of metrics) {
    const last = yearsOf(metric).at(-1)!;
    counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
}

/** The money unit most of a table's amounts are in (the larger on a tie), with its name: the table writes them all in it. */
function moneyUnitOf(metrics: LocaleMetric[]): { dollars: number; unit: string } | undefined {
  const amounts = metrics.filter((metric) => metric.dollars);
  const count = (dollars: number) => amounts.filter((metric) => metric.dollars === dollars).length;
  const chosen = amounts.sort((a, b) => count(b.dollars!) - count(a.dollars!) || b.dollars! - a.dollars!)[0];
  return chosen && { dollars: chosen.dollars!, unit: chosen.unit };
}
