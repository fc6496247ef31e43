import type { ReactNode } from 'react';
import { usePage } from '../context.tsx';

/** A body cell that spans several columns (a SASB discussion row across the year columns). */
export interface DataTableCell {
  content: ReactNode;
  colSpan?: number;
}

/**
 * A body row: plain cells, cells with spans (and an id, which a link may name), or a group heading
 * across the whole table (a GRI standard, a SASB metric, a year). The first cell of a row is its
 * row header.
 */
export type DataTableRow = ReactNode[] | { cells: DataTableCell[]; id?: string } | { group: ReactNode };

/** A cell that holds a figure alone (`18,886`, `46.6%`, `564,917†`, a year, `—`) is set right-aligned on its digits. */
const isFigure = (content: ReactNode) => typeof content === 'string' && /^(?:[-−+]?\d[\d,.]*%?†?|—)$/.test(content);
const figureClass = (content: ReactNode) => (isFigure(content) ? 'num' : undefined);

interface DataTableProps {
  caption: string;
  /** Hide the caption visually when a heading right above says the same (it stays the table's name). */
  captionHidden?: boolean;
  head: ReactNode[];
  rows: DataTableRow[];
  note?: ReactNode;
  /** Links under the table, such as its CSV download. */
  footer?: ReactNode;
  className?: string;
}

/**
 * A real table with a caption and header scopes. On phones it scrolls sideways inside its own box
 * (the box is focusable so keyboard users can scroll it too), never the whole page; the first
 * column stays in view.
 */
/** Rows past which a printed table is long: it begins on a page of its own, where a short one is kept whole (templates/book/book.css). */
const longTable = 15;

export function DataTable({ caption, captionHidden, head, rows, note, footer, className }: DataTableProps) {
  // The scroll box's name differs from the caption's: a section labelled by the same heading would
  // otherwise be a second landmark with the same name.
  const { t, print } = usePage();
  // In the report PDF a figure is tagged as one, which asks for a text alternative: a table is its own.
  const Frame = print ? 'div' : 'figure';
  const notes = (
    <>
      {note && <p className="table-note">{note}</p>}
      {footer}
    </>
  );
  return (
    <Frame className={['table-box', className, print && (rows.length > longTable ? 'table-long' : 'table-short')].filter(Boolean).join(' ')}>
      <div className="table-scroll" {...(print ? {} : { tabIndex: 0, role: 'region', 'aria-label': t('a11y.tableScroll', { caption }) })}>
        <table>
          <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {head.map((cell, index) => (
                <th key={index} scope="col" className={figureClass(cell)}>
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <BodyRow key={r} row={row} width={head.length} />
            ))}
          </tbody>
        </table>
      </div>
      {/* A figure's caption comes first or last: the note and the links under the table are one. */}
      {print || !(note || footer) ? notes : <figcaption className="table-caption">{notes}</figcaption>}
    </Frame>
  );
}

function BodyRow({ row, width }: { row: DataTableRow; width: number }) {
  if ('group' in row) {
    return (
      <tr className="table-group">
        <th scope="colgroup" colSpan={width}>
          <span className="table-group-label">{row.group}</span>
        </th>
      </tr>
    );
  }
  const cells: DataTableCell[] = Array.isArray(row) ? row.map((content) => ({ content })) : row.cells;
  return (
    <tr id={Array.isArray(row) ? undefined : row.id}>
      {cells.map((cell, c) =>
        c === 0 ? (
          <th key={c} scope="row" colSpan={cell.colSpan}>
            {cell.content}
          </th>
        ) : (
          <td key={c} colSpan={cell.colSpan} className={figureClass(cell.content)}>
            {cell.content}
          </td>
        ),
      )}
    </tr>
  );
}
