import type { Sustainable } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { GoalCard } from '../blocks/GoalCard.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { Paragraphs } from '../blocks/Paragraphs.tsx';
import { Tabs, tabLinks } from '../blocks/Tabs.tsx';
import { TopicCard } from '../blocks/TopicCard.tsx';

/** sustainable/{tab}: tab 1 (index 0) the five company topics, tab 2 the SDG mapping. */
export function SustainablePage({ data, tab }: { data: Sustainable; tab: number }) {
  const { t } = usePage();
  const current = data.tabs[tab]!;
  return (
    <Layout head={{ title: t('sustain.tabTitle', { title: data.title, tab: current.label }), description: data.description }}>
      <article className="article sustainable">
        <PageHeader title={data.title} kicker={data.kicker} />
        <Tabs
          label={t('sustain.tabs', { title: data.title })}
          tabs={tabLinks(
            '/sustainable',
            data.tabs.map((entry) => entry.label),
          )}
          current={tab}
        />
        <div className="tab-panel">
          <h2 className="visually-hidden">{current.label}</h2>
          <Paragraphs text={current.lead} className="lead" />
          {tab === 0 ? (
            <div className="topic-list">
              {data.topics.map((topic) => (
                <TopicCard key={topic.num} topic={topic} headingLevel={3} />
              ))}
            </div>
          ) : (
            <div className="goal-list">
              {data.goals.map((goal) => (
                <GoalCard key={goal.num} goal={goal} headingLevel={3} />
              ))}
            </div>
          )}
        </div>
      </article>
    </Layout>
  );
}
