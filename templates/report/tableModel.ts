import type { ChapterLink } from '../../schemas/types.ts';

/**
 * A report table as data: what the page renders as a <table> and what the build writes as its CSV
 * file. Both come from this one model, so the download always has the rows the page shows.
 */
export interface ReportTable {
  /** Anchor of the table's section on the page; also the CSV file name. */
  id: string;
  caption: string;
  /** Shown as a tag beside the heading, e.g. Material Topic. */
  captionTag?: string;
  head: string[];
  rows: ReportRow[];
  note?: string;
  /** Under the note: who assured the figures the table cites (the GRI and SASB indexes). */
  legend?: string;
}

/** A row of cells, or a heading row that groups the rows below it (a GRI standard, a SASB metric, a year). */
export type ReportRow = { cells: ReportCell[]; disclosure?: Disclosure } | { group: string; tag?: string };

/** The code a row of an index reports on (GRI `305-1`, SASB `EM-IS-110a.1`), and what its content says of its assurance. */
export interface Disclosure {
  code: string;
  assured?: 'yes' | 'partly' | 'no';
}

export interface ReportCell {
  text?: string;
  list?: string[];
  links?: ChapterLink[];
  remark?: string;
  tooltip?: string;
  tag?: string;
  colSpan?: number;
}

/** The CSV file of a table, beside its page: /zh_TW/report/gri/ + gri-general.csv. */
export function csvFileName(table: Pick<ReportTable, 'id'>): string {
  return `${table.id}.csv`;
}

/** A cell as plain text: its text, list items, chapter links with their printed pages (`label`), and remark, one per line. */
export function cellText(cell: ReportCell, label: (url: string) => string | undefined): string {
  const links = (cell.links ?? []).map((link) => [link.text, label(link.url)].filter(Boolean).join(' '));
  return [cell.tag, cell.text, ...(cell.list ?? []), ...links, cell.remark, cell.tooltip].filter((part): part is string => Boolean(part)).join('\n');
}

/**
 * The rows of the CSV: the header, then one line per row. A group row keeps its label in the first
 * column, so a spreadsheet filter by standard or year still works.
 */
export function tableRecords(table: ReportTable, label: (url: string) => string | undefined): string[][] {
  const width = table.head.length;
  const body = table.rows.map((row) => {
    if ('group' in row) return pad([row.tag ? `${row.group}（${row.tag}）` : row.group], width);
    return pad(
      row.cells.flatMap((cell) => [cellText(cell, label), ...Array<string>(Math.max(0, (cell.colSpan ?? 1) - 1)).fill('')]),
      width,
    );
  });
  return [table.head, ...body];
}

function pad(cells: string[], width: number): string[] {
  return [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill('')];
}
