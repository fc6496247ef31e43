import type { PDFPageProxy, TextContent } from 'pdfjs-dist/types/src/display/api.js';
import { errors } from '../../../errorCatalogue.ts';
import { warn } from '../../../log.ts';

/**
 * The book's pages as a typesetter checks them, read back from the tagged PDF: each page's lines of
 * text, what ends the page (a heading, a table's head), and what the next one begins with. The
 * tags say what each piece of text is (Chromium tags the HTML's headings, tables, rows and cells),
 * so no guess is made from type sizes.
 */
export interface PageLayout {
  page: number;
  /** Lines of text between the running head and the page number. */
  lines: number;
  /** The last line's text and what it is part of (`H2`, `TD`, …), outermost first. */
  last?: { text: string; roles: string[] };
  /** The first line's roles. */
  first?: { roles: string[] };
  /** The text of the first body row of a table on the page: a table carried over from the page before is known by it. */
  firstTableRow?: string;
  /** The table the page ends in, when it does: its rows with body cells on this page, and whether it begins here with its caption or head row. */
  endingTable?: { bodyRows: number; head: boolean; caption: string; firstRow: string };
}

/** What a layout check finds: its kind, the page, and the text it is about. */
export interface LayoutFault {
  kind: 'headingAtFoot' | 'tableHeadAlone' | 'nearlyEmpty';
  page: number;
  text: string;
}

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

interface Placed {
  text: string;
  y: number;
  height: number;
  roles: string[];
  /** The table and row the text is in, as nodes of the page's tree. */
  table?: StructNode;
  row?: StructNode;
}

/** A page's layout, read with pdf.js from its structure tree and its marked text (`items`: its text content, marked content included). */
export async function pageLayout(page: PDFPageProxy, number: number, items: TextContent['items']): Promise<PageLayout> {
  const where = new Map<string, { roles: string[]; table?: StructNode; row?: StructNode }>();
  const walk = (node: StructNode, roles: string[], table?: StructNode, row?: StructNode) => {
    if (node.type === 'content' && node.id) return void where.set(node.id, { roles, table, row });
    const role = node.role && node.role !== 'NonStruct' && node.role !== 'Root' ? node.role : undefined;
    const inside = role ? [...roles, role] : roles;
    for (const child of node.children ?? []) walk(child, inside, role === 'Table' ? node : table, role === 'TR' ? node : row);
  };
  const tree = (await page.getStructTree()) as StructNode | null;
  if (tree) walk(tree, []);
  const placed: Placed[] = [];
  const open: string[] = [];
  for (const item of items) {
    if ('type' in item) {
      if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') open.push(item.id ?? '');
      else if (item.type === 'endMarkedContent') open.pop();
      continue;
    }
    // Text outside the tags is the page's furniture: its running head and page number.
    const tagged = [...open].reverse().find((id) => where.has(id));
    if (!tagged || !item.str.trim()) continue;
    placed.push({ text: item.str, y: item.transform[5] as number, height: item.height || 8, ...where.get(tagged)! });
  }
  return layoutOf(number, placed);
}

function layoutOf(page: number, placed: Placed[]): PageLayout {
  // Lines top to bottom: pieces whose baselines are within half a line of each other.
  const byHeight = [...placed].sort((a, b) => b.y - a.y);
  const lines: Placed[][] = [];
  for (const piece of byHeight) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - piece.y) < Math.max(line[0]!.height, piece.height) / 2) line.push(piece);
    else lines.push([piece]);
  }
  const layout: PageLayout = { page, lines: lines.length, firstTableRow: rowText(placed, placed.find((piece) => piece.roles.includes('TD'))?.row) };
  const lastLine = lines.at(-1);
  const firstLine = lines[0];
  if (firstLine) layout.first = { roles: firstLine[0]!.roles };
  if (!lastLine) return layout;
  // The line's last piece in reading order says what the page ends in.
  const end = lastLine.at(-1)!;
  layout.last = { text: lastLine.map((piece) => piece.text).join(''), roles: end.roles };
  const table = lastLine.find((piece) => piece.table)?.table;
  if (table) {
    const inTable = placed.filter((piece) => piece.table === table);
    const bodyRows = new Set(inTable.filter((piece) => piece.roles.includes('TD')).map((piece) => piece.row));
    // A table carried over from the page before repeats its head at the top: only a table begun on this page ends it with its head.
    const begunHere = inTable.some((piece) => piece.roles.includes('Caption')) || !firstLine!.some((piece) => piece.table === table);
    layout.endingTable = {
      bodyRows: bodyRows.size,
      head: begunHere && inTable.some((piece) => piece.roles.includes('Caption') || (piece.roles.includes('TH') && !rowHasBody(inTable, piece.row))),
      caption: inTable
        .filter((piece) => piece.roles.includes('Caption'))
        .map((piece) => piece.text)
        .join(''),
      // A table whose caption the page does not show (the heading above names it) is known by its first row.
      firstRow: rowText(inTable, inTable.find((first) => first.roles.includes('TD'))?.row),
    };
  }
  return layout;
}

/** A row's text in reading order; '' for none. */
const rowText = (pieces: Placed[], row: StructNode | undefined) =>
  row
    ? pieces
        .filter((piece) => piece.row === row)
        .map((piece) => piece.text)
        .join('')
    : '';

const rowHasBody = (pieces: Placed[], row: StructNode | undefined) => pieces.some((piece) => piece.row === row && piece.roles.includes('TD'));

/**
 * The faults of the pages a typesetter would not pass: a heading that is the last thing on its page;
 * a table whose caption or head row ends a page with fewer than two rows of its body under it while
 * the table goes on overleaf; a page of three lines or fewer. The cover, the back cover and the
 * pages `designed` so (the parts' opening pages) hold little by design.
 */
export function layoutFaults(pages: PageLayout[], designed: Set<number> = new Set()): LayoutFault[] {
  const faults: LayoutFault[] = [];
  for (const [index, page] of pages.entries()) {
    if (page.page === 1 || page.page === pages.length || designed.has(page.page)) continue;
    const next = pages[index + 1];
    const goesOn = next?.first?.roles.includes('Table') ?? false;
    if (page.last && page.last.roles.some((role) => /^H[1-6]$/.test(role)) && next)
      faults.push({ kind: 'headingAtFoot', page: page.page, text: page.last.text });
    else if (page.endingTable && page.endingTable.head && page.endingTable.bodyRows < 2 && goesOn)
      faults.push({
        kind: 'tableHeadAlone',
        page: page.page,
        // Named by its caption, else its first row: here, or overleaf when none of its rows is here.
        text: page.endingTable.caption || page.endingTable.firstRow || next?.firstTableRow || page.last!.text,
      });
    if (page.lines <= 3) faults.push({ kind: 'nearlyEmpty', page: page.page, text: page.last?.text ?? '' });
  }
  return faults;
}

/**
 * Says each layout fault as a warning naming its chapter (the one begun on or before its page:
 * `chapters` in page order) and its page.
 */
export function warnLayout(faults: LayoutFault[], chapters: { name: string; first: number }[], file: string): void {
  const chapterOf = (page: number) => chapters.filter((chapter) => chapter.first <= page).at(-1)?.name ?? 'the front matter';
  const entries = { headingAtFoot: errors.headingAtFoot, tableHeadAlone: errors.tableHeadAlone, nearlyEmpty: errors.nearlyEmptyPage };
  for (const fault of faults) {
    const text = fault.text.length > 40 ? `${fault.text.slice(0, 40)}…` : fault.text;
    warn(entries[fault.kind], `${file}#page=${fault.page}`, chapterOf(fault.page), fault.page, text);
  }
}
