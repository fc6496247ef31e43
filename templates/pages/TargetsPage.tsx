import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { DataFiles, OpenDataLinks } from '../blocks/OpenDataLinks.tsx';
import { TargetsTable, targetsOf } from '../blocks/TargetsTable.tsx';

/**
 * Every target of content/metrics.yaml by topic, with its baseline, latest value, target and
 * status (templates/targets.ts). Made from the registry alone, in every locale.
 */
export function TargetsPage() {
  const { t, locale } = usePage();
  const targets = targetsOf(locale.metrics);
  const topics = [...new Set(targets.map((target) => target.topic))];
  return (
    <Layout head={{ title: t('targets.title'), description: t('targets.lead') }}>
      <article className="article targets-page">
        <header className="page-header">
          <h1>{t('targets.title')}</h1>
          <p className="lead">{t('targets.lead')}</p>
          <p className="data-downloads">
            <DataFiles set="targets" quiet />
          </p>
        </header>
        {topics.map((topic) => (
          <section key={topic} className="content-section" id={`targets-${topic}`}>
            <h2>{t('metrics.topic', { topic })}</h2>
            <TargetsTable targets={targets.filter((target) => target.topic === topic)} caption={t('metrics.topic', { topic })} captionHidden />
          </section>
        ))}
        <section className="content-section" id="status-rule">
          <h2>{t('targets.ruleTitle')}</h2>
          <p>{t('targets.rule')}</p>
          <OpenDataLinks />
        </section>
      </article>
    </Layout>
  );
}
