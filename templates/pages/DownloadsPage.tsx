import type { Downloads } from '../../schemas/types.ts';
import { usePage, type ReportFile } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { Paragraphs } from '../blocks/Paragraphs.tsx';
import { DataTable } from '../blocks/DataTable.tsx';
import { fileSize } from '../format.ts';
import { OpenDataLinks } from '../blocks/OpenDataLinks.tsx';

/** The 2024 report and the earlier editions, with year, language and file size. */
export function DownloadsPage({ data }: { data: Downloads }) {
  const { t, reports, locale } = usePage();
  const latestYear = reports[0]?.year;
  const latest = reports.filter((file) => file.year === latestYear);
  const archive = reports.filter((file) => file.year !== latestYear);
  const size = (file: ReportFile) =>
    file.pages ? `${t('book.pages', { pages: file.pages })} · ${fileSize(file.bytes, locale.iso)}` : fileSize(file.bytes, locale.iso);
  const language = (file: ReportFile) => t(`lang.${file.language}`);
  const label = (file: ReportFile) => t('download.fileLabel', { year: file.year, language: language(file), size: size(file) });
  return (
    <Layout head={{ title: data.title, description: data.description }}>
      <article className="article downloads">
        <header className="page-header">
          <h1>{data.title}</h1>
          <Paragraphs text={data.lead} className="lead" />
        </header>
        <section className="content-section" id="latest">
          <h2>{data.latestHeading}</h2>
          <ul className="download-cards">
            {latest.map((file) => (
              <li key={file.href} className="download-card">
                <span className="download-badge">{t('download.latest')}</span>
                <span className="download-title">{t(`download.kind.${file.kind}`, { year: file.year })}</span>
                <span className="download-meta">
                  {language(file)} · PDF · {size(file)}
                </span>
                <a className="button" href={file.href} download aria-label={label(file)}>
                  <span className="icon-download" aria-hidden="true" />
                  {t('download.file')}
                </a>
              </li>
            ))}
          </ul>
        </section>
        {archive.length > 0 && (
          <section className="content-section" id="archive">
            <h2>{data.archiveHeading}</h2>
            <DataTable
              caption={data.archiveHeading}
              head={[t('download.year'), t('download.language'), t('download.size'), t('download.file')]}
              rows={archive.map((file) => [
                `${file.year} · ${t(`download.kind.${file.kind}`, { year: file.year })}`,
                language(file),
                size(file),
                <a key="link" href={file.href} download aria-label={label(file)}>
                  PDF
                </a>,
              ])}
            />
          </section>
        )}
        <section className="content-section" id="data">
          <h2>{t('metrics.dataTitle')}</h2>
          <p>{t('metrics.dataLead')}</p>
          <OpenDataLinks />
        </section>
        {data.note && <Paragraphs text={data.note} className="note" />}
      </article>
    </Layout>
  );
}
