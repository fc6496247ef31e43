import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { Metrics } from '../../schemas/types.ts';
import { buildProblems, buildSample, contentCopy, editContent, sampleContent } from '../helpers/site.ts';
import { page } from '../helpers/html.ts';

const registry = (): Metrics => parse(readFileSync(join(sampleContent, 'metrics.yaml'), 'utf8')) as Metrics;

/** The sample's metric whose 2024 value is `value`: tests name metrics by their figures, not by ids that may be renamed. */
function metricOf(value: number) {
  const metric = registry().metrics.find((entry) => entry.values['2024'] === value);
  if (!metric) throw new Error(`no metric of the sample has ${value} in 2024`);
  return metric;
}

/** Every text file under a built folder, with its path. */
function builtTexts(outDir: string): [string, string][] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(html|json|csv|xml|txt)$/.test(entry.name))
    .map((entry) => [join(entry.parentPath, entry.name).slice(outDir.length + 1), readFileSync(join(entry.parentPath, entry.name), 'utf8')]);
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the metrics registry', () => {
  it('takes a corrected figure to every page, chart, index and open data file in every locale', async () => {
    const reduction = metricOf(18886);
    const content = contentCopy();
    editContent(content, 'metrics.yaml', (text) => {
      const at = text.indexOf(`id: ${reduction.id}\n`);
      const end = text.indexOf('\n  - id:', at);
      return text.slice(0, at) + text.slice(at, end).replace(/\b18886\b/, '17654') + text.slice(end);
    });
    const outDir = await buildSample(content);
    const texts = builtTexts(outDir);
    expect(texts.filter(([, text]) => /18,886|18886/.test(text)).map(([path]) => path)).toEqual([]);
    for (const locale of ['zh_TW', 'zh_CN', 'en']) {
      const shows = (path: string) => expect(readFileSync(join(outDir, locale, path, 'index.html'), 'utf8'), `${locale}/${path}`).toContain('17,654');
      shows('');
      shows('performance/data');
      if (locale !== 'en') {
        shows('performance/2');
        shows('focus/climate/energy');
      }
    }
    const data = JSON.parse(readFileSync(join(outDir, 'data/metrics.json'), 'utf8')) as {
      metrics: { id: string; values: Record<string, number>; label: Record<string, string> }[];
    };
    const published = data.metrics.find((metric) => metric.id === reduction.id)!;
    expect(published.values['2024']).toBe(17654);
    expect(Object.keys(published.label)).toEqual(['zh_TW', 'zh_CN', 'en']);
    const csv = readFileSync(join(outDir, 'data/metrics.csv'), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n').find((row) => row.startsWith(`${reduction.id},`))).toContain(',17654,');
  }, 120_000);

  it('stops at every unknown metric, unknown year and malformed reference, each at its file, line and column', async () => {
    const known = metricOf(18886).id;
    const about = 'zh_TW/pages/about.yaml';
    const event = 'zh_TW/events/2023-blood-drive.md';
    const content = contentCopy();
    editContent(content, about, (text) => text.replace(/^description: (.*)$/m, 'description: 全年減碳 {{ghg-no-such-metric 2024}} 公噸，另見 {{oops}}。'));
    editContent(content, event, (text) => `${text.trimEnd()}\n\n當年減碳 {{${known} 1999}} 公噸。\n`);
    editContent(content, 'zh_TW/performance.yaml', (text) =>
      text.replace(
        '          - type: figures\n',
        `          - type: metrics\n            caption: 測試\n            metrics: [${known}, not-a-metric]\n            years: [2024]\n          - type: figures\n`,
      ),
    );
    const problems = await buildProblems(content);
    const found = (code: string, file: string) => problems.filter((entry) => entry.code === code && entry.file.endsWith(file));
    const aboutText = readFileSync(join(content, about), 'utf8');
    expect(found('ESG7001', about)).toMatchObject([
      {
        line: lineOf(aboutText, '{{ghg-no-such'),
        column: aboutText.split('\n')[lineOf(aboutText, '{{ghg-no-such') - 1]!.indexOf('{{ghg-no-such') + 1,
        field: 'description',
      },
    ]);
    expect(found('ESG7003', about)).toMatchObject([{ field: 'description' }]);
    const eventText = readFileSync(join(content, event), 'utf8');
    expect(found('ESG7002', event)).toMatchObject([{ line: lineOf(eventText, ' 1999}}'), field: 'body' }]);
    expect(found('ESG7002', event)[0]!.message).toContain('1999');
    const block = found('ESG7001', 'zh_TW/performance.yaml');
    expect(block).toHaveLength(1);
    expect(block[0]!.field).toMatch(/\.metrics\[1\]$/);
  }, 120_000);

  it('fails a sum that does not add up, with the declared figure and the parts side by side', async () => {
    const [first, second] = registry().metrics.filter(
      (metric) => metric.unit !== 'percent' && metric.values['2024'] !== undefined && metric.values['2023'] !== undefined,
    );
    const sum = first!.values['2024']! + second!.values['2024']!;
    const content = contentCopy();
    const added = `  - id: test-total\n    topic: climate\n    label: { zh_TW: 合計, en: Total }\n    unit: ${first!.unit}\n    decimals: ${Math.max(first!.decimals ?? 0, second!.decimals ?? 0)}\n    values: { 2023: ${first!.values['2023']! + second!.values['2023']!}, 2024: ${sum + 1000} }\n    boundary: { zh_TW: 全公司, en: Company }\n    sum: [${first!.id}, ${second!.id}]\n`;
    editContent(content, 'metrics.yaml', (text) => `${text.trimEnd()}\n${added}`);
    const problems = await buildProblems(content);
    const failed = problems.filter((entry) => entry.code === 'ESG7006');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ field: 'metrics[' + registry().metrics.length + '].values.2024' });
    expect(failed[0]!.file).toMatch(/metrics\.yaml$/);
    expect(failed[0]!.message).toContain(first!.id);
    expect(failed[0]!.message).toContain(second!.id);
    expect(failed[0]!.message).toMatch(new RegExp((sum + 1000).toLocaleString('en-US').replace(/[.,]/g, '.')));
  }, 120_000);

  it('warns of a figure typed by hand that equals a registry value, naming the metric', async () => {
    const reduction = metricOf(18886);
    const content = contentCopy();
    editContent(content, 'zh_TW/pages/about.yaml', (text) => text.replace(/^description: (.*)$/m, 'description: 2024年專案減碳18,886公噸。'));
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
    await buildSample(content);
    const typed = warnings.filter((line) => line.includes('ESG7101'));
    expect(typed).toHaveLength(1);
    expect(typed[0]).toContain('zh_TW/pages/about.yaml:');
    expect(typed[0]).toContain(`{{${reduction.id} 2024}}`);
  }, 120_000);
});

describe('the data page', () => {
  it("writes each metric's latest figure against the year before in words, up or down, with the difference and its per cent, in every locale", async () => {
    const outDir = await buildSample();
    const changes = (locale: string) => {
      const html = page(readFileSync(join(outDir, locale, 'performance/data/index.html'), 'utf8'));
      return new Map(
        html.byClass('metric-card').flatMap((card) => {
          const [change] = html.byClass('metric-change', undefined, card);
          return change ? [[card.attribs.id!.replace(/^metric-/, ''), { direction: change.attribs['data-direction'], text: html.text(change) }] as const] : [];
        }),
      );
    };
    const zhTW = changes('zh_TW');
    // Every metric with figures for its latest year and the one before has its change, its direction the sign of the difference.
    const both = registry().metrics.filter((metric) => {
      const latest = Math.max(...Object.keys(metric.values).map(Number));
      return metric.values[latest - 1] !== undefined;
    });
    expect(zhTW.size).toBe(both.length);
    for (const metric of both) {
      const latest = Math.max(...Object.keys(metric.values).map(Number));
      const difference = Number((metric.values[latest]! - metric.values[latest - 1]!).toFixed(metric.decimals ?? 0));
      expect(zhTW.get(metric.id)?.direction, metric.id).toBe(difference > 0 ? 'up' : difference < 0 ? 'down' : 'same');
    }
    expect(new Set([...zhTW.values()].map((change) => change.direction))).toEqual(new Set(['up', 'down', 'same']));
    // Revenue: 486.52 in 2024 against 463.18 in 2023, 5.0 % more.
    expect(zhTW.get('revenue')?.text).toBe('較2023年增加23.34億元（5.0%）');
    expect(changes('zh_CN').get('revenue')?.text).toBe('较2023年增加23.34亿元（5.0%）');
    expect(changes('en').get('revenue')?.text).toBe('up NT$23.34 hundred million (5.0%) on 2023');
    // A percent changes by percentage points.
    expect([...zhTW.values()].some((change) => /個百分點（/.test(change.text))).toBe(true);
  }, 120_000);
});

describe('charts drawn at build time', () => {
  it('gives the performance page SVG charts with accessible names naming the figures, and no script for them', async () => {
    const outDir = await buildSample();
    const html = readFileSync(join(outDir, 'zh_TW/performance/index.html'), 'utf8');
    const built = page(html);
    const charts = built.byTag('svg').filter((svg) => svg.attribs.role === 'img' && svg.attribs['aria-labelledby']);
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) {
      const [titleId, descId] = chart.attribs['aria-labelledby']!.split(' ');
      const title = built.text(built.byId(titleId!)!);
      const description = built.text(built.byId(descId!)!);
      // The chart is named after the table beside it (figures of very different size get charts
      // of their own, each naming its metrics), and the charts describe every figure of the table.
      const box = built.byClass('metrics-block').find((block) => built.byTag('svg', block).includes(chart))!;
      const caption = built.text(built.byTag('caption', box)[0]!);
      expect(title.startsWith(caption)).toBe(true);
      expect(description.length).toBeGreaterThan(0);
      const described = built
        .byTag('desc', box)
        .map((desc) => built.text(desc))
        .join(' ');
      const cells = built
        .byTag('td', box)
        .map((cell) => built.text(cell))
        .filter((text) => text !== '–');
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) expect(described).toContain(cell);
    }
    // Nothing of d3 reaches the browser.
    const scripts = readdirSync(join(outDir, '_esg')).filter((name) => name.endsWith('.js'));
    for (const name of scripts) expect(readFileSync(join(outDir, '_esg', name), 'utf8'), name).not.toMatch(/scaleLinear|d3-scale|curveLinear/);
  }, 120_000);
});
