import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { targetProgress, type TargetStatus } from '../../templates/targets.ts';
import { buildProblems, buildSample, contentCopy, editContent, inMetric } from '../helpers/site.ts';
import { page } from '../helpers/html.ts';

/** The status of a target by the rule of docs/figures.md ("Add a target"), worked out here from the published numbers alone. */
function statusByRule(target: {
  direction: 'reduce' | 'increase';
  baseline: { year: number; value: number };
  target: { year: number; value: number };
  latest: { year: number; value: number } | null;
}): TargetStatus {
  const { direction, baseline, target: goal, latest } = target;
  if (!latest) return 'no-data';
  const atOrPast = (value: number, mark: number) => (direction === 'reduce' ? value <= mark : value >= mark);
  if (atOrPast(latest.value, goal.value)) return 'achieved';
  const share = Math.min(1, (latest.year - baseline.year) / (goal.year - baseline.year));
  return atOrPast(latest.value, baseline.value + (goal.value - baseline.value) * share) ? 'on-track' : 'behind';
}

/** A built page's target rows, each with its heading, status and change texts. */
function targetRows(outDir: string, route: string) {
  const html = page(readFileSync(join(outDir, route, 'index.html'), 'utf8'));
  const textOf = (className: string, root: Parameters<typeof html.text>[0]) => {
    const [found] = html.byClass(className, undefined, root);
    return found && html.text(found);
  };
  return html.byClass('targets-table').flatMap((table) =>
    html.byTag('tbody', table).flatMap((body) =>
      html.byTag('tr', body).map((row) => ({
        heading: html.text(html.byTag('th', row)[0]!),
        status: textOf('target-status-text', row),
        statusClass: html.byClass('target-status', undefined, row)[0]?.attribs.class,
        change: textOf('target-change', row),
        bar: html.byClass('target-bar', undefined, row)[0]?.attribs['aria-label'],
      })),
    ),
  );
}

describe('targets (templates/targets.ts)', () => {
  it('is achieved at or past the target, on track at or past the straight path, behind under it, and has no data without a later figure', () => {
    const increase = { tracks: 'rate', baseline: { year: 2020 }, direction: 'increase' as const };
    const milestones = { 2025: 80, 2030: 100 };
    const status = (tracked: Record<string, number>) => targetProgress(increase, milestones, tracked)?.status;
    // The path from 50 in 2020 to 100 in 2030 passes 70 in 2024.
    expect(status({ 2020: 50, 2024: 100 })).toBe('achieved');
    expect(status({ 2020: 50, 2024: 70 })).toBe('on-track');
    expect(status({ 2020: 50, 2024: 69.9 })).toBe('behind');
    expect(status({ 2020: 50 })).toBe('no-data');
    // Reducing 20 % against 2014's 1,000: the target is 800 in 2030; the path is at 900 in 2022.
    const reduce = { tracks: 'water', baseline: { year: 2014 }, direction: 'reduce' as const, change: true };
    const progress = targetProgress(reduce, { 2030: 20 }, { 2014: 1000, 2022: 890 })!;
    expect(progress.target).toEqual({ year: 2030, value: 800 });
    expect(progress.status).toBe('on-track');
    expect(progress.progress).toBeCloseTo(0.55);
    expect(targetProgress(reduce, { 2030: 20 }, { 2014: 1000, 2022: 910 })!.status).toBe('behind');
    expect(targetProgress(reduce, { 2030: 20 }, { 2014: 1000, 2022: 790 })!.status).toBe('achieved');
    // A baseline given its value, where the tracked metric has none for that year.
    expect(targetProgress({ ...increase, baseline: { year: 2019, value: 0 } }, { 2021: 3 }, { 2021: 3.2 })!.status).toBe('achieved');
  });

  it('publishes every target of the sample with a status its own numbers give by the documented rule, on /targets in every locale and on its topic page', async () => {
    const outDir = await buildSample();
    const { targets } = JSON.parse(readFileSync(join(outDir, 'data/targets.json'), 'utf8')) as {
      targets: (Parameters<typeof statusByRule>[0] & { id: string; status: TargetStatus })[];
    };
    expect(targets.length).toBeGreaterThanOrEqual(8);
    for (const target of targets) expect(target.status, target.id).toBe(statusByRule(target));
    expect(new Set(targets.map((target) => target.status))).toEqual(new Set(['achieved', 'on-track']));
    const csv = readFileSync(join(outDir, 'data/targets.csv'), 'utf8').split(/\r?\n/);
    expect(csv[0]).toBe(
      '\ufeffid,metric,label_zh_TW,label_zh_CN,label_en,direction,baseline_year,baseline_value,target_year,target_value,latest_year,latest_value,status',
    );
    expect(csv).toContain(
      'water-reduction-target,water-withdrawal,用水量較2014年減量目標,用水量较2014年减量目标,Water use reduction target against 2014,reduce,2014,2671,2030,2270.35,2024,2372,on-track',
    );
    for (const [locale, achieved] of [
      ['zh_TW', '已達成'],
      ['zh_CN', '已达成'],
      ['en', 'Achieved'],
    ] as const) {
      const rows = targetRows(outDir, `${locale}/targets`);
      expect(rows.length, locale).toBe(targets.length);
      expect(rows.find((row) => row.statusClass?.includes('target-achieved'))?.status, locale).toBe(achieved);
      // The bar says how far along in words too.
      for (const row of rows) expect(row.bar, locale).toMatch(/\d+%/);
    }
    const [water] = targetRows(outDir, 'zh_TW/focus/climate/water');
    expect(water).toMatchObject({ heading: '用水量較2014年減量目標', change: '較2014年減少15%', status: '進度符合' });
    expect(targetRows(outDir, 'en/targets').find((row) => row.change)?.change).toBe('down 15% on 2014');
  }, 120_000);

  it('says behind when the tracked figure falls below the path', async () => {
    const content = contentCopy();
    // The waste reuse rate's path runs from 91.85 % in 2022 to 97 % in 2030: 93.14 % in 2024.
    editContent(
      content,
      'metrics.yaml',
      inMetric('waste-reuse-rate', (block) => block.replace('2024: 94.43', '2024: 93.0')),
    );
    const outDir = await buildSample(content);
    const { targets } = JSON.parse(readFileSync(join(outDir, 'data/targets.json'), 'utf8')) as { targets: { id: string; status: string }[] };
    expect(targets.find((target) => target.id === 'waste-reuse-target')?.status).toBe('behind');
    expect(targetRows(outDir, 'zh_TW/targets').find((row) => row.heading === '廢棄物再利用率目標')?.status).toBe('落後');
  }, 120_000);

  it('reports every mistake of a target at its line in one run: an unknown or target metric tracked, a baseline without a value, a milestone before it, a unit not the tracked one', async () => {
    const content = contentCopy();
    editContent(content, 'metrics.yaml', (text) =>
      [
        inMetric('solar-capacity-target', (block) => block.replace('tracks: solar-capacity,', 'tracks: solar-capacty,')),
        inMetric('waste-reuse-target', (block) => block.replace('baseline: { year: 2022 }', 'baseline: { year: 2019 }')),
        inMetric('scrap-steel-ratio-target', (block) => block.replace('values: { 2025: 48, 2030: 55 }', 'values: { 2021: 40, 2030: 55 }')),
        inMetric('water-reduction-target', (block) => block.replace('unit: percent', 'unit: thousand-m3')),
        inMetric('customer-return-rate-target', (block) => block.replace('tracks: customer-return-rate,', 'tracks: first-pass-yield-cable-target,')),
      ].reduce((changed, edit) => edit(changed), text),
    );
    const text = readFileSync(join(content, 'metrics.yaml'), 'utf8');
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    const problems = (await buildProblems(content)).filter((problem) => problem.file.endsWith('metrics.yaml'));
    const found = problems.map(({ code, line, field }) => ({ code, line, field }));
    expect(found).toEqual(
      expect.arrayContaining([
        { code: 'ESG7001', line: lineOf('tracks: solar-capacty'), field: expect.stringMatching(/target\.tracks$/) },
        { code: 'ESG7007', line: lineOf('baseline: { year: 2019 }'), field: expect.stringMatching(/target\.baseline\.year$/) },
        { code: 'ESG7009', line: lineOf('values: { 2021: 40'), field: expect.stringMatching(/values\.2021$/) },
        { code: 'ESG7008', line: lineOf('unit: thousand-m3\n    decimals: 0\n    values: { 2030: 15 }'), field: expect.stringMatching(/unit$/) },
        { code: 'ESG7010', line: lineOf('tracks: first-pass-yield-cable-target'), field: expect.stringMatching(/target\.tracks$/) },
      ]),
    );
    expect(problems.find((problem) => problem.code === 'ESG7001')?.hint).toContain('solar-capacity');
    expect(problems.find((problem) => problem.code === 'ESG7008')?.hint).toContain('percent');
  }, 120_000);
});
