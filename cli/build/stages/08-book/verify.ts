import { errors } from '../../../errorCatalogue.ts';
import { problem, type ContentProblem } from '../../../errors.ts';
import type { ReadPdf } from './readBack.ts';

/** What the verification knows of the book it reads back: each anchor's page-map key and heading. */
export interface BookAnchors {
  keys: Map<string, string>;
  headings: Map<string, string>;
  /** The pages whose entries end in their page number without `p.`: the table of contents and the parts' opening pages. */
  listed: Set<number>;
}

/**
 * Checks a printed book as its reader meets it: every link inside the PDF leads to a destination;
 * every page number printed with a link (the contents' entries, the indexes' and chapters' `p.75`)
 * is the page its destination is on, and the viewer labels that page so; and that page shows the
 * heading of the section the link names. `file` names the PDF in each problem.
 */
export function verifyBook(read: ReadPdf, anchors: BookAnchors, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const at = (page: number) => ({ file: `${file}#page=${page}`, field: `page ${page}` });
  const headingsChecked = new Set<string>();
  for (const link of read.links) {
    if (!link.dest) continue;
    const actual = read.destinations.get(link.dest);
    if (actual === undefined) {
      problems.push(problem(errors.brokenPdfLink, at(link.page), link.dest));
      continue;
    }
    const printed = printedNumber(link.text, anchors.listed.has(link.page));
    if (printed === undefined) continue;
    const key = anchors.keys.get(link.dest) ?? link.dest;
    const heading = anchors.headings.get(link.dest) ?? '';
    const label = read.labels?.[printed - 1] ?? String(printed);
    if (printed !== actual || label !== String(printed)) {
      problems.push(problem(errors.pageNumberMismatch, at(link.page), printed, key, heading, actual));
      continue;
    }
    if (heading && !headingsChecked.has(link.dest)) {
      headingsChecked.add(link.dest);
      if (!read.text[actual - 1]?.includes(heading.replace(/\s+/g, '').normalize('NFKC')))
        problems.push(problem(errors.headingNotOnPage, at(actual), key, heading, actual));
    }
  }
  return problems;
}

/** The page number a link's text ends with: `… p.75` anywhere, `… 75` in the contents. */
function printedNumber(text: string, inContents: boolean): number | undefined {
  const found = /p\.\s*(\d+)\s*$/.exec(text) ?? (inContents ? /(\d+)\s*$/.exec(text) : null);
  return found ? Number(found[1]) : undefined;
}
