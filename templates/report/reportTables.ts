import type {
  ChapterLink,
  ReportAccounting,
  ReportAccountingItem,
  ReportClimate,
  ReportExchange,
  ReportExchangeGhgTable,
  ReportGri,
  ReportIndexItem,
  ReportIndexSet,
  ReportSasb,
  ReportSasbSet,
} from '../../schemas/types.ts';
import type { Translate } from '../i18n.ts';
import type { Answers, Assured } from '../metrics.ts';
import type { Disclosure, ReportCell, ReportRow, ReportTable } from './tableModel.ts';

/** The years of the SASB value columns: the report years 2020 to 2024 (docs/product.md, "Numbers"). */
export const sasbYears = ['2020', '2021', '2022', '2023', '2024'] as const;

/** The tables of report/gri: the statement of use, then GRI1–GRI4 and GRIG4. */
export function griTables(data: ReportGri, t: Translate, answers: Answers): ReportTable[] {
  const statement: ReportTable = {
    id: data.statement.id,
    caption: data.statement.title,
    head: [t('report.col.item'), t('report.col.description')],
    rows: data.statement.rows.map((row) => ({ cells: [{ text: row.label }, { text: row.text }] })),
  };
  const { GRI1, GRI2, GRI3, GRI4, GRIG4 } = data.sets;
  return [statement, ...[GRI1, GRI2, GRI3, GRI4, GRIG4].map((set) => withAssurance(indexTable(set, t, answers), t, answers))];
}

/** The tables of report/climate: one per group of recommended disclosures. */
export function climateTables(data: ReportClimate, t: Translate): ReportTable[] {
  return data.sets.map((set) => indexTable(set, t, { links: () => [], assurance: () => undefined }));
}

function indexTable(set: ReportIndexSet, t: Translate, answers: Answers): ReportTable {
  return {
    id: set.id,
    caption: set.title,
    captionTag: set.titleTag,
    note: set.note,
    head: [t('report.col.num'), t('report.col.disclosure'), t('report.col.location'), t('report.col.remark')],
    rows: set.content.flatMap((group): ReportRow[] => [
      ...(group.subtitle ? [{ group: group.subtitle, tag: group.tag }] : []),
      ...group.items.map((item) => ({ cells: indexCells(item, t, answers.links(item.num)), disclosure: { code: item.num, assured: item.assured } })),
    ]),
  };
}

/**
 * The table with a last column saying whether each row was assured (是／部分／否), and a legend
 * naming who assured what it cites: from the registry's metrics that answer the row's code, or,
 * where none does, the row's own `assured` (default no).
 */
function withAssurance(table: ReportTable, t: Translate, answers: Answers): ReportTable {
  const providers = new Set<string>();
  const assuredOf = ({ code, assured }: Disclosure): Assured => {
    const found = answers.assurance(code);
    for (const by of found?.by ?? []) providers.add(by);
    return found?.assured ?? assured ?? 'no';
  };
  const rows = table.rows.map((row): ReportRow =>
    'group' in row || !row.disclosure ? row : { ...row, cells: [...row.cells, { text: t(assuredNames[assuredOf(row.disclosure)]) }] },
  );
  const legend = providers.size ? t('report.assuranceLegend', { providers: [...providers].join('；') }) : t('report.assuranceNone');
  return { ...table, head: [...table.head, t('report.col.assured')], rows, legend };
}

const assuredNames = { yes: 'report.assured.yes', partly: 'report.assured.partly', no: 'report.assured.no' } as const satisfies Record<Assured, string>;

/** A disclosure's row: its number, title, where the report covers it (and the metrics that answer it), remark. */
function indexCells(item: ReportIndexItem, t: Translate, metrics: ChapterLink[]): ReportCell[] {
  const links = [...(item.chapter ?? []), ...metrics];
  const location: ReportCell = item.omission
    ? {
        tag: t('report.omitted'),
        text: item.omission.requirement && t('report.omission', { requirement: item.omission.requirement }),
        list: [t('report.omissionReason', { reason: t(`report.reason.${item.omission.reason}`) }), item.omission.explanation],
        links,
      }
    : { links };
  return [{ text: item.num }, { text: item.title, tag: item.tag, tooltip: item.tooltip }, location, { text: item.remark?.text }];
}

/** The tables of report/sasb: SASB1–SASB5, each metric a group row with its code and type. */
export function sasbTables(data: ReportSasb, t: Translate, answers: Answers): ReportTable[] {
  const { SASB1, SASB2, SASB3, SASB4, SASB5 } = data.sets;
  return [SASB1, SASB2, SASB3, SASB4, SASB5].map((set) => withAssurance(sasbTable(set, t, answers), t, answers));
}

function sasbTable(set: ReportSasbSet, t: Translate, answers: Answers): ReportTable {
  return {
    id: set.id,
    caption: set.title,
    note: set.note,
    head: [t('report.col.metric'), ...sasbYears, t('report.col.location')],
    rows: set.groups.flatMap((group): ReportRow[] => [
      { group: `${group.code} ${group.subtitle}`, tag: t(`report.sasb.${group.type}`) },
      // The metrics that answer the SASB metric are linked from its first row.
      ...group.rows.map((row, r) => ({
        disclosure: { code: group.code, assured: group.assured },
        cells: [
          { text: row.title, remark: row.remark?.text },
          ...(group.type === 'quantitative'
            ? sasbYears.map((year) => ({ text: row[`data${year}`] }))
            : [{ text: t('report.sasb.seeChapter'), colSpan: sasbYears.length }]),
          { links: r === 0 ? [...(row.chapter ?? []), ...answers.links(group.code)] : row.chapter },
        ],
      })),
    ]),
  };
}

/** The tables of report/exchange: the rule's article rows, climate items 1–9, GHG scopes 1, 2, 3. */
export function exchangeTables(data: ReportExchange, t: Translate): ReportTable[] {
  const { exchange, climate, ghg } = data;
  const articles: ReportTable = {
    id: exchange.id,
    caption: exchange.title,
    note: exchange.note,
    head: [t('report.col.rule'), t('report.col.location'), t('report.col.remark')],
    rows: exchange.rows.map((row) => ({ cells: [{ text: row.title, tooltip: row.tooltip }, { links: row.chapter }, { text: row.remark }] })),
  };
  const climateItems: ReportTable = {
    id: climate.id,
    caption: climate.title,
    head: [t('report.col.item'), t('report.col.execution'), t('report.col.location')],
    rows: [...climate.items]
      .sort((a, b) => a.num - b.num)
      .map((item) => ({
        cells: [
          { text: `${item.num}. ${item.title}` },
          {
            text: item.execution.text,
            list: [...(item.execution.list ?? []), ...(item.execution.text2 ? [item.execution.text2] : []), ...(item.execution.list2 ?? [])],
            remark: item.remark,
          },
          { links: item.chapter },
        ],
      })),
  };
  return [articles, climateItems, ...[ghg.scope1, ghg.scope2, ghg.scope3].map((scope, index) => ghgTable(scope, index === 2 ? ghg.note : undefined, t))];
}

function ghgTable(scope: ReportExchangeGhgTable, note: string | undefined, t: Translate): ReportTable {
  const year = (label: number, list: ReportExchangeGhgTable['list']): ReportRow[] => [
    { group: t('report.year', { year: label }) },
    ...list.map((row) => ({ cells: [{ text: row.comp }, { text: row.total }, { text: row.density }, { text: row.agency }, { text: row.situation }] })),
  ];
  return {
    id: scope.id,
    caption: scope.subtitle,
    note: [scope.note, note].filter(Boolean).join(' ') || undefined,
    head: [t('report.col.site'), t('report.col.emissions'), t('report.col.intensity'), t('report.col.verifier'), t('report.col.verification')],
    rows: [...year(scope.year, scope.list), ...year(scope.year2, scope.list2)],
  };
}

/** The tables of report/accounting: ACCOUNT1 (assurance scope) and ACCOUNT2 (assured values, #appendix5). */
export function accountingTables(data: ReportAccounting, t: Translate): ReportTable[] {
  return [data.ACCOUNT1, data.ACCOUNT2].map((set) => ({
    id: set.id,
    caption: set.title,
    note: set.note,
    head: [t('report.col.item'), t('report.col.description')],
    rows: (['gri', 'sasb', 'custom'] as const).flatMap((kind): ReportRow[] =>
      set[kind].length ? [{ group: t(`report.account.${kind}`) }, ...set[kind].map((item) => ({ cells: accountCells(item) }))] : [],
    ),
  }));
}

function accountCells(item: ReportAccountingItem): ReportCell[] {
  return [{ text: item.title }, { text: item.content, list: item.list }];
}
