import type { ReactNode } from 'react';
import type { ReportGri } from '../../schemas/types.ts';
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
  const { t } = usePage();
  const tables = tablesOf(t);
  return (
    <Layout head={{ title: data.title, description: data.description }}>
      <article className="article report-page">
        <header className="page-header">
          <h1>{data.title}</h1>
          {data.lead && <Paragraphs text={data.lead} className="lead" />}
        </header>
        <nav className="report-contents" aria-label={t('report.contents')}>
          <ul>
            {tables.map((table) => (
              <li key={table.id}>
                <a href={`#${table.id}`}>{table.caption}</a>
              </li>
            ))}
          </ul>
        </nav>
        {tables.map((table) => (
          <ReportSection key={table.id} table={table} />
        ))}
      </article>
    </Layout>
  );
}

function ReportSection({ table }: { table: ReportTable }) {
  const { t, path } = usePage();
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
          <p className="table-download">
            <a href={`${path}/${csvFileName(table)}`} download>
              {t('report.csv')}
              <span className="visually-hidden">{t('report.csvOf', { caption: table.caption })}</span>
            </a>
          </p>
        }
      />
    </section>
  );
}

function CellView({ cell, tooltipId }: { cell: ReportCell; tooltipId: string }): ReactNode {
  const { t } = usePage();
  return (
    <>
      {cell.tag && <span className="tag report-tag">{cell.tag}</span>}
      {cell.text && <span className="cell-text">{cell.text}</span>}
      {cell.tooltip && <Tooltip id={tooltipId} label={t('report.tooltip')} text={cell.tooltip} />}
      {cell.list && cell.list.length > 0 && (
        <ul className="cell-list">
          {cell.list.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
      {cell.links && (
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
