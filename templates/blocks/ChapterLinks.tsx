import type { ChapterLink as ChapterLinkData } from '../../schemas/types.ts';
import { SiteLink } from './SiteLink.tsx';

/**
 * A link to the report chapter covering an item, with its printed page number. Site search skips
 * it (`data-search-skip`): it names another page, which is the result for those words.
 */
export function ChapterLink({ link }: { link: ChapterLinkData }) {
  return (
    <SiteLink url={link.url} className="chapter-link" searchSkip>
      {link.text}
      {link.page !== undefined && <span className="chapter-page">p.{link.page}</span>}
    </SiteLink>
  );
}

export function ChapterLinks({ title, items }: { title?: string; items: ChapterLinkData[] }) {
  return (
    // Not a <nav>: these are references inside the text, and several on a page would be landmarks with one name.
    <div className="chapter-links" data-search-skip="">
      {title && <p className="chapter-links-title">{title}</p>}
      <ul>
        {items.map((link, index) => (
          <li key={index}>
            <ChapterLink link={link} />
          </li>
        ))}
      </ul>
    </div>
  );
}
