import type { Materiality } from '../../schemas/types.ts';
import { Layout } from '../Layout.tsx';
import { MaterialityMatrix } from '../blocks/MaterialityMatrix.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { Sections } from '../blocks/Sections.tsx';

/** materiality-analyze: the matrix of topics by concern and impact, then the article sections. */
export function MaterialityPage({ data }: { data: Materiality }) {
  return (
    <Layout head={{ title: data.title, description: data.description }}>
      <article className="article materiality">
        <PageHeader title={data.title} kicker={data.kicker} lead={data.lead} />
        <MaterialityMatrix matrix={data.matrix} />
        <div className="article-body">
          <Sections sections={data.sections} />
        </div>
      </article>
    </Layout>
  );
}
