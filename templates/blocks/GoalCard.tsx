import type { SustainableGoal } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { ChapterLinks } from './ChapterLinks.tsx';
import { TextList } from './TextList.tsx';

/** One SDG the company works toward: its strategies, each target, the 2024 benefit and the report chapters. */
export function GoalCard({ goal, headingLevel = 2 }: { goal: SustainableGoal; headingLevel?: 2 | 3 }) {
  const { t } = usePage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const id = `sdg-${goal.num}`;
  return (
    <section className={`goal-card sdg-border-${goal.num}`} id={id} aria-labelledby={`${id}-title`}>
      <header className="goal-head">
        <span className={`goal-num sdg-${goal.num}`}>{goal.num}</span>
        <Heading id={`${id}-title`}>
          <span className="visually-hidden">{t('sustain.goal', { num: goal.num })} </span>
          {goal.title}
        </Heading>
      </header>
      <p>{goal.description}</p>
      {goal.content.strategy.map((strategy, s) => (
        <div key={s} className="goal-strategy">
          <Sub className="strategy-title">{strategy.strategyTitle}</Sub>
          {strategy.target.map((target, i) => (
            <div key={i} className="goal-target">
              <div className="goal-target-text">
                <p className="goal-label">{t('sustain.target')}</p>
                <TextList value={target} />
              </div>
              {target.targetContent.map((content, c) => (
                <div key={c} className="goal-benefit">
                  <p className="goal-label">{t('sustain.benefit')}</p>
                  <TextList value={content.benefit} />
                  <ChapterLinks title={t('sustain.chapters')} items={content.chapter} />
                </div>
              ))}
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
