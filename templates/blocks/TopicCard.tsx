import type { SustainableStrategy, SustainableTopic } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { SdgBadges } from './SdgBadges.tsx';
import { TextList } from './TextList.tsx';

/** One of the company's five sustainability topics: why it matters, its policy and target, its SDGs. */
export function TopicCard({ topic, headingLevel = 2 }: { topic: SustainableTopic; headingLevel?: 2 | 3 }) {
  const { t } = usePage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = `topic-${topic.num}`;
  return (
    <section className="topic-card" id={id} aria-labelledby={`${id}-title`}>
      <header className="topic-head">
        <span className="topic-num" aria-hidden="true">
          {String(topic.num).padStart(2, '0')}
        </span>
        <div>
          <Heading id={`${id}-title`}>{topic.title}</Heading>
          <p className="topic-subtitle">{topic.subtitle}</p>
        </div>
      </header>
      {topic.description.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <StrategyView strategy={topic.content.strategy} sdgs={topic.sdgs} />
      {topic.content.strategy2 && <StrategyView strategy={topic.content.strategy2} sdgs={topic.sdgs2} />}
      {topic.note && <p className="topic-note">{t('sustain.note', { note: topic.note })}</p>}
    </section>
  );
}

function StrategyView({ strategy, sdgs }: { strategy: SustainableStrategy; sdgs?: number[] }) {
  const { t } = usePage();
  return (
    <div className="strategy">
      <p className="strategy-title">{strategy.strategyTitle}</p>
      <dl className="strategy-grid">
        <div>
          <dt>{t('sustain.policy')}</dt>
          <dd>
            <TextList value={strategy.strategyContent.policy} />
          </dd>
        </div>
        <div>
          <dt>{t('sustain.target')}</dt>
          <dd>
            <TextList value={strategy.strategyContent.target} />
          </dd>
        </div>
      </dl>
      {sdgs && sdgs.length > 0 && <SdgBadges numbers={sdgs} label={t('sustain.sdgs')} />}
    </div>
  );
}
