import type { ReactElement } from 'react';
import type { ContentTypes, SchemaName } from '../../../schemas/types.ts';
import { ArticlePage } from '../../../templates/pages/ArticlePage.tsx';
import { ComponentsPage } from '../../../templates/pages/ComponentsPage.tsx';
import { DownloadsPage } from '../../../templates/pages/DownloadsPage.tsx';
import { EventListPage } from '../../../templates/pages/EventListPage.tsx';
import { EventOopsPage } from '../../../templates/pages/EventOopsPage.tsx';
import { EventPage } from '../../../templates/pages/EventPage.tsx';
import { HomePage } from '../../../templates/pages/HomePage.tsx';
import { MaterialityPage } from '../../../templates/pages/MaterialityPage.tsx';
import { MetricsDataPage } from '../../../templates/pages/MetricsDataPage.tsx';
import { answersOf, metricsDataRoute, type Answers } from '../../../templates/metrics.ts';
import { PerformancePage } from '../../../templates/pages/PerformancePage.tsx';
import { QuizPage } from '../../../templates/pages/QuizPage.tsx';
import { ReportPage } from '../../../templates/pages/ReportPage.tsx';
import { SearchPage } from '../../../templates/pages/SearchPage.tsx';
import { SurveyPage } from '../../../templates/pages/SurveyPage.tsx';
import { SustainablePage } from '../../../templates/pages/SustainablePage.tsx';
import { TargetsPage } from '../../../templates/pages/TargetsPage.tsx';
import { UngcPage } from '../../../templates/pages/UngcPage.tsx';
import type { Translate } from '../../../templates/i18n.ts';
import type { ResultKind } from '../../../widgets/search/engine.ts';
import { accountingTables, climateTables, exchangeTables, griTables, sasbTables } from '../../../templates/report/reportTables.ts';
import type { ReportTable } from '../../../templates/report/tableModel.ts';
import type { LocaleEvents } from './events.ts';
import { type ContentDocument, isDocumentOf } from '../../content/documents.ts';
import { isPlainObject, type LocaleModel } from './site.ts';

/** What a page may read besides its own content file. */
export interface PageInput {
  locale: LocaleModel;
  events: LocaleEvents;
}

/**
 * A page ready to render: its element, and the data it is made from besides its locale (its file's
 * data, the events it shows). The two come from the same values, so `inputs` is all a page reads
 * of the content but its locale's shell: the incremental build (incremental.ts) renders a page
 * again only when its inputs, its locale or its code changed.
 */
export interface PreparedPage {
  inputs: unknown[];
  element: () => ReactElement;
}

/**
 * One kind of page: the route pattern it answers, the content file it is made from and its
 * schema, and how its page component is rendered from that file's data.
 *
 * A `*` in `content` makes one page per matching file; the file's `*` parts fill the route's
 * `{placeholders}` in order (focus/care/safe.yaml → focus/{group}/{topic}; events/x.md → event/{id}).
 * A kind without `content` is made from the UI messages and the model (the event list).
 *
 * Every kind is built in every locale of site.yaml. zh_CN pages come from the zh_TW file
 * converted (or the editor's zh_CN override); English pages exist where site.yaml's
 * `englishRoutes` lists the route, and are the English guard elsewhere: which pages have an
 * English edition is the editors' to say, not the code's.
 */
export interface PageKind {
  route: string;
  content?: { file: string; schema: SchemaName };
  prepare: (document: ContentDocument | undefined, input: PageInput) => PreparedPage;
  /**
   * What site search shows its results as (and a hub ranks lower); a topic unless said. Null
   * keeps the page out of site search: it repeats another page.
   */
  result?: ResultKind | null;
  /** A report index page's tables, which are also written as CSV files beside the page. */
  tables?: (document: ContentDocument, t: Translate, locale: LocaleModel) => ReportTable[];
}

/**
 * A kind made from a content file: its component gets the data typed by the file's schema, and
 * what `shows` picks of the locale's events (a page reads no event it does not pick).
 */
function pageShowing<S extends SchemaName, P>(
  route: string,
  file: string,
  schema: S,
  shows: (data: ContentTypes[S], events: LocaleEvents) => P,
  render: (data: ContentTypes[S], shown: P, locale: LocaleModel) => ReactElement,
): PageKind {
  return {
    route,
    content: { file, schema },
    prepare: (document, { locale, events }) => {
      // The catalogue gives every file its schema, so a page's file always follows the page's.
      if (!document || !isDocumentOf(document, schema))
        throw new Error(`the page ${route || 'home'} is made from ${file} (${schema}), not ${document?.schema ?? 'nothing'}`);
      const { data } = document;
      const shown = shows(data, events);
      return { inputs: [data, ...partsOf(shown)], element: () => render(data, shown, locale) };
    },
  };
}

/**
 * What a page shows, as inputs: an object of picks ({ event, others }) is made again by every
 * build, but its parts are the same objects from build to build while their files are unchanged,
 * and 09-render.tsx hashes each object once; so the picks go in by their parts.
 */
function partsOf(shown: unknown): unknown[] {
  return isPlainObject(shown) ? Object.entries(shown).flat() : [shown];
}

/** A kind made from a content file alone. */
function page<S extends SchemaName>(route: string, file: string, schema: S, render: (data: ContentTypes[S], locale: LocaleModel) => ReactElement): PageKind {
  return pageShowing(
    route,
    file,
    schema,
    () => null,
    (data, _none, locale) => render(data, locale),
  );
}

/** A page with no content file of its own: the UI messages, and what `shows` picks of the events. */
function messagesPage<P>(route: string, shows: (events: LocaleEvents) => P, render: (shown: P) => ReactElement): PageKind {
  return {
    route,
    prepare: (_document, { events }) => {
      const shown = shows(events);
      return { inputs: [shown], element: () => render(shown) };
    },
  };
}

const noEvents = () => null;

/**
 * A report index page: each of its tables is a section with its own anchor and a CSV download.
 * Its disclosures link to the metrics of content/metrics.yaml that answer them.
 */
function reportPage<S extends `report-${string}` & SchemaName>(
  route: string,
  schema: S,
  tables: (data: ContentTypes[S], t: Translate, answers: Answers) => ReportTable[],
): PageKind {
  const standard = schema === 'report-sasb' ? 'sasb' : 'gri';
  const answers = (t: Translate, locale: LocaleModel) => answersOf(locale.metrics, standard, t);
  const kind = page(route, `${route}.yaml`, schema, (data, locale) => <ReportPage data={data} tables={(t) => tables(data, t, answers(t, locale))} />);
  return { ...kind, result: 'report', tables: (document, t, locale) => (isDocumentOf(document, schema) ? tables(document.data, t, answers(t, locale)) : []) };
}

const article = (route: string, file = `pages/${route}.yaml`) => page(route, file, 'article', (data) => <ArticlePage data={data} />);

/** A home page design: 2025 at the locale root, the earlier ones at index2024 (the special index layout) and index2023. */
const home = (route: string, indexLayout = false): PageKind => ({
  ...pageShowing(
    route,
    `${route || 'home'}.yaml`,
    'home',
    (data, events) => events.latest(data),
    (data, events) => <HomePage data={data} events={events} indexLayout={indexLayout} />,
  ),
  result: 'hub',
});

/**
 * A page with tabs, each tab its own address: `route` shows tab 1, `route/1` … `route/<count>` each
 * tab. The count is fixed here and in the page's schema (minItems = maxItems), so a tab is never missing.
 */
function tabbed<S extends SchemaName>(
  route: string,
  file: string,
  schema: S,
  count: number,
  render: (data: ContentTypes[S], tab: number) => ReactElement,
  result?: ResultKind,
): PageKind[] {
  const tabs = Array.from({ length: count }, (_, tab): PageKind => ({
    ...page(`${route}/${tab + 1}`, file, schema, (data) => render(data, tab)),
    result: tab === 0 ? null : result,
  }));
  // `route/1` shows what `route` shows: search lists it once.
  return [{ ...page(route, file, schema, (data) => render(data, 0)), result }, ...tabs];
}

const performance = (route: string) =>
  tabbed(route, `${route}.yaml`, 'performance', 3, (data, tab) => <PerformancePage data={data} tab={tab} base={`/${route}`} />, 'summary');

/** Every page of the site, in the order pages are built and indexed for search. */
export const pageKinds: PageKind[] = [
  home(''),
  home('index2024', true),
  home('index2023'),
  ...['about', 'chairman', 'president', 'committee', 'company', 'saisiyat', 'kiwi', 'Shuang-Xi'].map((route) => article(route)),
  { ...article('focus/{group}/{topic}', 'focus/*/*.yaml'), result: 'focus' },
  { ...page('report-download', 'report-download.yaml', 'downloads', (data) => <DownloadsPage data={data} />), result: 'downloads' },
  {
    ...messagesPage(
      'event',
      (events) => events.summaries(),
      (events) => <EventListPage events={events} />,
    ),
    result: 'hub',
  },
  messagesPage('event/oops', noEvents, () => <EventOopsPage />),
  page('search', 'search.yaml', 'search', (data) => <SearchPage data={data} />),
  {
    ...pageShowing(
      'event/{id}',
      'events/*.md',
      'event',
      (data, events) => ({ event: events.get(data.id)!, others: events.summaries(events.others(data.id)) }),
      (_data, { event, others }) => <EventPage event={event} others={others} />,
    ),
    result: 'event',
  },
  ...['materiality-stakeholder', 'materiality-manage', 'covid19', 'external'].map((route) => article(route)),
  // Sustainability: topics and SDGs, the Global Compact, performance (and its 2024 edition), materiality, the style guide.
  ...tabbed('sustainable', 'sustainable.yaml', 'sustainable', 2, (data, tab) => <SustainablePage data={data} tab={tab} />, 'summary'),
  { ...page('report/UNGC-support', 'report/UNGC-support.yaml', 'ungc', (data) => <UngcPage data={data} />), result: 'report' },
  ...performance('performance'),
  ...performance('performance2024'),
  messagesPage(metricsDataRoute, noEvents, () => <MetricsDataPage />),
  { ...messagesPage('targets', noEvents, () => <TargetsPage />), result: 'summary' },
  page('materiality-analyze', 'materiality-analyze.yaml', 'materiality', (data) => <MaterialityPage data={data} />),
  {
    ...pageShowing(
      'components',
      'components.yaml',
      'components',
      (_data, events) => events.summaries(events.list.slice(0, 2)),
      (data, events) => <ComponentsPage data={data} events={events} />,
    ),
    result: 'hub',
  },
  // The report indexes: each table of a report page is a section with its own anchor.
  reportPage('report/gri', 'report-gri', griTables),
  reportPage('report/sasb', 'report-sasb', sasbTables),
  reportPage('report/exchange', 'report-exchange', exchangeTables),
  reportPage('report/climate', 'report-climate', climateTables),
  reportPage('report/accounting', 'report-accounting', accountingTables),
  // The quiz's three screens and the survey's two steps.
  page('qa/qa', 'qa.yaml', 'quiz', (data) => <QuizPage data={data} screen="start" />),
  page('qa/qa-form', 'qa.yaml', 'quiz', (data) => <QuizPage data={data} screen="form" />),
  page('qa/qa-result', 'qa.yaml', 'quiz', (data) => <QuizPage data={data} screen="result" />),
  page('questionnaire/basic', 'questionnaire.yaml', 'questionnaire', (data) => <SurveyPage data={data} step="basic" />),
  page('questionnaire/questions', 'questionnaire.yaml', 'questionnaire', (data) => <SurveyPage data={data} step="questions" />),
];

/**
 * Every page name of the product (docs/product.md, "Pages"). A link to one not built
 * yet is a warning, not an error: it shows as plain text until the page exists.
 */
export const plannedRoutes = [
  '',
  'about',
  'chairman',
  'president',
  'committee',
  'company',
  'components',
  'covid19',
  'event',
  'event/oops',
  'event/{id}',
  'external',
  'index2023',
  'index2024',
  'materiality-analyze',
  'materiality-manage',
  'materiality-stakeholder',
  'performance',
  'performance/{tab}',
  'performance2024',
  'performance2024/{tab}',
  'performance/data',
  'targets',
  'sustainable',
  'sustainable/{tab}',
  'report-download',
  'search',
  'focus/{group}/{topic}',
  'report/accounting',
  'report/climate',
  'report/exchange',
  'report/gri',
  'report/sasb',
  'report/UNGC-support',
  'qa/qa',
  'qa/qa-form',
  'qa/qa-result',
  'questionnaire/basic',
  'questionnaire/questions',
  'saisiyat',
  'kiwi',
  'Shuang-Xi',
];
