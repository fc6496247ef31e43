import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { DataTable } from '../blocks/DataTable.tsx';
import { Sparkline } from '../blocks/TrendChart.tsx';
import { formatValue, metricAnchor, withUnit, yearsOf, type LocaleMetric } from '../metrics.ts';

/**
 * Every metric of content/metrics.yaml, grouped by topic: its latest value, its trend, boundary,
 * assurance and the disclosures it answers, with the open data files to download. Made from the
 * registry alone, so it is never out of date and exists in every locale.
 */
export function MetricsDataPage() {
  const { t, locale } = usePage();
  const metrics = [...locale.metrics.values()];
  const topics = [...new Set(metrics.map((metric) => metric.topic))];
  const latest = (metric: LocaleMetric) => {
    const year = yearsOf(metric).at(-1)!;
    return t('metrics.latestValue', { value: withUnit(metric, formatValue(metric, metric.values[year]!, locale.iso), locale.iso), year });
  };
  const trend = (metric: LocaleMetric) => {
    const years = yearsOf(metric);
    if (years.length < 2) return '';
    const values = years.map((year) => metric.values[year]!);
    return <Sparkline key="trend" label={metric.label} years={years} values={values} formatted={values.map((value) => formatValue(metric, value, locale.iso))} noFigure={t('metrics.noFigure')} />;
  };
  const assurance = (metric: LocaleMetric) => (metric.assurance ? t('metrics.assuredBy', { by: metric.assurance.by, standard: metric.assurance.standard }) : t('metrics.notAssured'));
  return (
    <Layout head={{ title: t('metrics.dataTitle'), description: t('metrics.dataLead') }}>
      <article className="article metrics-data">
        <header className="page-header">
          <h1>{t('metrics.dataTitle')}</h1>
          <p className="lead">{t('metrics.dataLead')}</p>
          <ul className="data-downloads">
            <li><a href="/data/metrics.csv" download>{t('metrics.downloadCsv')}</a></li>
            <li><a href="/data/metrics.json" download>{t('metrics.downloadJson')}</a></li>
          </ul>
        </header>
        {topics.map((topic) => (
          <section key={topic} className="content-section" id={`topic-${topic}`}>
            <h2>{t('metrics.topic', { topic })}</h2>
            <DataTable
              caption={t('metrics.topic', { topic })}
              captionHidden
              className="metrics-data-table"
              head={[t('metrics.metric'), t('metrics.latest'), t('metrics.trend'), t('metrics.disclosures'), t('metrics.boundary'), t('metrics.assurance')]}
              rows={metrics.filter((metric) => metric.topic === topic).map((metric) => [
                <span key="label" id={metricAnchor(metric.id)}>{metric.label}</span>,
                latest(metric),
                trend(metric),
                <ul key="codes" className="disclosure-codes">
                  {[...metric.gri.map((code) => `GRI ${code}`), ...metric.sasb.map((code) => `SASB ${code}`)].map((code) => <li key={code}>{code}</li>)}
                </ul>,
                metric.boundary,
                assurance(metric),
              ])}
            />
          </section>
        ))}
      </article>
    </Layout>
  );
}
