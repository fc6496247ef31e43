import type { ReactNode } from 'react';
import type { MetricsBlock } from '../../schemas/types.ts';
import { usePage, type LocaleMetric } from '../context.tsx';
import type { Translate } from '../i18n.ts';
import { restatedMark, restatementsOf, seriesOf } from '../metrics.ts';
import { DataTable } from './DataTable.tsx';
import { TrendChart, type ChartSeries } from './TrendChart.tsx';

/**
 * Metrics of content/metrics.yaml over years: a chart drawn at build time and the table of the
 * same figures under it (the chart's text alternative for anyone who wants the numbers). Nothing
 * here is typed by an editor but the caption: labels, units and values come from the registry, so
 * a corrected figure reaches every page that shows it. On paper each chart has its title and unit
 * above it, and the table is printed only where it adds to the charts: a chart of more than
 * two lines or bars, whose labels are hard to read across (the notes are printed either way).
 */
export function MetricsTable({ block }: { block: MetricsBlock }) {
  const { locale, t, print } = usePage();
  // The content checks made sure every metric exists; a year a metric lacks shows as a dash.
  const metrics = block.metrics.flatMap((id) => locale.metrics.get(id) ?? []);
  const years = [...block.years].sort((a, b) => a - b);
  const series: ChartSeries[] = metrics.map((metric) => seriesOf(metric, years, locale.iso));
  const units = new Set(metrics.map(unitOf));
  const chart = block.chart ?? 'line';
  const groups = chartGroups(series, metrics.map(unitOf));
  const note = tableNote(block.note, metrics, years, t, locale.iso);
  return (
    <div className="metrics-block">
      {chart !== 'none' && (
        <div className="metrics-charts">
          {groups.map((group, g) => {
            const unit = new Set(group.map((entry) => unitOf(metrics[series.indexOf(entry)]!)));
            const title =
              groups.length === 1 ? block.caption : t('metrics.chartPart', { caption: block.caption, metrics: group.map((entry) => entry.label).join(' · ') });
            const chartUnit = unit.size === 1 ? [...unit][0]! : '';
            const trend = (
              <TrendChart
                key={g}
                kind={chart}
                title={title}
                years={years}
                series={group}
                // On paper the title above the chart names its unit, and its series when it has one.
                unit={print ? '' : chartUnit}
                iso={locale.iso}
                noFigure={t('metrics.noFigure')}
                legend={group.length > 1 || (groups.length > 1 && !print)}
              />
            );
            if (!print) return trend;
            return (
              <div key={g} className="chart-box">
                <p className="chart-title">{chartUnit && chartUnit !== '%' ? t('metrics.withUnit', { label: title, unit: chartUnit }) : title}</p>
                {trend}
              </div>
            );
          })}
        </div>
      )}
      {print && chart !== 'none' && groups.every((group) => group.length <= 2) ? (
        note && <p className="table-note">{note}</p>
      ) : (
        <DataTable
          caption={block.caption}
          head={[t('metrics.metric'), ...years.map(String)]}
          rows={metrics.map((metric, m) => [
            units.size === 1 || !unitOf(metric) ? metric.label : t('metrics.withUnit', { label: metric.label, unit: unitOf(metric) }),
            ...series[m]!.formatted.map((text) => text || '–'),
          ])}
          note={note}
        />
      )}
    </div>
  );
}

/** The block's own note, and a line for each restated figure the table shows: what was published, and why it changed. */
function tableNote(note: string | undefined, metrics: LocaleMetric[], years: number[], t: Translate, iso: string): ReactNode {
  const restated = metrics.flatMap((metric) =>
    restatementsOf(metric, iso, years).map((found) => t('metrics.restatedNote', { mark: restatedMark, label: metric.label, ...found })),
  );
  if (!restated.length) return note;
  return [note, ...restated].flatMap((line) =>
    line ? (
      <span key={line} className="table-note-line">
        {line}
      </span>
    ) : (
      []
    ),
  );
}

const unitOf = (metric: LocaleMetric) => (metric.percent ? '%' : metric.unit);

/** Series within this factor of the largest share a chart; smaller ones would lie flat along its axis. */
const scaleSpread = 5;

/**
 * The series grouped into charts of one unit and comparable size: revenue of 486 and R&D of 2.86
 * on one axis would draw R&D as a line on zero, and hours beside a percentage share no axis.
 */
function chartGroups(series: ChartSeries[], units: string[]): ChartSeries[][] {
  const largest = (entry: ChartSeries) => Math.max(0, ...entry.values.map((value) => Math.abs(value ?? 0)));
  const groups: { unit: string; top: number; series: ChartSeries[] }[] = [];
  const order = series.map((entry, index) => ({ entry, unit: units[index]! })).sort((a, b) => largest(b.entry) - largest(a.entry));
  for (const { entry, unit } of order) {
    const group = groups.find((candidate) => candidate.unit === unit && largest(entry) * scaleSpread >= candidate.top);
    if (group) group.series.push(entry);
    else groups.push({ unit, top: largest(entry), series: [entry] });
  }
  // Charts follow the table: in the order of their first row, each keeping the table's order.
  return groups.map((group) => series.filter((entry) => group.series.includes(entry))).sort((a, b) => series.indexOf(a[0]!) - series.indexOf(b[0]!));
}
