import type { Article } from '../../cli/content/types.ts';
import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { Paragraphs } from '../blocks/Paragraphs.tsx';
import { Picture } from '../blocks/Picture.tsx';
import { Sections } from '../blocks/Sections.tsx';
import { Tags } from '../blocks/Tags.tsx';

/** A page of sections: about, the letters, committee, company, projects and the focus pages. */
export function ArticlePage({ data }: { data: Article }) {
  const { t } = usePage();
  return (
    <Layout head={{ title: data.title, description: data.description }}>
      <article className="article">
        <header className="page-header">
          {data.kicker && <p className="kicker">{data.kicker}</p>}
          <h1>{data.title}</h1>
          {data.lead && <Paragraphs text={data.lead} className="lead" />}
          {data.tags && <Tags tags={data.tags} label={t('article.tags')} />}
        </header>
        {data.hero && <Picture image={data.hero} eager className="hero" />}
        <div className="article-body">
          <Sections sections={data.sections} />
          {data.signature && <p className="signature">{t('article.signature', { name: data.signature.name, role: data.signature.role })}</p>}
        </div>
      </article>
    </Layout>
  );
}
