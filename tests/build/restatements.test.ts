import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSample, contentCopy, editContent, runEsg, sampleContent, inMetric } from '../helpers/site.ts';
import { hashesOf } from '../helpers/outFolders.ts';
import { builtSampleCopy, printedProblems } from '../helpers/mistakes.ts';
import { page } from '../helpers/html.ts';

// GRI 2-4: every figure of an earlier year that differs from what the latest published edition
// gave (content/editions/<year>/metrics.json) is either explained on its metric (restated:) and
// listed with both values, or fails the build naming the metric and both values.

/** The rows of the restatements table of a built about page, as the texts of their cells. */
function restatementRows(outDir: string, locale: string): string[][] {
  const html = page(readFileSync(join(outDir, locale, 'about/index.html'), 'utf8'));
  const section = html.byId('data')!;
  return html
    .byClass('restatements-table', undefined, section)
    .flatMap((table) => html.byTag('tbody', table).flatMap((body) => html.byTag('tr', body)))
    .map((row) => [...html.byTag('th', row), ...html.byTag('td', row)].map((cell) => html.text(cell).trim()));
}

describe('restated figures', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await buildSample();
  }, 120_000);

  it('lists the sample’s scope 2 restatement where GRI 2-4 points, in every locale, with the value published and the value now', () => {
    const gri = page(readFileSync(join(outDir, 'zh_TW/report/gri/index.html'), 'utf8'));
    const row = gri.byTag('tr').find((candidate) => gri.text(gri.byTag('th', candidate)[0] ?? candidate).trim() === '2-4')!;
    expect(gri.byTag('a', row).map((link) => link.attribs.href)).toEqual(['/zh_TW/about#data']);
    // The hand-typed remark is gone: the registry tells it.
    expect(gri.text(row)).not.toContain('範疇二');

    const published = JSON.parse(readFileSync(join(sampleContent, 'editions/2023/metrics.json'), 'utf8')) as {
      metrics: { id: string; values: Record<string, number> }[];
    };
    const scope2 = published.metrics.find((metric) => metric.id === 'ghg-scope2')!.values['2023']!;
    expect(scope2).toBe(564917);
    expect(restatementRows(outDir, 'zh_TW')).toContainEqual([
      '範疇二溫室氣體排放量',
      '2023',
      '564,917公噸CO2e',
      '548,271公噸CO2e',
      expect.stringContaining('2023 年電力排放係數'),
    ]);
    expect(restatementRows(outDir, 'zh_CN')[0]).toEqual([
      '范畴二温室气体排放量',
      '2023',
      '564,917公吨CO2e',
      '548,271公吨CO2e',
      expect.stringContaining('电力排放系数'),
    ]);
    expect(restatementRows(outDir, 'en')).toContainEqual([
      'Scope 2 GHG emissions',
      '2023',
      '564,917 t CO2e',
      '548,271 t CO2e',
      expect.stringContaining('2023 grid emission factor'),
    ]);
    expect(restatementRows(outDir, 'en').map(([label]) => label)).toEqual([
      'Scope 2 GHG emissions',
      'Scope 1 and 2 GHG emissions',
      'Scope 2 emission intensity',
    ]);
  });

  it('marks a restated figure in its table and chart, explains it under the table and on the data page, and publishes it as open data', () => {
    const energy = page(readFileSync(join(outDir, 'zh_TW/focus/climate/energy/index.html'), 'utf8'));
    const table = energy.byClass('metrics-block')[0]!;
    const cells = energy.byTag('td', table).map((cell) => energy.text(cell));
    expect(cells).toEqual(expect.arrayContaining(['548,271†', '730,496†', '520,329']));
    expect(energy.byTag('text', table).map((label) => energy.text(label))).toContain('548,271†');
    expect(energy.byClass('table-note-line', undefined, table).map((line) => energy.text(line))).toContainEqual(
      expect.stringMatching(/^†範疇二溫室氣體排放量2023年數值已重編，原公布564,917公噸CO2e。/),
    );

    const data = page(readFileSync(join(outDir, 'en/performance/data/index.html'), 'utf8'));
    const card = data.byId('metric-ghg-scope2')!;
    expect(data.byClass('metric-restated', undefined, card).map((line) => data.text(line))).toEqual([
      expect.stringMatching(/^† The 2023 figure is restated; published as 564,917 t CO2e\. Recalculated/),
    ]);

    const { metrics } = JSON.parse(readFileSync(join(outDir, 'data/metrics.json'), 'utf8')) as {
      metrics: { id: string; values: Record<string, number>; restated: Record<string, { published: number; reason: Record<string, string> }> | null }[];
    };
    const restated = metrics.filter((metric) => metric.restated);
    expect(restated.map((metric) => metric.id)).toEqual(['ghg-scope2', 'ghg-scope12', 'ghg-scope2-intensity']);
    expect(restated[0]!.restated!['2023']).toMatchObject({ published: 564917, reason: { en: expect.stringContaining('grid emission factor') } });
    expect(metrics.find((metric) => metric.id === 'revenue')?.restated).toBeNull();
    const csv = readFileSync(join(outDir, 'data/metrics.csv'), 'utf8').split(/\r?\n/);
    expect(csv[0]).toMatch(/,restated_years,published_values,restated_reason_zh_TW,restated_reason_zh_CN,restated_reason_en$/);
    expect(csv.find((line) => line.startsWith('ghg-scope2-intensity,'))).toMatch(
      /,2023,12\.2,隨範疇二排放量重編。,随范畴二排放量重编。,Follows the restated scope 2 emissions\.$/,
    );
  });
});

describe('a published figure changed', () => {
  it('fails the build without a reason, naming the metric, the year and both values, and leaves out/ as it was', () => {
    const { content, out, before } = builtSampleCopy();
    editContent(content, 'metrics.yaml', (text) =>
      [
        inMetric('trees-planted', (block) => block.replace('2023: 4500', '2023: 4650')),
        inMetric('blood-donors', (block) => block.replace('2022: 1046', '2022: 1050')),
        // Within the figure's decimals: what the report writes is unchanged, so nothing is restated.
        inMetric('air-pm', (block) => block.replace('2023: 41.8', '2023: 41.84')),
      ].reduce((changed, edit) => edit(changed), text),
    );
    const text = readFileSync(join(content, 'metrics.yaml'), 'utf8');
    const placeOf = (needle: string) => {
      const lines = text.slice(0, text.indexOf(needle)).split('\n');
      return `metrics.yaml:${lines.length}:${lines.at(-1)!.length + needle.indexOf(':') + 3}`;
    };
    const failed = runEsg(['build', '--content', content, '--out', out]);
    expect(failed.code).not.toBe(0);
    // In the registry's order: blood-donors comes before trees-planted.
    expect(printedProblems(failed.stderr, content)).toEqual([`${placeOf('2022: 1050')}  ESG7011`, `${placeOf('2023: 4650')}  ESG7011`]);
    expect(failed.stderr).toContain('trees-planted 2023 is 4,650, but the 2023 edition published 4,500');
    expect(failed.stderr).toContain('blood-donors 2022 is 1,050, but the 2023 edition published 1,046');
    expect(failed.stderr).not.toContain('air-pm');
    expect(failed.stderr).not.toMatch(/\n\s+at /);
    expect(hashesOf(out)).toEqual(before);
  }, 120_000);

  it('builds with a reason, and lists the figure with both values where GRI 2-4 points', async () => {
    const content = contentCopy();
    editContent(
      content,
      'metrics.yaml',
      inMetric('trees-planted', (block) =>
        block
          .replace('2023: 4500', '2023: 4650')
          .replace(/\n(\s+)boundary:/, '\n$1restated:\n$1  2023: { zh_TW: 補登第二梯次植樹。, en: Adds the second planting round. }\n$1boundary:'),
      ),
    );
    const outDir = await buildSample(content);
    expect(restatementRows(outDir, 'zh_TW')).toContainEqual([
      '種植原生樹苗株數',
      '2023',
      expect.stringMatching(/^4,500/),
      expect.stringMatching(/^4,650/),
      '補登第二梯次植樹。',
    ]);
    expect(restatementRows(outDir, 'en')).toContainEqual([
      'Native saplings planted',
      '2023',
      expect.stringMatching(/^4,500 /),
      expect.stringMatching(/^4,650 /),
      'Adds the second planting round.',
    ]);
    const ecology = page(readFileSync(join(outDir, 'zh_TW/focus/local/ecology/index.html'), 'utf8'));
    expect(ecology.byTag('td').map((cell) => ecology.text(cell))).toContain('4,650†');
  }, 120_000);

  it('warns of a reason that explains no change, refuses a file of editions/ it does not know, and checks an edition against its schema', () => {
    const { content, out } = builtSampleCopy();
    editContent(
      content,
      'metrics.yaml',
      inMetric('blood-donors', (block) => block.replace(/\n(\s+)boundary:/, '\n$1restated:\n$1  2023: { zh_TW: 重新統計。, en: Counted again. }\n$1boundary:')),
    );
    const warned = runEsg(['build', '--content', content, '--out', out]);
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stderr).toMatch(
      /⚠ ESG7102 \S+metrics\.yaml:\d+:\d+: blood-donors gives a reason for restating 2023, but its figure is the one the 2023 edition published/,
    );

    const after = hashesOf(out);
    mkdirSync(join(content, 'editions/latest'));
    writeFileSync(join(content, 'editions/latest/metrics.json'), '{ "metrics": [] }\n');
    editContent(content, 'editions/2023/metrics.json', (text) => text.replace('"2023": 463.18', '"2023": "463.18"'));
    const failed = runEsg(['build', '--content', content, '--out', out]);
    expect(failed.code).not.toBe(0);
    const edition = readFileSync(join(content, 'editions/2023/metrics.json'), 'utf8');
    const line = edition.slice(0, edition.indexOf('"463.18"')).split('\n').length;
    expect(printedProblems(failed.stderr, content)).toEqual([
      expect.stringMatching(/^editions\/latest\/metrics\.json:1:1 {2}ESG1003$/),
      expect.stringMatching(new RegExp(`^editions/2023/metrics\\.json:${line}:\\d+ {2}ESG2\\d{3}$`)),
    ]);
    expect(hashesOf(out)).toEqual(after);
  }, 120_000);
});
