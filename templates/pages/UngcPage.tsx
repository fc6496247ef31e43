import type { Ungc } from '../../schemas/types.ts';
import { Layout } from '../Layout.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { PrincipleGroup } from '../blocks/PrincipleGroup.tsx';

/** report/UNGC-support: the four Global Compact principle groups with 2024 benefits and chapters. */
export function UngcPage({ data }: { data: Ungc }) {
  return (
    <Layout head={{ title: data.title, description: data.description }}>
      <article className="article ungc">
        <PageHeader title={data.title} kicker={data.kicker} lead={data.lead} />
        <div className="principle-groups">
          {data.groups.map((entry) => (
            <PrincipleGroup key={entry.num} entry={entry} />
          ))}
        </div>
      </article>
    </Layout>
  );
}
