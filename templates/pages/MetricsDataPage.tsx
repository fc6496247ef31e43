import { usePage, type LocaleMetric } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { DataAppendix } from '../book/DataAppendix.tsx';
import { OpenDataLinks } from '../blocks/OpenDataLinks.tsx';
import { Sparkline } from '../blocks/TrendChart.tsx';
import { formatFigure } from '../format.ts';
import { formatValue, metricAnchor, restatedMark, restatementsOf, seriesOf, withUnit, yearChange, yearsOf } from '../metrics.ts';

/**
 * Every metric of content/metrics.yaml, grouped by topic: its latest value, its trend, boundary,
 * assurance and the disclosures it answers, with the open data files to download. Made from the
 * registry alone, so it is never out of date and exists in every locale. The book prints it as
 * tables (`DataAppendix`).
 */
export function MetricsDataPage() {
  const { t, locale, print } = usePage();
  if (print) return <DataAppendix />;
  const metrics = [...locale.metrics.values()];
  const topics = [...new Set(metrics.map((metric) => metric.topic))];
  const latest = (metric: LocaleMetric) => {
    const year = yearsOf(metric).at(-1)!;
    return t('metrics.latestValue', { value: withUnit(metric, formatValue(metric, metric.values[year]!, locale.iso), locale.iso), year });
  };
  /** The latest figure against the year before, in words: up or down is written, not coloured. */
  const change = (metric: LocaleMetric) => {
    const found = yearChange(metric, locale.iso);
    if (!found) return null;
    const value = metric.percent
      ? t('metrics.points', { value: formatFigure(found.difference, locale.iso, metric.decimals) })
      : withUnit(metric, formatValue(metric, found.difference, locale.iso), locale.iso);
    const text = found.percent
      ? t('metrics.change', { direction: found.direction, value, percent: found.percent, year: found.year })
      : t('metrics.changeOnly', { direction: found.direction, value, year: found.year });
    return (
      <span className="metric-change" data-direction={found.direction}>
        {text}
      </span>
    );
  };
  const trend = (metric: LocaleMetric) => {
    const years = yearsOf(metric);
    if (years.length < 2) return null;
    return <Sparkline {...seriesOf(metric, years, locale.iso)} years={years} noFigure={t('metrics.noFigure')} />;
  };
  const assurance = (metric: LocaleMetric) =>
    metric.assurance ? t('metrics.assuredBy', { by: metric.assurance.by, standard: metric.assurance.standard }) : t('metrics.notAssured');
  return (
    <Layout head={{ title: t('metrics.dataTitle'), description: t('metrics.dataLead'), siteSearch: false }}>
      <article className="article metrics-data">
        <header className="page-header">
          <h1>{t('metrics.dataTitle')}</h1>
          <p className="lead">{t('metrics.dataLead')}</p>
          <OpenDataLinks dataPage={false} />
        </header>
        <nav className="metric-topics" aria-label={t('metrics.topics')}>
          <ul>
            {topics.map((topic) => (
              <li key={topic}>
                <a href={`#topic-${topic}`}>{t('metrics.topic', { topic })}</a>{' '}
                <span className="metric-count">{metrics.filter((metric) => metric.topic === topic).length}</span>
              </li>
            ))}
          </ul>
        </nav>
        {topics.map((topic) => (
          <section key={topic} className="content-section" id={`topic-${topic}`}>
            <h2>{t('metrics.topic', { topic })}</h2>
            <ul className="metric-cards">
              {metrics
                .filter((metric) => metric.topic === topic)
                .map((metric) => (
                  <li key={metric.id} className="metric-card" id={metricAnchor(metric.id)}>
                    <h3 className="metric-name">{metric.label}</h3>
                    <p className="metric-latest">
                      {latest(metric)}
                      {trend(metric)}
                      {change(metric)}
                    </p>
                    {restatementsOf(metric, locale.iso).map((found) => (
                      <p key={found.year} className="metric-restated">
                        {t('metrics.restated', { mark: restatedMark, ...found })}
                      </p>
                    ))}
                    {metric.gri.length + metric.sasb.length > 0 && (
                      <p className="metric-codes">
                        <span className="visually-hidden">{t('metrics.disclosures')}: </span>
                        {[...metric.gri.map((code) => `GRI ${code}`), ...metric.sasb.map((code) => `SASB ${code}`)].join(' · ')}
                      </p>
                    )}
                    {/* Boundary and assurance fold away: a phone shows hundreds of metrics. */}
                    <details className="metric-facts">
                      <summary>{t('metrics.details')}</summary>
                      <dl>
                        <dt>{t('metrics.boundary')}</dt>
                        <dd>{metric.boundary}</dd>
                        <dt>{t('metrics.assurance')}</dt>
                        <dd>{assurance(metric)}</dd>
                      </dl>
                    </details>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </article>
    </Layout>
  );
}
