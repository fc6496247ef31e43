import type { ReactNode } from 'react';

/**
 * A real table with a caption and header scopes. On phones it scrolls sideways inside its own box
 * (the box is focusable so keyboard users can scroll it too), never the whole page.
 */
export function DataTable({ caption, head, rows, note }: { caption: string; head: ReactNode[]; rows: ReactNode[][]; note?: string }) {
  return (
    <figure className="table-box">
      <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {head.map((cell, index) => (
                <th key={index} scope="col">{cell}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (c === 0 ? <th key={c} scope="row">{cell}</th> : <td key={c}>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note && <figcaption className="table-note">{note}</figcaption>}
    </figure>
  );
}
