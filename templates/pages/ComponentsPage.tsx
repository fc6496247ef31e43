import type { ReactNode } from 'react';
import type { Block, Components, MetricsBlock, Section } from '../../schemas/types.ts';
import { Layout } from '../Layout.tsx';
import { Blocks } from '../blocks/Blocks.tsx';
import { ChapterLinks } from '../blocks/ChapterLinks.tsx';
import { DataTable } from '../blocks/DataTable.tsx';
import { MetricsTable } from '../blocks/MetricsTable.tsx';
import { TargetsTable, targetsOf } from '../blocks/TargetsTable.tsx';
import { RestatementsTable } from '../blocks/RestatementsTable.tsx';
import { OpenDataLinks } from '../blocks/OpenDataLinks.tsx';
import { TrendChart, type TrendChartProps } from '../blocks/TrendChart.tsx';
import { seriesOf } from '../metrics.ts';
import { EventCards, type EventSummary } from '../blocks/EventCard.tsx';
import { Figures } from '../blocks/Figures.tsx';
import { GoalCard } from '../blocks/GoalCard.tsx';
import { MaterialityMatrix } from '../blocks/MaterialityMatrix.tsx';
import { PageHeader } from '../blocks/PageHeader.tsx';
import { Paragraphs } from '../blocks/Paragraphs.tsx';
import { Picture } from '../blocks/Picture.tsx';
import { PrincipleGroup } from '../blocks/PrincipleGroup.tsx';
import { SdgBadges } from '../blocks/SdgBadges.tsx';
import { Sections } from '../blocks/Sections.tsx';
import { SiteLink } from '../blocks/SiteLink.tsx';
import { Tabs } from '../blocks/Tabs.tsx';
import { Tags } from '../blocks/Tags.tsx';
import { TextList } from '../blocks/TextList.tsx';
import { Tooltip } from '../blocks/Tooltip.tsx';
import { TopicCard } from '../blocks/TopicCard.tsx';
import { usePage, type PageLocale } from '../context.tsx';

/**
 * The living style guide: every shared block of templates/blocks rendered with sample data from
 * content/<locale>/components.yaml, each under its component name, so a designer or an editor sees
 * what every block looks like at any width. tests/sustainability checks no block is missing.
 */
export function ComponentsPage({ data, events }: { data: Components; events: EventSummary[] }) {
  const { t, locale } = usePage();
  const samples = data.samples;
  const blocks = samples.sections.flatMap((section) => [...section.blocks, ...(section.subsections ?? []).flatMap((sub) => sub.blocks)]);
  const links = firstOf(blocks, 'links');
  const table = firstOf(blocks, 'table');
  const figures = firstOf(blocks, 'figures');
  const metrics = firstOf(blocks, 'metrics');
  const trend = metrics && trendSample(metrics, locale, t('metrics.noFigure'));
  const image = firstOf(blocks, 'image');
  const text = firstOf(blocks, 'text');
  const tagged = samples.sections.find((section): section is Section & { tags: string[] } => Boolean(section.tags?.length));
  const entries: [string, ReactNode][] = [
    ['PageHeader', <PageHeader title={samples.topic.title} kicker={samples.topic.subtitle} lead={samples.topic.description[0]} headingLevel={3} />],
    ['Tabs', <Tabs label={samples.tabs[0]!.text} tabs={samples.tabs.map((tab) => ({ label: tab.text, url: tab.url }))} current={0} />],
    ['Paragraphs', text && <Paragraphs text={text.text} />],
    ['Figures', figures && <Figures items={figures.items} />],
    ['DataTable', table && <DataTable caption={table.caption} head={table.head} rows={table.rows} note={table.note} />],
    ['MetricsTable', metrics && <MetricsTable block={metrics} />],
    ['TrendChart', trend && <TrendChart {...trend} />],
    ['TargetsTable', <TargetsTable targets={targetsOf(locale.metrics, 'water')} caption={t('targets.title')} />],
    ['RestatementsTable', <RestatementsTable />],
    ['OpenDataLinks', <OpenDataLinks />],
    ['Picture', image && <Picture image={image.image} />],
    ['ChapterLinks', links && <ChapterLinks title={links.title} items={links.items} />],
    [
      'SiteLink',
      links && (
        <p className="component-links">
          {links.items.map((link) => (
            <SiteLink key={link.url} url={link.url}>
              {link.text}
            </SiteLink>
          ))}
        </p>
      ),
    ],
    ['Tags', tagged && <Tags tags={tagged.tags} />],
    ['SdgBadges', <SdgBadges numbers={samples.topic.sdgs} label={samples.topic.title} />],
    ['TextList', <TextList value={samples.topic.content.strategy.strategyContent.policy} />],
    [
      'Tooltip',
      <p>
        {samples.topic.content.strategy.strategyTitle} <Tooltip id="sample-tooltip" label={t('report.tooltip')} text={samples.tooltip} />
      </p>,
    ],
    ['Blocks', <Blocks blocks={samples.sections[0]!.blocks} />],
    ['Sections', <Sections sections={samples.sections} />],
    ['EventCard', events.length > 0 && <EventCards events={events} />],
    ['TopicCard', <TopicCard topic={samples.topic} headingLevel={3} />],
    ['GoalCard', <GoalCard goal={samples.goal} headingLevel={3} />],
    ['PrincipleGroup', <PrincipleGroup entry={samples.principle} headingLevel={3} />],
    ['MaterialityMatrix', <MaterialityMatrix matrix={samples.matrix} id="sample-matrix" />],
  ];
  return (
    // A gallery for designers and editors, not for readers: out of site search.
    <Layout head={{ title: data.title, description: data.description, siteSearch: false }}>
      <article className="article components">
        <PageHeader title={data.title} lead={data.lead} />
        <nav className="component-index" aria-label={data.title}>
          <ul>
            {entries.map(([name]) => (
              <li key={name}>
                <a href={`#component-${name}`}>
                  <code>{name}</code>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {entries.map(([name, sample]) => (
          <section key={name} id={`component-${name}`} className="component-sample" data-component={name} aria-labelledby={`component-${name}-title`}>
            <h2 id={`component-${name}-title`}>
              <code>{name}</code>
            </h2>
            {data.notes[name] && <p className="component-note">{data.notes[name]}</p>}
            <div className="component-frame">{sample}</div>
          </section>
        ))}
      </article>
    </Layout>
  );
}

function firstOf<T extends Block['type']>(blocks: Block[], type: T): Extract<Block, { type: T }> | undefined {
  return blocks.find((block): block is Extract<Block, { type: T }> => block.type === type);
}

/** The first metric of a metrics block as a bar chart on its own: TrendChart as any block may use it. */
function trendSample(block: MetricsBlock, locale: PageLocale, noFigure: string): TrendChartProps | undefined {
  const metric = locale.metrics.get(block.metrics[0]!);
  if (!metric) return undefined;
  return {
    kind: 'bar',
    title: metric.label,
    years: block.years,
    series: [seriesOf(metric, block.years, locale.iso)],
    unit: metric.unit,
    iso: locale.iso,
    noFigure,
  };
}
