import type { ReactNode } from 'react';
import { usePage } from '../context.tsx';

/**
 * A link in the report book: to a chapter or section the book prints, a link inside the PDF; to
 * anything else, its full address, which the book's style sheet prints after the text for a
 * reader of paper.
 */
function PrintedLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const { print } = usePage();
  const anchor = print!.anchorOf(url);
  if (anchor)
    return (
      <a className={className} href={anchor}>
        {children}
      </a>
    );
  const address = url.startsWith('mailto:') ? url : print!.addressOf(url);
  return (
    <a className={[className, 'print-address'].filter(Boolean).join(' ')} href={address} data-address={address.replace(/^mailto:/, '')}>
      {children}
    </a>
  );
}

/**
 * A link written in content: the locale is added, full addresses open in a new tab, and a link to
 * a page that is not built yet is shown as plain text rather than as a link to nowhere.
 * `searchSkip` keeps its text out of site search (sections.ts), for a link that names another page.
 */
export function SiteLink({
  url,
  className,
  children,
  newTab,
  searchSkip,
}: {
  url: string;
  className?: string;
  children: ReactNode;
  newTab?: boolean;
  searchSkip?: boolean;
}) {
  const skip = searchSkip ? { 'data-search-skip': '' } : {};
  const page = usePage();
  const external = /^https?:/.test(url);
  if (page.print)
    return (
      <PrintedLink url={url} className={className}>
        {children}
      </PrintedLink>
    );
  if (!external && url.startsWith('/') && !url.startsWith('/assets/') && !page.hasRoute(url)) {
    return (
      <span className={className} {...skip}>
        {children}
      </span>
    );
  }
  const blank = newTab || external;
  return (
    <a className={className} href={page.href(url)} target={blank ? '_blank' : undefined} rel={blank ? 'noopener' : undefined} {...skip}>
      {children}
      {blank && <span className="visually-hidden">{page.t('header.newWindow')}</span>}
    </a>
  );
}
