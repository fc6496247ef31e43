import type { Performance } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { Sections } from '../blocks/Sections.tsx';
import { OpenDataLinks } from '../blocks/OpenDataLinks.tsx';
import { Tabs, tabLinks } from '../blocks/Tabs.tsx';

/** performance (and its 2024 edition): one tab of sections per address, `<base>/N`; the bare address shows tab 1. */
export function PerformancePage({ data, tab, base }: { data: Performance; tab: number; base: string }) {
  const { t } = usePage();
  const current = data.tabs[tab]!;
  return (
    <Layout head={{ title: t('sustain.tabTitle', { title: data.title, tab: current.label }), description: data.description }}>
      <article className="article performance">
        <PageHeader title={data.title} kicker={data.kicker} lead={data.lead} />
        <Tabs
          label={t('sustain.tabs', { title: data.title })}
          tabs={tabLinks(
            base,
            data.tabs.map((entry) => entry.label),
          )}
          current={tab}
        />
        <div className="article-body tab-panel">
          <Sections sections={current.sections} />
          <OpenDataLinks />
        </div>
      </article>
    </Layout>
  );
}
