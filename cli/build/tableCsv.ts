import { createTranslator } from '../../templates/i18n.ts';
import { reportPages } from '../../templates/report/reportRoutes.tsx';
import { csvFileName, tableRecords } from '../../templates/report/tableModel.ts';
import { toCsv } from './csv.ts';
import type { RenderedFile } from './render.tsx';
import type { RoutePlan } from './routes.tsx';

/** How a printed page number reads in a CSV cell, as the chapter links show it on the page. */
const pageLabel = (page: number) => `p.${page}`;

/**
 * One CSV file per report table, beside its page (`zh_TW/report/gri/gri-general.csv`), made from the
 * same table model the page renders, in the page's locale.
 */
export function tableCsvFiles(plan: RoutePlan): RenderedFile[] {
  return plan.routes.flatMap((route) => {
    const kind = reportPages[route.name];
    const document = kind && route.kind === 'page' ? route.locale.documents.get(kind.document) : undefined;
    if (!kind || !document) return [];
    const t = createTranslator(route.locale.messages, route.locale.iso);
    return kind.tables(document.data, t).map((table) => ({
      path: `${route.path.slice(1)}/${csvFileName(table)}`,
      contents: toCsv(tableRecords(table, pageLabel)),
    }));
  });
}
