import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Metrics } from '../../schemas/types.ts';
import { buildSample, contentCopy, editContent, sampleContent } from '../helpers/site.ts';
import { parseCsv } from './parseCsv.ts';

/** Every coded row of a locale's index tables (their CSV files, which hold what the page shows): code → assured cell. */
function assuredCells(outDir: string, locale: string, index: 'gri' | 'sasb'): Map<string, string> {
  const folder = join(outDir, locale, 'report', index);
  const cells = new Map<string, string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.csv') && name !== 'gri-statement.csv')) {
    const [head, ...rows] = parseCsv(readFileSync(join(folder, file), 'utf8'));
    expect(head!.at(-1), file).toBe({ zh_TW: '外部確信', zh_CN: '外部确信', en: 'Assured' }[locale]);
    for (const row of rows) if (row.at(-1)) cells.set(row[0]!, row.at(-1)!);
  }
  return cells;
}

/** Whether a disclosure was assured, worked out here from the registry: every, some or none of the metrics citing it, in their latest year. */
function assuredByRegistry(registry: Metrics, code: string): 'yes' | 'partly' | 'no' | undefined {
  const citing = registry.metrics.filter((metric) => metric.gri?.includes(code));
  if (!citing.length) return undefined;
  const assured = citing.filter((metric) => {
    const latest = Math.max(...Object.keys(metric.values).map(Number));
    return metric.assurance && (metric.assurance.years ?? [latest]).includes(latest);
  });
  return assured.length === citing.length ? 'yes' : assured.length ? 'partly' : 'no';
}

const zhTW = { yes: '是', partly: '部分', no: '否' };

describe('assurance on every index row', () => {
  it("says for each GRI row whether the registry's figures it cites were assured, yes, partly or no, with a legend of who assured them", async () => {
    const content = contentCopy();
    // A disclosure no metric answers says it in its content.
    editContent(content, 'zh_TW/report/gri.yaml', (text) =>
      text.replace('          - num: 2-3\n            title:', '          - num: 2-3\n            assured: yes\n            title:'),
    );
    const outDir = await buildSample(content);
    const registry = parse(readFileSync(join(sampleContent, 'metrics.yaml'), 'utf8')) as Metrics;
    const cells = assuredCells(outDir, 'zh_TW', 'gri');
    const seen = new Set<string>();
    for (const [code, cell] of cells) {
      const expected = assuredByRegistry(registry, code);
      if (expected) seen.add(expected);
      expect(cell, code).toBe(zhTW[expected ?? (code === '2-3' ? 'yes' : 'no')]);
    }
    // The sample has rows of each kind, a mixed one among them.
    expect(seen).toEqual(new Set(['yes', 'partly', 'no']));
    expect(assuredCells(outDir, 'zh_CN', 'gri').get('2-3')).toBe('是');
    const html = readFileSync(join(outDir, 'zh_TW/report/gri/index.html'), 'utf8');
    expect(html).toMatch(/class="table-note-line">外部確信：[^<]*衡準查證股份有限公司（ISO 14064-1:2018 合理確信）/);
    // SASB rows too (the English index pages are guards: their tables are the zh_TW ones).
    const sasb = [...assuredCells(outDir, 'zh_TW', 'sasb').values()];
    expect(sasb.length).toBeGreaterThan(0);
    expect(sasb.every((cell) => ['是', '部分', '否'].includes(cell))).toBe(true);
  }, 120_000);

  it('turns a row partly assured when one of the figures it cites loses its assurance', async () => {
    const registry = parse(readFileSync(join(sampleContent, 'metrics.yaml'), 'utf8')) as Metrics;
    // A disclosure every one of whose two or more metrics is assured.
    const code = [...new Set(registry.metrics.flatMap((metric) => metric.gri ?? []))].find(
      (candidate) => assuredByRegistry(registry, candidate) === 'yes' && registry.metrics.filter((metric) => metric.gri?.includes(candidate)).length >= 2,
    )!;
    const metric = registry.metrics.find((entry) => entry.gri?.includes(code))!;
    const content = contentCopy();
    editContent(content, 'metrics.yaml', (text) => {
      const at = text.indexOf(`  - id: ${metric.id}\n`);
      const end = text.indexOf('\n  - id:', at + 1);
      return text.slice(0, at) + text.slice(at, end).replace(/\n    assurance:\n(      .*\n)+/, '\n') + text.slice(end);
    });
    const outDir = await buildSample(content);
    expect(assuredCells(outDir, 'zh_TW', 'gri').get(code)).toBe('部分');
  }, 120_000);
});
