import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentCopy, editContent, inMetric, runEsg, sampleContent, tempDir } from '../helpers/site.ts';
import { placeIn, printedProblems } from '../helpers/mistakes.ts';
import { parse } from 'yaml';
import { filesOf } from '../helpers/outFolders.ts';

// Every assured figure says where it comes from: owner, source, method (with its factor sets) and
// evidence under content/evidence/<year>/, each checked at its field (docs/figures.md, "Trace a figure").

interface Traced {
  id: string;
  values: Record<string, number>;
  assurance?: { years?: number[] };
  source?: unknown;
  method?: unknown;
  evidence?: Record<string, string[]>;
}

describe('tracing figures', () => {
  it('gives every assured figure of the sample a source, a method and evidence that exists', () => {
    const registry = parse(readFileSync(join(sampleContent, 'metrics.yaml'), 'utf8')) as { metrics: Traced[] };
    const assured2024 = registry.metrics.filter(
      (metric) => metric.assurance && metric.values['2024'] !== undefined && (metric.assurance.years ?? [2024]).includes(2024),
    );
    expect(assured2024.length).toBeGreaterThan(50);
    for (const metric of assured2024) {
      expect(metric.source, metric.id).toBeDefined();
      expect(metric.method, metric.id).toBeDefined();
      for (const name of metric.evidence?.['2024'] ?? []) expect(readFileSync(join(sampleContent, 'evidence/2024', name)).length).toBeGreaterThan(0);
      expect(metric.evidence?.['2024']?.length, metric.id).toBeGreaterThan(0);
    }
  });

  it('stops the build at the field of an assured figure without evidence, a missing evidence file, an unknown owner and an unknown factor set, naming the closest', () => {
    const content = contentCopy();
    editContent(content, 'metrics.yaml', (text) =>
      [
        // An assured figure loses its evidence.
        inMetric('employees-women', (block) => block.replace(/\n\s+evidence: .*/, '')),
        inMetric('water-withdrawal', (block) => block.replace('[water-meter-readings.csv]', '[water-meter-reading.csv]')),
        inMetric('ghg-scope1-tainan', (block) => block.replace('owner: plant-tainan', 'owner: plant-tainen')),
        inMetric('ghg-project-reduction', (block) => block.replace('factors: [grid-2023]', 'factors: [grid-2032]')),
      ].reduce((changed, edit) => edit(changed), text),
    );
    const text = readFileSync(join(content, 'metrics.yaml'), 'utf8');
    // At the assured year of the figure without evidence.
    const year = text.indexOf('years: [2024]', text.indexOf('  - id: employees-women\n')) + 'years: ['.length;
    const before = text.slice(0, year).split('\n');

    const failed = runEsg(['build', '--content', content, '--out', join(tempDir(), 'out')]);
    expect(failed.code).not.toBe(0);
    expect(printedProblems(failed.stderr, content).sort()).toEqual(
      [
        `metrics.yaml:${before.length}:${[...before.at(-1)!].length + 1}  ESG7012`,
        `${placeIn('metrics.yaml', text, 'plant-tainen')}  ESG7014`,
        `${placeIn('metrics.yaml', text, 'grid-2032')}  ESG7015`,
        `${placeIn('metrics.yaml', text, 'water-meter-reading.csv')}  ESG7013`,
      ].sort(),
    );
    expect(failed.stderr).toContain('employees-women 2024 is assured but has no evidence for that year');
    expect(failed.stderr).toContain('content/evidence/2024/water-meter-reading.csv does not exist');
    expect(failed.stderr).toContain('did you mean 2024/water-meter-readings.csv?');
    expect(failed.stderr).toContain('did you mean plant-tainan?');
    expect(failed.stderr).toContain('did you mean grid-2023?');
  }, 120_000);

  it('asks for a source and a method of an assured year, and for the evidence file itself', () => {
    const content = contentCopy();
    editContent(
      content,
      'metrics.yaml',
      inMetric('fatalities', (block) => block.replace(/\n\s+source: .*/, '').replace(/\n\s+method: .*/, '')),
    );
    rmSync(join(content, 'evidence/2024/packaging-returns.csv'));
    const failed = runEsg(['build', '--content', content, '--out', join(tempDir(), 'out')]);
    expect(failed.code).not.toBe(0);
    expect(printedProblems(failed.stderr, content).map((place) => place.split('  ')[1])).toEqual(['ESG7012', 'ESG7013']);
    expect(failed.stderr).toContain('fatalities 2024 is assured but has no source, method for that year');
    expect(failed.stderr).toContain('content/evidence/2024/packaging-returns.csv does not exist');
  }, 120_000);
});

describe('evidence', () => {
  it('is never published: no file of out/ holds an evidence file, its name or a line of it', async () => {
    const content = contentCopy({
      'evidence/2024/planted-evidence-q7x.md': '# 不公開的抽樣底稿 planted-marker-5b1e\n\n僅供確信機構查閱之內部紀錄 HY-PLANT-9931。\n',
    });
    const out = join(tempDir(), 'out');
    const built = runEsg(['build', '--content', content, '--out', out]);
    expect(built.code, built.stderr).toBe(0);
    const published = [...filesOf(out)].map(([path, bytes]) => [path, bytes.toString('utf8')] as const);
    expect(published.length).toBeGreaterThan(200);
    expect(published.filter(([path]) => /evidence/.test(path))).toEqual([]);
    const evidenceDir = join(content, 'evidence');
    const files = readdirSync(evidenceDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const path = join(file.parentPath, file.name);
      const text = readFileSync(path, 'utf8');
      const needles = [
        file.name,
        path.slice(evidenceDir.length + 1),
        ...text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line.length >= 12),
      ];
      for (const needle of needles) expect(published.filter(([, body]) => body.includes(needle)).map(([where]) => `${where} holds ${needle}`)).toEqual([]);
    }
  }, 120_000);

  it('may not be linked from a page or an event, by address or by content path', () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/pages/about.yaml', (text) => text.replace('url: /report/sasb }', 'url: /evidence/2024/ghg-inventory.csv }'));
    editContent(content, 'zh_TW/events/2023-beach-cleanup.md', (text) => `${text.trimEnd()}\n\n[盤查底稿](../../evidence/2024/ghg-inventory.csv)\n`);
    const about = readFileSync(join(content, 'zh_TW/pages/about.yaml'), 'utf8');
    const event = readFileSync(join(content, 'zh_TW/events/2023-beach-cleanup.md'), 'utf8');
    const failed = runEsg(['build', '--content', content, '--out', join(tempDir(), 'out')]);
    expect(failed.code).not.toBe(0);
    expect(printedProblems(failed.stderr, content)).toEqual([
      `${placeIn('zh_TW/events/2023-beach-cleanup.md', event, '../../evidence/')}  ESG4020`,
      `${placeIn('zh_TW/pages/about.yaml', about, '/evidence/2024')}  ESG4020`,
    ]);
    expect(failed.stderr).toContain('links to /evidence/2024/ghg-inventory.csv: the evidence under content/evidence is never published');
    writeFileSync(join(content, 'zh_TW/events/2023-beach-cleanup.md'), event.replace('../../evidence/', '/zh_TW/evidence/'));
    const again = runEsg(['build', '--content', content, '--out', join(tempDir(), 'out')]);
    expect(printedProblems(again.stderr, content).map((place) => place.split('  ')[1])).toEqual(['ESG4020', 'ESG4020']);
  }, 120_000);

  it('is not published through a symbolic link of content/assets, to a folder or to a file', () => {
    const content = contentCopy();
    symlinkSync('../../evidence/2024', join(content, 'assets/reports/inventory'));
    symlinkSync('../../evidence/2023/ghg-inventory.csv', join(content, 'assets/images/ghg-2023.csv'));
    const out = join(tempDir(), 'out');
    const failed = runEsg(['build', '--content', content, '--out', out]);
    expect(failed.code).not.toBe(0);
    expect(printedProblems(failed.stderr, content)).toEqual(['assets/images/ghg-2023.csv:1:1  ESG4020', 'assets/reports/inventory:1:1  ESG4020']);
    expect(failed.stderr).toContain('links to evidence/2024: the evidence under content/evidence is never published');
  }, 120_000);
});
