import type { Article } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { fileSize } from '../format.ts';
import { Layout } from '../Layout.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { Picture } from '../blocks/Picture.tsx';
import { Sections } from '../blocks/Sections.tsx';

/** A page of sections: about, the letters, committee, company, projects and the focus pages. */
export function ArticlePage({ data }: { data: Article }) {
  const { t, chapterFile, locale, print } = usePage();
  return (
    <Layout head={{ title: data.title, description: data.description, siteSearch: data.siteSearch === false ? false : undefined }}>
      {/* A page signed by its writer is a letter: the book prints it as one, without key-figure cards. */}
      <article className={data.signature ? 'article letter' : 'article'}>
        <PageHeader title={data.title} kicker={data.kicker} lead={data.lead} tags={data.tags} tagsLabel={t('article.tags')} />
        {chapterFile && !print && (
          <p className="chapter-pdf">
            <a href={chapterFile.href}>
              <span className="icon-download" aria-hidden="true" />
              {t('book.chapterPdf')}
            </a>{' '}
            <span className="chapter-pdf-meta">
              {t('book.chapterPdfMeta', { first: chapterFile.first, last: chapterFile.last, size: fileSize(chapterFile.bytes, locale.iso) })}
            </span>
          </p>
        )}
        {data.hero && <Picture image={data.hero} slot="hero" priority className="hero" />}
        <div className="article-body">
          <Sections sections={data.sections} />
          {data.signature && <p className="signature">{t('article.signature', { name: data.signature.name, role: data.signature.role })}</p>}
        </div>
      </article>
    </Layout>
  );
}
