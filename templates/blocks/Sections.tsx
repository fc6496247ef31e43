import type { Section } from '../../schemas/types.ts';
import { Blocks } from './Blocks.tsx';
import { Tags } from './Tags.tsx';

/** Article sections: h2 sections with their anchors, h3 sub-sections. */
export function Sections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section, index) => (
        <section key={section.id ?? index} id={section.id} className="content-section" aria-labelledby={section.id ? `${section.id}-title` : undefined}>
          <h2 id={section.id ? `${section.id}-title` : undefined}>{section.heading}</h2>
          {section.tags && <Tags tags={section.tags} />}
          <Blocks blocks={section.blocks} />
          {section.subsections?.map((sub, subIndex) => (
            <section key={sub.id ?? subIndex} id={sub.id} className="content-subsection">
              <h3>{sub.heading}</h3>
              <Blocks blocks={sub.blocks} />
            </section>
          ))}
        </section>
      ))}
    </>
  );
}
