import { execFileSync } from 'node:child_process';
import { commitAs } from '../helpers/gitAs.ts';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { editContent, inMetric, runEsg, sampleContent, tempDir } from '../helpers/site.ts';
import { hashesOf } from '../helpers/outFolders.ts';
import { page } from '../helpers/html.ts';
import { parseCsv } from '../reports/parseCsv.ts';

// `esg assurance-pack <year>`: the assured figures of a year, with where each comes from, its
// evidence (copied, with checksums), its history from Git and where it is published, in a
// folder an assurer opens offline, the same bytes for the same commit.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The rows of a figures.csv as objects keyed by its header. */
function csvFigures(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}

describe('esg assurance-pack', () => {
  let repo: string;
  let content: string;
  let pack: string;
  let packed: ReturnType<typeof runEsg>;
  beforeAll(() => {
    repo = tempDir();
    content = join(repo, 'content');
    cpSync(sampleContent, content, { recursive: true });
    execFileSync('git', ['init', '-q', repo]);
    commitAs(repo, '林怡君', 'yijun@example.com', '2025-03-02T09:00:00+08:00', 'The 2024 figures, as the plants sent them');
    editContent(content, 'metrics.yaml', (text) =>
      [
        inMetric('water-withdrawal-reduction', (block) => block.replace('2024: 11.2', '2024: 11.3')),
        inMetric('eps', (block) => block.replace(/\n\s+owner: finance/, '')),
      ].reduce((changed, edit) => edit(changed), text),
    );
    commitAs(repo, 'Chen Wei', 'wei@example.com', '2025-04-18T16:30:00+08:00', 'Water reduction against the corrected baseline meter');
    pack = join(tempDir(), 'pack');
    packed = runEsg(['assurance-pack', '2024', '--content', content, '--out', pack, '--site', join(repo, 'no-site')]);
  }, 120_000);

  it('writes one row per assured figure of the year, with owner, source, method, factors, evidence, history and where it is published', () => {
    expect(packed.code, packed.stderr).toBe(0);
    expect(packed.stdout).toMatch(/^packed 63 assured figures of 2024 with 14 evidence files into .*; 1 miss an owner, source, method or evidence/);
    expect(packed.stdout).toContain('printed pages left out');
    const figures = csvFigures(join(pack, 'figures.csv'));
    expect(figures).toHaveLength(63);
    expect(figures.every((figure) => figure.year === '2024')).toBe(true);

    const water = figures.find((figure) => figure.id === 'water-withdrawal-reduction')!;
    expect(water).toMatchObject({
      '數值 value': '11.3',
      '報告書數值 value_zh_TW': '11.3%',
      '負責單位 owner': '工安環保處 / Safety, Health and Environment Department',
      owner_email: 'ehs@huayue-industries.example',
      '資料來源 source_zh_TW': expect.stringContaining('水表'),
      '缺漏 missing': '',
      '報告書頁次 pdf_pages': '未列印（無報告書 PDF） / not printed (no report PDF)',
    });
    const evidence = readFileSync(join(content, 'evidence/2024/water-meter-readings.csv'));
    expect(water['佐證資料 evidence (SHA-256)']).toBe(`evidence/2024/water-meter-readings.csv ${sha256(evidence)}`);
    expect(water['歷程 history_zh_TW']!.split('\n')).toEqual([
      expect.stringMatching(/^2025-03-02 林怡君 <yijun@example\.com>：（新增） → 11\.2；「The 2024 figures, as the plants sent them」（[0-9a-f]{10}）$/),
      expect.stringMatching(
        /^2025-04-18 Chen Wei <wei@example\.com>：11\.2 → 11\.3；「Water reduction against the corrected baseline meter」（[0-9a-f]{10}）$/,
      ),
    ]);
    expect(water['網站頁面 site_pages']).toContain('/performance/data#metric-water-withdrawal-reduction (en, zh_CN, zh_TW)');
    expect(water['網站頁面 site_pages']).toContain('/focus/climate/water (');

    const scope2 = figures.find((figure) => figure.id === 'ghg-scope2')!;
    expect(scope2['係數 factors_zh_TW']).toBe('112年度電力排放係數（每度0.494公斤CO2e）（經濟部能源署，2023）');
    expect(scope2['佐證資料 evidence (SHA-256)']!.split('\n')).toHaveLength(3);
    expect(figures.find((figure) => figure.id === 'eps')!['缺漏 missing']).toBe('owner');
  });

  it('copies the evidence with checksums, and names the restated figures of the year', () => {
    const sums = readFileSync(join(pack, 'evidence/SHA256SUMS'), 'utf8').trim().split('\n');
    expect(sums).toHaveLength(14);
    for (const line of sums) {
      const [sum, path] = line.split('  ');
      expect(sha256(readFileSync(join(pack, 'evidence', path!))), path).toBe(sum);
      expect(readFileSync(join(pack, 'evidence', path!))).toEqual(readFileSync(join(content, 'evidence', path!)));
    }
    const of2023 = join(tempDir(), 'pack-2023');
    const packed2023 = runEsg(['assurance-pack', '2023', '--content', content, '--out', of2023, '--site', join(repo, 'no-site')]);
    expect(packed2023.code, packed2023.stderr).toBe(0);
    const scope2 = csvFigures(join(of2023, 'figures.csv')).find((figure) => figure.id === 'ghg-scope2')!;
    expect(scope2['重編 restated_published']).toBe('564,917公噸CO2e / 564,917 t CO2e');
    expect(scope2.restated_reason_en).toContain('2023 grid emission factor');
    expect(scope2['佐證資料 evidence (SHA-256)']).toMatch(/^evidence\/2023\/ghg-inventory\.csv [0-9a-f]{64}$/);
  }, 120_000);

  it('gives the same figures in a workbook dated by the commit, read back with exceljs', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(pack, 'figures.xlsx'));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['數據 Figures', '佐證 Evidence', '歷程 History', '範圍 Scope']);
    expect(workbook.created.toISOString()).toBe('2025-04-18T08:30:00.000Z');
    expect(workbook.modified.toISOString()).toBe('2025-04-18T08:30:00.000Z');
    const figures = workbook.getWorksheet('數據 Figures')!;
    expect(figures.rowCount).toBe(64);
    const rows = (figures.getSheetValues() as unknown[][]).slice(1).map((row) => row.slice(1).map(String));
    expect(rows).toEqual(parseCsv(readFileSync(join(pack, 'figures.csv'), 'utf8')));
    const history = workbook.getWorksheet('歷程 History')!;
    const water = (history.getSheetValues() as unknown[][]).filter((row) => row?.[1] === 'water-withdrawal-reduction').map((row) => row.slice(4, 12));
    // Committed outside team mode: no approver.
    expect(water.at(-1)).toEqual([
      'Chen Wei',
      'wei@example.com',
      '2025-04-18T16:30:00+08:00',
      11.2,
      11.3,
      '',
      '',
      'Water reduction against the corrected baseline meter',
    ]);
    const scope = (workbook.getWorksheet('範圍 Scope')!.getSheetValues() as unknown[][]).slice(1).map((row) => row.slice(1));
    expect(scope).toContainEqual(['總計 all', '2024', 63]);
    expect(scope).toContainEqual(['主題 topic', 'climate', 19]);
    expect(scope).toContainEqual(['缺漏 missing', 'eps: owner', 1]);
  });

  it('writes a page that opens offline and lists each figure with its history', () => {
    const html = readFileSync(join(pack, 'index.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const index = page(html);
    const water = index.byId('water-withdrawal-reduction')!;
    expect(index.text(water)).toContain('Chen Wei <wei@example.com>：11.2 → 11.3');
    expect(index.byTag('a', water).map((link) => link.attribs.href)).toContain('evidence/2024/water-meter-readings.csv');
    expect(index.text(index.byId('eps')!)).toContain('缺 missing: owner');
  });

  it('is the same bytes for the same commit, and says where the report PDF prints a figure', () => {
    const again = join(tempDir(), 'again');
    // Zip entries are dated to two seconds: a pack made later must not differ by its time.
    execFileSync('sleep', ['2.1']);
    expect(runEsg(['assurance-pack', '2024', '--content', content, '--out', again, '--site', join(repo, 'no-site')]).code).toBe(0);
    expect(hashesOf(again)).toEqual(hashesOf(pack));

    // A site whose book was printed: its page map, as the build publishes it beside the PDF.
    const site = join(repo, 'site');
    mkdirSync(join(site, 'reports'), { recursive: true });
    writeFileSync(
      join(site, 'reports/huayue-esg-2024-zh_TW.pages.json'),
      JSON.stringify({ pages: 240, map: { 'performance/data#metric-water-withdrawal-reduction': 231, 'focus/climate/water': 88 } }),
    );
    const printed = join(tempDir(), 'printed');
    expect(runEsg(['assurance-pack', '2024', '--content', content, '--out', printed, '--site', site]).code).toBe(0);
    const water = csvFigures(join(printed, 'figures.csv')).find((figure) => figure.id === 'water-withdrawal-reduction')!;
    expect(water['報告書頁次 pdf_pages']).toBe(
      'zh_TW 第 231 頁（performance/data#metric-water-withdrawal-reduction）；zh_TW 第 88 頁（focus/climate/water） / zh_TW p. 231 (performance/data#metric-water-withdrawal-reduction); zh_TW p. 88 (focus/climate/water)',
    );
  }, 120_000);

  it('says when the content has changes not committed', () => {
    expect(packed.stdout).not.toContain('not committed');
    expect(readFileSync(join(pack, 'index.html'), 'utf8')).not.toContain('未提交');
    const changed = join(tempDir(), 'repo');
    cpSync(repo, changed, { recursive: true });
    editContent(
      join(changed, 'content'),
      'metrics.yaml',
      inMetric('fatalities', (block) => block.replace('owner: ehs', 'owner: hr')),
    );
    const out = join(tempDir(), 'changed');
    const made = runEsg(['assurance-pack', '2024', '--content', join(changed, 'content'), '--out', out, '--site', join(changed, 'no-site')]);
    expect(made.stdout).toContain('the content has changes not committed');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('另有未提交的變更 with changes not committed');
  }, 120_000);

  it('refuses a year without assured figures and a folder that holds something else', () => {
    const none = runEsg(['assurance-pack', '2031', '--content', content, '--out', join(tempDir(), 'none')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('ESG8023');
    const other = tempDir();
    writeFileSync(join(other, 'notes.txt'), 'mine');
    const refused = runEsg(['assurance-pack', '2024', '--content', content, '--out', other]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('ESG8024');
    expect(readFileSync(join(other, 'notes.txt'), 'utf8')).toBe('mine');
  }, 120_000);
});
