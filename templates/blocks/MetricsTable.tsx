import type { MetricsBlock } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { formatValue, type LocaleMetric } from '../metrics.ts';
import { DataTable } from './DataTable.tsx';
import { TrendChart, type ChartSeries } from './TrendChart.tsx';

/**
 * Metrics of content/metrics.yaml over years: a chart drawn at build time and the table of the
 * same figures under it (the chart's text alternative for anyone who wants the numbers). Nothing
 * here is typed by an editor but the caption: labels, units and values come from the registry, so
 * a corrected figure reaches every page that shows it.
 */
export function MetricsTable({ block }: { block: MetricsBlock }) {
  const { locale, t } = usePage();
  // The content checks made sure every metric exists; a year a metric lacks shows as a dash.
  const metrics = block.metrics.flatMap((id) => locale.metrics.get(id) ?? []);
  const years = [...block.years].sort((a, b) => a - b);
  const series = metrics.map((metric): ChartSeries => {
    const values = years.map((year) => metric.values[year] ?? null);
    return { label: metric.label, values, formatted: values.map((value) => (value === null ? '' : formatValue(metric, value, locale.iso))) };
  });
  const units = new Set(metrics.map(unitOf));
  const chart = block.chart ?? 'line';
  return (
    <div className="metrics-block">
      {chart !== 'none' && <TrendChart kind={chart} title={block.caption} years={years} series={series} unit={units.size === 1 ? [...units][0]! : ''} iso={locale.iso} noFigure={t('metrics.noFigure')} />}
      <DataTable
        caption={block.caption}
        head={[t('metrics.metric'), ...years.map(String)]}
        rows={metrics.map((metric, m) => [units.size === 1 || !unitOf(metric) ? metric.label : t('metrics.withUnit', { label: metric.label, unit: unitOf(metric) }), ...series[m]!.formatted.map((text) => text || '–')])}
        note={block.note}
      />
    </div>
  );
}

const unitOf = (metric: LocaleMetric) => (metric.percent ? '%' : metric.unit);
