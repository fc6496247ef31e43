import type { ReactNode } from 'react';
import type { ChapterLink as ChapterLinkData, ReportGri } from '../../schemas/types.ts';
import { metricsDataRoute } from '../metrics.ts';
import { SiteLink } from '../blocks/SiteLink.tsx';
import { usePage } from '../context.tsx';
import type { Translate } from '../i18n.ts';
import { Layout } from '../Layout.tsx';
import { ChapterLink } from '../blocks/ChapterLinks.tsx';
import { DataTable, type DataTableRow } from '../blocks/DataTable.tsx';
import { Paragraphs } from '../blocks/Paragraphs.tsx';
import { Tooltip } from '../blocks/Tooltip.tsx';
import { csvFileName, type ReportCell, type ReportTable } from '../report/tableModel.ts';

type ReportHeader = Pick<ReportGri, 'title' | 'description' | 'lead'>;

/**
 * A report index page (GRI, SASB, exchange, climate, assurance): a list of its tables, then each
 * table in its own section with its anchor and a CSV download of the same rows.
 */
export function ReportPage({ data, tables: tablesOf }: { data: ReportHeader; tables: (t: Translate) => ReportTable[] }) {
  const { t, print } = usePage();
  const tables = tablesOf(t);
  return (
    <Layout head={{ title: data.title, description: data.description }}>
      <article className="article report-page">
        <header className="page-header">
          <h1>{data.title}</h1>
          {data.lead && <Paragraphs text={data.lead} className="lead" />}
        </header>
        {!print && (
          <nav className="report-contents" aria-label={t('report.contents')}>
            <ul>
              {tables.map((table) => (
                <li key={table.id}>
                  <a href={`#${table.id}`}>{table.caption}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {tables.map((table) => (
          <ReportSection key={table.id} table={table} />
        ))}
      </article>
    </Layout>
  );
}

function ReportSection({ table: asGiven }: { table: ReportTable }) {
  const { t, path, print } = usePage();
  const table = print ? remarksUnderText(asGiven, t('report.col.remark')) : asGiven;
  const rows = table.rows.map((row, r): DataTableRow => {
    if ('group' in row)
      return {
        group: (
          <>
            {row.group}
            {row.tag && <span className="tag report-tag">{row.tag}</span>}
          </>
        ),
      };
    return { cells: row.cells.map((cell) => ({ colSpan: cell.colSpan, content: <CellView cell={cell} tooltipId={`tip-${table.id}-${r}`} /> })) };
  });
  return (
    <section id={table.id} className="content-section report-section" aria-labelledby={`${table.id}-title`}>
      <h2 id={`${table.id}-title`}>
        {table.caption}
        {table.captionTag && <span className="tag report-tag">{table.captionTag}</span>}
      </h2>
      <DataTable
        className="report-table"
        caption={table.caption}
        captionHidden
        head={table.head}
        rows={rows}
        note={
          table.legend ? (
            <>
              {table.note && <span className="table-note-line">{table.note}</span>}
              <span className="table-note-line">{table.legend}</span>
            </>
          ) : (
            table.note
          )
        }
        footer={
          !print && (
            <p className="table-download">
              <a href={`${path}/${csvFileName(table)}`} download>
                {t('report.csv')}
                <span className="visually-hidden">{t('report.csvOf', { caption: table.caption })}</span>
              </a>
            </p>
          )
        }
      />
    </section>
  );
}

function CellView({ cell, tooltipId }: { cell: ReportCell; tooltipId: string }): ReactNode {
  const { t, print } = usePage();
  return (
    <>
      {cell.tag && <span className="tag report-tag">{cell.tag}</span>}
      {cell.text && <span className="cell-text">{cell.text}</span>}
      {cell.tooltip && (print ? <span className="cell-note">{cell.tooltip}</span> : <Tooltip id={tooltipId} label={t('report.tooltip')} text={cell.tooltip} />)}
      {cell.list && cell.list.length > 0 && (
        <ul className="cell-list">
          {cell.list.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
      {cell.links && print && <PrintedLocations links={cell.links} />}
      {cell.links && !print && (
        <ul className="cell-links">
          {cell.links.map((link, index) => (
            <li key={index}>
              <ChapterLink link={link} />
            </li>
          ))}
        </ul>
      )}
      {cell.remark && (
        <p className="cell-remark">
          <span className="cell-remark-label">{t('report.remark')}</span>
          {cell.remark}
        </p>
      )}
    </>
  );
}

/**
 * Where the book covers a row, as an index on paper gives it: each chapter once, with the pages of
 * the sections named (`公司概況 17–18`), and the figures that answer it folded into the data
 * appendix's pages rather than listed one by one.
 */
function PrintedLocations({ links }: { links: ChapterLinkData[] }) {
  const { t, pageNumber } = usePage();
  const chapters = new Map<string, { url: string; pages: number[] }>();
  for (const link of links) {
    const name = link.url.startsWith(`/${metricsDataRoute}#`) ? t('metrics.dataTitle') : link.text.split(/／| \/ /)[0]!;
    const found = chapters.get(name) ?? chapters.set(name, { url: link.url, pages: [] }).get(name)!;
    const page = pageNumber(link.url);
    if (page !== undefined) found.pages.push(page);
  }
  return (
    <span className="cell-locations">
      {[...chapters].map(([name, { url, pages }]) => (
        <span key={name} className="cell-location">
          <SiteLink url={url}>{name}</SiteLink>
          {pages.length > 0 && <span className="chapter-page"> {pageRanges(pages)}</span>}
        </span>
      ))}
    </span>
  );
}

/** Pages as ranges: 17, 18, 19, 23 → `17–19, 23`. */
export function pageRanges(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let at = 0; at < sorted.length;) {
    let end = at;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    ranges.push(end === at ? String(sorted[at]) : `${sorted[at]}–${sorted[end]}`);
    at = end + 1;
  }
  return ranges.join(', ');
}

/**
 * The table as paper sets it: a remarks column's text is a note under the row's second cell (the
 * disclosure's title), which leaves the width to the locations. The CSV keeps the column.
 */
function remarksUnderText(table: ReportTable, remark: string): ReportTable {
  const at = table.head.indexOf(remark);
  if (at < 2) return table;
  return {
    ...table,
    head: table.head.filter((_, index) => index !== at),
    rows: table.rows.map((row) => {
      if ('group' in row || row.cells.length !== table.head.length) return row;
      const note = row.cells[at]!.text;
      const cells = row.cells.filter((_, index) => index !== at);
      if (note) cells[1] = { ...cells[1], remark: [cells[1]!.remark, note].filter(Boolean).join(' ') };
      return { ...row, cells };
    }),
  };
}
