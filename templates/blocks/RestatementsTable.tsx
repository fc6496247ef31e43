import { usePage } from '../context.tsx';
import { formatValue, metricAnchor, metricsDataRoute, restatementsOf, withUnit } from '../metrics.ts';
import { DataTable } from './DataTable.tsx';
import { SiteLink } from './SiteLink.tsx';

/**
 * Every restated figure of the registry (a `restatements` block): the metric, linked to the data
 * page, the year, the value first published, the value now and the reason, as GRI 2-4 asks. With
 * none, it says so.
 */
export function RestatementsTable({ caption }: { caption?: string }) {
  const { t, locale } = usePage();
  const rows = [...locale.metrics.values()].flatMap((metric) =>
    restatementsOf(metric, locale.iso).map(({ year, published, reason }) => [
      <SiteLink url={`/${metricsDataRoute}#${metricAnchor(metric.id)}`}>{metric.label}</SiteLink>,
      String(year),
      published,
      withUnit(metric, formatValue(metric, metric.values[year]!, locale.iso), locale.iso),
      reason,
    ]),
  );
  if (!rows.length) return <p className="restatements-none">{t('restatements.none')}</p>;
  return (
    <DataTable
      caption={caption ?? t('restatements.caption')}
      head={[t('metrics.metric'), t('restatements.year'), t('restatements.published'), t('restatements.restated'), t('restatements.reason')]}
      rows={rows}
      className="restatements-table"
    />
  );
}
