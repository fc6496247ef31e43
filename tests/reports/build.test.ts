import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportGri } from '../../schemas/types.ts';
import { createTranslator } from '../../templates/i18n.ts';
import { griTables } from '../../templates/report/reportTables.ts';
import { tableRecords } from '../../templates/report/tableModel.ts';
import { buildProblems, buildSample, contentCopy, editContent, sampleContent } from '../helpers/site.ts';
import { page } from '../helpers/html.ts';
import { parseCsv } from './parseCsv.ts';

describe('report pages in the built site', () => {
  let out: string;
  beforeAll(async () => {
    out = await buildSample();
  }, 120_000);

  it('writes each GRI table as a CSV that parses back to the rows of the page (with the BOM)', () => {
    const gri = parse(readFileSync(join(sampleContent, 'zh_TW/report/gri.yaml'), 'utf8')) as ReportGri;
    const messages = parse(readFileSync(join(sampleContent, 'zh_TW/messages.yaml'), 'utf8'));
    const tables = griTables(gri, createTranslator(messages, 'zh-Hant-TW'));
    for (const table of tables) {
      const text = readFileSync(join(out, 'zh_TW/report/gri', `${table.id}.csv`), 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(parseCsv(text)).toEqual(tableRecords(table, (n) => `p.${n}`));
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
    editContent(content, 'zh_TW/report/gri.yaml', (text) => text.replace('url: /company#overview', 'url: /company#nowhere').replace('url: /focus/sustainability/governance?focus=focus111', 'url: /focus/sustainability/governance?focus=focus119'));
    editContent(content, 'zh_TW/report/exchange.yaml', (text) => text.replace('/report/accounting#appendix5', '/report/accounting#appendix9'));
    const problems = await buildProblems(content);
    const lines = readFileSync(join(content, 'zh_TW/report/gri.yaml'), 'utf8').split('\n');
    const at = (file: string, needle: string) => problems.find((problem) => problem.file.endsWith(file) && problem.message.includes(needle));
    const missing = at('zh_TW/report/gri.yaml', 'section nowhere');
    expect(missing?.line).toBe(lines.findIndex((line) => line.includes('/company#nowhere')) + 1);
    expect(missing?.message).toContain('/company');
    expect(at('zh_TW/report/gri.yaml', 'section focus119')).toBeDefined();
    // Anchors on report pages are checked too, from the ids of the report documents.
    expect(at('zh_TW/report/exchange.yaml', 'section appendix9')?.message).toContain('/report/accounting');
  }, 120_000);
});
