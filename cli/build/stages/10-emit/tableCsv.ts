import { pageLabel } from '../../../../templates/blocks/ChapterLinks.tsx';
import { createTranslator } from '../../../../templates/i18n.ts';
import { csvFileName, tableRecords } from '../../../../templates/report/tableModel.ts';
import { toCsv } from '../../csv.ts';
import { documentOf } from '../../model/site.ts';
import { noBooks, type Books } from '../../model/pageContext.tsx';
import type { RenderedFile } from '../../../siteFiles.ts';
import type { RoutePlan } from '../../model/routes.ts';

/**
 * One CSV file per report table, beside its page (`zh_TW/report/gri/gri-general.csv`), made from the
 * same table model the page renders, in the page's locale.
 */
export function tableCsvFiles(plan: RoutePlan, books: Books = noBooks): RenderedFile[] {
  return plan.routes.flatMap((route) => {
    const { tables } = route.pageKind;
    const messages = documentOf(route.locale, 'messages.yaml', 'messages');
    if (!tables || route.kind !== 'page' || !route.document || !messages) return [];
    const t = createTranslator(messages.data, route.locale.iso);
    return tables(route.document, t, route.locale).map((table) => ({
      path: `${route.path.slice(1)}/${csvFileName(table)}`,
      contents: toCsv(
        tableRecords(table, (url) => {
          const page = books.pageNumber(route.locale.code, url);
          return page === undefined ? undefined : pageLabel(page);
        }),
      ),
    }));
  });
}
