import { Paragraphs } from './Paragraphs.tsx';
import { Tags } from './Tags.tsx';

/** The opening of a content page: eyebrow, the page's only h1, lead paragraph and topic tags (h3 only in the style guide). */
export function PageHeader({
  title,
  kicker,
  lead,
  tags,
  tagsLabel,
  headingLevel = 1,
}: {
  title: string;
  kicker?: string;
  lead?: string;
  tags?: string[];
  tagsLabel?: string;
  headingLevel?: 1 | 3;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h3';
  return (
    <header className="page-header">
      {kicker && <p className="kicker">{kicker}</p>}
      <Heading>{title}</Heading>
      {lead && <Paragraphs text={lead} className="lead" />}
      {tags && <Tags tags={tags} label={tagsLabel} />}
    </header>
  );
}
