import type { ReportAccounting, ReportClimate, ReportExchange, ReportGri, ReportSasb } from '../../cli/content/types.ts';
import type { DocumentRoute } from '../../cli/build/routes.tsx';
import type { Translate } from '../i18n.ts';
import { ReportPage } from '../pages/ReportPage.tsx';
import { accountingTables, climateTables, exchangeTables, griTables, sasbTables } from './reportTables.ts';
import type { ReportTable } from './tableModel.ts';

/** A report index page: its content file and how its tables are made from it. */
export interface ReportPageKind {
  document: string;
  tables: (data: unknown, t: Translate) => ReportTable[];
}

/** The report index pages by route name (spec §2; report/UNGC-support is a page of its own kind). */
export const reportPages: Record<string, ReportPageKind> = {
  'report/gri': { document: 'report/gri.yaml', tables: (data, t) => griTables(data as ReportGri, t) },
  'report/sasb': { document: 'report/sasb.yaml', tables: (data, t) => sasbTables(data as ReportSasb, t) },
  'report/exchange': { document: 'report/exchange.yaml', tables: (data, t) => exchangeTables(data as ReportExchange, t) },
  'report/climate': { document: 'report/climate.yaml', tables: (data, t) => climateTables(data as ReportClimate, t) },
  'report/accounting': { document: 'report/accounting.yaml', tables: (data, t) => accountingTables(data as ReportAccounting, t) },
};

/** Route declarations of the report index pages, for cli/build/routes.tsx's routeTable. */
export const reportRoutes: DocumentRoute[] = Object.entries(reportPages).map(([name, kind]) => ({
  name,
  document: kind.document,
  render: (document) => <ReportPage data={document.data as ReportGri} tables={(t) => kind.tables(document.data, t)} />,
}));
