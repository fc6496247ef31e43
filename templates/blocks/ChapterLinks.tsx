import type { ChapterLink as ChapterLinkData } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { SiteLink } from './SiteLink.tsx';

/**
 * A link to the report chapter covering an item, with the page of the report PDF where it begins
 * (computed, `PageContext.pageNumber`). Site search skips it (`data-search-skip`): it names another
 * page, which is the result for those words.
 */
export function ChapterLink({ link }: { link: ChapterLinkData }) {
  const page = usePage().pageNumber(link.url);
  return (
    <SiteLink url={link.url} className="chapter-link" searchSkip>
      {link.text}
      {page !== undefined && <span className="chapter-page">{pageLabel(page)}</span>}
    </SiteLink>
  );
}

/** How a printed page number reads beside a chapter link, on the page and in a CSV cell. */
export const pageLabel = (page: number) => `p.${page}`;

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
