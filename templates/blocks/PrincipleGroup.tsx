import type { UngcEntry } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { ChapterLinks } from './ChapterLinks.tsx';
import { TextList } from './TextList.tsx';

/** A UN Global Compact principle group: its principles, what the company achieved in 2024, and where to read more. */
export function PrincipleGroup({ entry, headingLevel = 2 }: { entry: UngcEntry; headingLevel?: 2 | 3 }) {
  const { t } = usePage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = `ungc-${entry.num}`;
  return (
    <section className="principle-group" id={id} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{entry.title}</Heading>
      <p>{entry.description}</p>
      <div className="principle-grid">
        <div>
          <p className="goal-label">{t('sustain.principles')}</p>
          <ul className="principle-list">
            {entry.unoprinciple.map((principle, index) => (
              <li key={index}>{principle}</li>
            ))}
          </ul>
        </div>
        <div>
          <p className="goal-label">{t('sustain.benefit')}</p>
          <TextList value={entry.unobenefit} />
          <ChapterLinks title={t('sustain.chapters')} items={entry.unochapter} />
        </div>
      </div>
    </section>
  );
}
