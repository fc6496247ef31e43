import type { Block } from '../../schemas/types.ts';
import { Paragraphs } from './Paragraphs.tsx';
import { Figures } from './Figures.tsx';
import { ChapterLinks } from './ChapterLinks.tsx';
import { DataTable } from './DataTable.tsx';
import { MetricsTable } from './MetricsTable.tsx';
import { Picture } from './Picture.tsx';
import { RestatementsTable } from './RestatementsTable.tsx';
import { TargetsOfTopic } from './TargetsTable.tsx';

/** The content blocks of a section, each rendered by the component of its `type`. */
export function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'text':
      return <Paragraphs text={block.text} />;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <div className="list-block">
          {block.title && <p className="list-title">{block.title}</p>}
          <List>
            {block.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </List>
        </div>
      );
    }
    case 'figures':
      return <Figures items={block.items} />;
    case 'table':
      return <DataTable caption={block.caption} head={block.head} rows={block.rows} note={block.note} />;
    case 'metrics':
      return <MetricsTable block={block} />;
    case 'targets':
      return <TargetsOfTopic topic={block.topic} caption={block.caption} />;
    case 'restatements':
      return <RestatementsTable caption={block.caption} />;
    case 'quote':
      return (
        <blockquote className="quote">
          <Paragraphs text={block.text} />
          {block.cite && <footer>— {block.cite}</footer>}
        </blockquote>
      );
    case 'image':
      return <Picture image={block.image} />;
    case 'links':
      return <ChapterLinks title={block.title} items={block.items} />;
    case 'people':
      return (
        <ul className="people">
          {block.items.map((person, index) => (
            <li key={index} className="person">
              <span className="person-name">{person.name}</span>
              <span className="person-role">{person.role}</span>
              {person.text && <span className="person-text">{person.text}</span>}
            </li>
          ))}
        </ul>
      );
  }
}
