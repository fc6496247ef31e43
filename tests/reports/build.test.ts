import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../cli/build/index.ts';
import { documentOf } from '../../cli/build/model/site.ts';
import { answersOf } from '../../templates/metrics.ts';
import { createTranslator } from '../../templates/i18n.ts';
import { griTables } from '../../templates/report/reportTables.ts';
import { tableRecords } from '../../templates/report/tableModel.ts';
import { buildProblems, buildSample, contentCopy, editContent, sampleContent } from '../helpers/site.ts';
import { page } from '../helpers/html.ts';
import { parseCsv } from './parseCsv.ts';
import { publishedPageMap } from '../helpers/outFolders.ts';
import { pageKey } from '../../cli/build/stages/08-book/chapters.ts';

describe('report pages in the built site', () => {
  let out: string;
  beforeAll(async () => {
    out = await buildSample();
  }, 120_000);

  it('writes each GRI table as a CSV that parses back to the rows of the page (with the BOM)', async () => {
    // The tables as the build makes them: the figures written out, the metrics that answer each disclosure linked.
    const { model } = await validate(sampleContent, { verbose: false });
    const zhTW = model.locales.find((locale) => locale.code === 'zh_TW')!;
    const gri = documentOf(zhTW, 'report/gri.yaml', 'report-gri')!.data;
    const t = createTranslator(documentOf(zhTW, 'messages.yaml', 'messages')!.data, 'zh-Hant-TW');
    const tables = griTables(gri, t, answersOf(zhTW.metrics, 'gri', t));
    // Each chapter link with the page the report PDF prints it on, where the site publishes one.
    const map = publishedPageMap(out, 'zh_TW');
    const label = (url: string) => (map?.[pageKey(url)] === undefined ? undefined : `p.${map[pageKey(url)]}`);
    for (const table of tables) {
      const text = readFileSync(join(out, 'zh_TW/report/gri', `${table.id}.csv`), 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(parseCsv(text)).toEqual(tableRecords(table, label));
    }
    const general = parseCsv(readFileSync(join(out, 'zh_TW/report/gri/gri-general.csv'), 'utf8'));
    expect(general.map((row) => row[0])).toEqual(expect.arrayContaining(['2-1', '2-30']));
  });

  it('renders real tables: caption, column and row header scopes, the CSV link, the #appendix5 section', () => {
    const html = page(readFileSync(join(out, 'zh_TW/report/gri/index.html'), 'utf8'));
    const tables = html.byTag('table');
    expect(tables.length).toBe(6);
    for (const table of tables) {
      expect(html.byTag('caption', table).length).toBe(1);
      expect(html.byTag('th', table).some((th) => th.attribs.scope === 'col')).toBe(true);
      expect(html.byTag('th', table).some((th) => th.attribs.scope === 'row')).toBe(true);
    }
    expect(html.byClass('table-download').length).toBe(6);
    expect(html.byId('gri-general')).toBeDefined();
    const accounting = page(readFileSync(join(out, 'zh_CN/report/accounting/index.html'), 'utf8'));
    expect(accounting.byId('appendix5')).toBeDefined();
  });
});

describe('chapter links of the report tables', () => {
  it('a link to a missing section fails the build at its file and line', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/report/gri.yaml', (text) =>
      text
        .replace('url: /company#overview', 'url: /company#nowhere')
        .replace('url: /focus/sustainability/governance?focus=focus111', 'url: /focus/sustainability/governance?focus=focus119'),
    );
    editContent(content, 'zh_TW/report/exchange.yaml', (text) => text.replace('/report/accounting#appendix5', '/report/accounting#appendix9'));
    const problems = await buildProblems(content);
    const lineOf = (file: string, needle: string) =>
      readFileSync(join(content, file), 'utf8')
        .split('\n')
        .findIndex((line) => line.includes(needle)) + 1;
    expect(problems.map((problem) => `${problem.file.replace(/^.*\/content\//, '')}:${problem.line}  ${problem.code}`).sort()).toEqual(
      [
        `zh_TW/report/gri.yaml:${lineOf('zh_TW/report/gri.yaml', '/company#nowhere')}  ESG4006`,
        `zh_TW/report/gri.yaml:${lineOf('zh_TW/report/gri.yaml', '?focus=focus119')}  ESG4006`,
        // Anchors on report pages are checked too, from the ids of the report documents.
        `zh_TW/report/exchange.yaml:${lineOf('zh_TW/report/exchange.yaml', '/report/accounting#appendix9')}  ESG4006`,
      ].sort(),
    );
    // The sections the page does have, as the hint lists them.
    expect(problems.find((problem) => problem.file.endsWith('zh_TW/report/exchange.yaml'))?.hint).toMatch(/\bappendix5$/);
  }, 120_000);
});
