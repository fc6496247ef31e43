import { Fragment } from 'react';
import type { Book } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { ContentImage } from '../blocks/Picture.tsx';
import { Paragraphs } from '../blocks/Paragraphs.tsx';

/** A chapter as the book prints it: a page of the site rendered for print, its ids made the book's own. */
export interface PrintedChapter {
  anchor: string;
  /** The page's route name: `focus/climate/energy`. */
  route: string;
  title: string;
  part: string;
  html: string;
  /** Its sections with an anchor and a heading (h2), for the table of contents. */
  sections: { anchor: string; heading: string }[];
}

export interface BookView {
  book: Book;
  parts: { title: string; chapters: PrintedChapter[] }[];
  /** Titles of the chapters this edition does not print yet (an English book's). */
  missing: string[];
  /** The site's style sheet, the book's own (templates/book/book.css) and its fonts' (one a weight). */
  styles: { site: string; book: string; fonts: string[] };
  /** What the layout checks asked of an earlier print: chapters set a little tighter (book.css `.book-tight`), elements that begin a page. */
  repairs: { tight: string[]; breaks: string[] };
  /** A script that lays the document out in pages in a browser (Paged.js), for a preview; Chromium prints the PDF without it. */
  pager?: string;
}

/**
 * The report book as one HTML document, printed by Chromium into the report PDF (cli/build/stages/08-book/): a
 * cover, the table of contents, every chapter in order (each on a page of its own, its title in
 * the running head), the assurance statement and the back cover. Page numbers come from
 * `pageNumber`: the pagination's own, read back from the PDF of the pass before.
 */
export function BookDocument({ view }: { view: BookView }) {
  const { locale, t, site } = usePage();
  const { book, parts } = view;
  const chapters = parts.flatMap((part) => part.chapters);
  return (
    <html lang={locale.iso} className="book">
      <head>
        <meta charSet="utf-8" />
        <title>{`${book.company} ${book.title}`}</title>
        <meta name="author" content={book.company} />
        <meta name="description" content={book.subtitle ?? book.title} />
        {book.keywords && <meta name="keywords" content={book.keywords.join(', ')} />}
        <link rel="stylesheet" href={view.styles.site} />
        {view.styles.fonts.map((sheet) => (
          <link key={sheet} rel="stylesheet" href={sheet} />
        ))}
        {/* Raw text: React would escape the `>` of a selector. */}
        <style dangerouslySetInnerHTML={{ __html: `${view.styles.book}\n${runningHeads(chapters)}\n${breaks(view.repairs.breaks)}` }} />
        {view.pager && <script src={view.pager} />}
      </head>
      <body className={`book locale-${locale.code}`}>
        <section className="book-cover" aria-label={book.title}>
          <p className="book-company">
            <ContentImage className="book-logo" src={logo} alt="" slot="article" />
            {book.company}
          </p>
          <h1 className="book-title">{book.title}</h1>
          {book.subtitle && <p className="book-subtitle">{book.subtitle}</p>}
          <ContentImage className="book-cover-picture" src={book.cover.src} alt={book.cover.alt} slot="banner" />
          {view.missing.length > 0 && (
            <div className="book-partial">
              <p>{t('book.partial', { count: view.missing.length })}</p>
              <ul>
                {view.missing.map((title) => (
                  <li key={title}>{title}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="book-address">{site.baseUrl.replace(/^https?:\/\//, '')}</p>
        </section>
        <Contents parts={parts} statement={book.statement.title} />
        {parts.map((part, index) => (
          <Fragment key={part.title}>
            <PartOpener part={part} index={index} />
            {part.chapters.map((chapter) => (
              <section
                key={chapter.anchor}
                id={chapter.anchor}
                className={`book-chapter book-chapter-${chapters.indexOf(chapter) + 1}${view.repairs.tight.includes(chapter.anchor) ? ' book-tight' : ''}`}
                dangerouslySetInnerHTML={{ __html: chapter.html }}
              />
            ))}
          </Fragment>
        ))}
        <section className="book-statement" id={statementAnchor} aria-labelledby="statement-title">
          <h1 id="statement-title">{book.statement.title}</h1>
          <Paragraphs text={book.statement.text} />
          <p className="book-signed">
            {book.statement.signed.split('\n').map((line) => (
              <span key={line} className="book-signed-line">
                {line}
              </span>
            ))}
          </p>
        </section>
        <section className="book-back" aria-label={book.company}>
          <ContentImage className="book-logo" src={logo} alt="" slot="article" />
          <ul>
            {book.backCover.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </body>
    </html>
  );
}

/** Parts and their chapters, each a link inside the PDF with the page it begins on: two pages at most (the bookmarks go down to sections). */
function Contents({ parts, statement }: { parts: BookView['parts']; statement: string }) {
  const { t } = usePage();
  return (
    <nav className="book-contents" aria-labelledby="contents-title">
      <h1 id="contents-title">{t('book.contents')}</h1>
      <ol>
        {parts.map((part, index) => (
          <li key={part.title} className="toc-part">
            <Entry anchor={partAnchor(index)} url={`/${partAnchor(index)}`} title={part.title} className="toc-part-title" />
            <ChapterList chapters={part.chapters} />
          </li>
        ))}
        <li className="toc-part">
          <Entry anchor={statementAnchor} url={`/${statementAnchor}`} title={statement} className="toc-chapter" />
        </li>
      </ol>
    </nav>
  );
}

/**
 * A part's opening page: its number and title, and its chapters with their pages, on a page of
 * its own (the named page `part`, without running heads).
 */
function PartOpener({ part, index }: { part: BookView['parts'][number]; index: number }) {
  const anchor = partAnchor(index);
  return (
    <section className="book-part" id={anchor} aria-labelledby={`${anchor}-title`}>
      <p className="book-part-number" aria-hidden="true">
        {String(index + 1).padStart(2, '0')}
      </p>
      <h1 id={`${anchor}-title`}>{part.title}</h1>
      <ChapterList chapters={part.chapters} />
    </section>
  );
}

function ChapterList({ chapters }: { chapters: PrintedChapter[] }) {
  return (
    <ol>
      {chapters.map((chapter) => (
        <li key={chapter.anchor}>
          <Entry anchor={chapter.anchor} url={`/${chapter.route}`} title={chapter.title} className="toc-chapter" />
        </li>
      ))}
    </ol>
  );
}

/** A line of the contents: a link inside the PDF to `anchor`, with the page the site's `url` is on. */
function Entry({ anchor, url, title, className }: { anchor: string; url: string; title: string; className: string }) {
  const { pageNumber } = usePage();
  return (
    <a className={className} href={`#${anchor}`}>
      <span className="toc-title">{title}</span>
      <span className="toc-page">{pageNumber(url) ?? ''}</span>
    </a>
  );
}

/** The company's mark, on the covers. */
const logo = '/assets/images/logo.svg';

/** The anchor of the assurance statement, and its key in the page map. */
export const statementAnchor = 'statement';

/** The anchor of a part's opening page, and its key in the page map: `part-1`. */
export const partAnchor = (index: number) => `part-${index + 1}`;
export const isPartAnchor = (anchor: string) => /^part-\d+$/.test(anchor);

/** Each chapter on pages of its own name, whose running head is the chapter's title and its part's. */
/** The elements that begin a page, by id. */
function breaks(ids: string[]): string {
  return ids.length ? `${ids.map((id) => `[id=${cssString(id)}]`).join(',\n')} { break-before: page; }` : '';
}

function runningHeads(chapters: PrintedChapter[]): string {
  return chapters
    .map((chapter, index) => {
      const name = `chapter-${index + 1}`;
      return `.book-chapter-${index + 1} { page: ${name}; }\n@page ${name} { @top-left { content: ${cssString(chapter.part)}; } @top-right { content: ${cssString(chapter.title)}; } }`;
    })
    .join('\n');
}

/** A text as a CSS string: quotes and backslashes escaped, line breaks as spaces. */
function cssString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\s+/g, ' ')}"`;
}
