import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentCopy, editContent, runEsg, tempDir } from '../helpers/site.ts';
import { hashesOf } from '../helpers/outFolders.ts';
import { builtSampleCopy, placeIn, printedProblems } from '../helpers/mistakes.ts';
import { encodedAs } from '../helpers/encodings.ts';

// Mistakes an editor makes that the content checks must catch where they are made: a file saved
// in another encoding, links in Markdown, a zh_CN override that lacks a section, settings that name
// things, rules stated in a file's comments, a pasted data: address, a symbolic link out of content/.
// All are planted in one copy of the sample and must be reported in one run, each at its file,
// line and column, in a few lines, with out/ left as it was.

/** A file outside the content folder, which no build may publish. */
const secret = 'outside-content-7f3a9c';

let content: string;
let out: string;
let before: Record<string, string>;
let failed: ReturnType<typeof runEsg>;
/** `path:line:column  CODE` of every problem planted. */
const expected: string[] = [];

/** Changes a file and expects `code` where `at` is in the changed text (`skip` characters into it). */
function plant(path: string, change: (text: string) => string, code: string, at: string, skip = 0): void {
  editContent(content, path, (text) => {
    const changed = change(text);
    if (changed === text) throw new Error(`${path}: the change changed nothing`);
    expected.push(`${placeIn(path, changed, at).replace(/\d+$/, (column) => String(Number(column) + skip))}  ${code}`);
    return changed;
  });
}

/** Each problem's printed block (from its place line to the blank line after it). */
function printedBlocks(stderr: string): string[] {
  return stderr.split(/\n\n/).filter((block) => /^\S+:\d+:\d+ {2}ESG\d{4} /.test(block));
}

beforeAll(() => {
  ({ content, out, before } = builtSampleCopy());

  // Encodings: an event in Big5, a page in GB18030, a page in UTF-16 with its byte-order mark.
  for (const [path, encoding] of [
    ['zh_TW/events/2024-integrity-training.md', 'big5'],
    ['zh_TW/pages/committee.yaml', 'gb18030'],
    ['zh_TW/pages/covid19.yaml', 'utf-16le'],
  ] as const) {
    const text = readFileSync(join(content, path), 'utf8');
    writeFileSync(join(content, path), encodedAs(text, encoding));
    const firstWide = [...text].find((char) => char.codePointAt(0)! > 0x7f)!;
    expected.push(`${encoding === 'utf-16le' ? `${path}:1:1` : placeIn(path, text, firstWide)}  ESG1005`);
  }

  // Markdown: a link to a section the English page lacks, to a page that does not exist, to a
  // misspelt download, and an image that is not there.
  const story = 'en/events/2024-supplier-conference.md';
  plant(
    story,
    (text) => `${text}\nSee [the scope of this report](/about#scop) and [last year's report](/assets/reports/huayue-esg-2023-en.pfd).\n`,
    'ESG4006',
    '/about#scop',
  );
  expected.push(`${placeIn(story, readFileSync(join(content, story), 'utf8'), '/assets/reports/huayue-esg-2023-en.pfd')}  ESG4004`);
  plant(
    'zh_TW/events/2024-tree-planting.md',
    (text) => `${text}\n詳見[GRI 索引](/report/gir)。\n\n![活動地圖](/assets/images/events/no-such-map.png)\n`,
    'ESG4005',
    '/report/gir',
  );
  expected.push(
    `${placeIn('zh_TW/events/2024-tree-planting.md', readFileSync(join(content, 'zh_TW/events/2024-tree-planting.md'), 'utf8'), '/assets/images/events/no-such-map.png')}  ESG4004`,
  );

  // A comment written on the opening line of a front matter, which gray-matter would take for the front matter's language.
  plant('en/events/2023-saisiyat-culture-festival.md', (text) => text.replace(/^---\n/, '---# checked against zh_TW\n'), 'ESG1007', '# checked');

  // A link in YAML to a file under /assets/ with a misspelt name.
  plant(
    'zh_TW/pages/about.yaml',
    (text) =>
      text.replace(
        '- { text: GRI 內容索引, url: /report/gri }',
        '- { text: GRI 內容索引, url: /report/gri }\n          - { text: 報告書, url: /assets/reports/huayue-esg-2023-zh_TW.pfd }',
      ),
    'ESG4004',
    '/assets/reports/huayue-esg-2023-zh_TW.pfd',
  );

  // A zh_CN override of a focus page without the section a zh_TW page (converted for zh_CN) links to.
  const weak = parseDocument(readFileSync(join(content, 'zh_TW/focus/local/weak.yaml'), 'utf8')).toJS() as { sections: unknown[] };
  mkdirSync(join(content, 'zh_CN/focus/local'), { recursive: true });
  writeFileSync(join(content, 'zh_CN/focus/local/weak.yaml'), stringify({ sections: weak.sections.slice(0, 2) }));
  expected.push(
    `${placeIn('zh_TW/focus/local/neigh.yaml', readFileSync(join(content, 'zh_TW/focus/local/neigh.yaml'), 'utf8'), '/focus/local/weak?focus=focus553')}  ESG4006`,
  );

  // Settings that name things, and the order of the report editions.
  plant('site.yaml', (text) => text.replace('englishRoutes: [""', 'englishRoutes: ["", abuot, chairman'), 'ESG4013', 'abuot');
  expected.push(`${placeIn('site.yaml', readFileSync(join(content, 'site.yaml'), 'utf8'), 'chairman')}  ESG4003`);
  plant('site.yaml', (text) => text.replace('  - year: 2022\n', '  - year: 2025\n'), 'ESG4014', 'year: 2025', 'year: '.length);

  // Rules content/synonyms.yaml states in its comments: one group per term, each pair once, only pairs the conversion lacks.
  plant('synonyms.yaml', (text) => text.replace('zh: [節能, 節約能源, 省能, 能源節約]', 'zh: [節能, 節約能源, 省能, 能源節約, 綠電]'), 'ESG4015', '綠電]');
  plant('synonyms.yaml', (text) => text.replace('  - [永續, 可持續]\n', '  - [永續, 可持續]\n  - [質量, 品質]\n  - [資料, 數據]\n'), 'ESG4016', '[質量, 品質]');
  expected.push(`${placeIn('synonyms.yaml', readFileSync(join(content, 'synonyms.yaml'), 'utf8'), '[資料, 數據]')}  ESG4017`);

  // A metric id with two letters swapped, and a pasted 5 MB data: address.
  let swapped = '';
  editContent(content, 'zh_TW/events/2024-employee-family-day.md', (text) => {
    const changed = text.replace(/\{\{([a-z-]+)participants? /, (_, start: string) => (swapped = `{{${start}particiapnts `));
    expected.push(`${placeIn('zh_TW/events/2024-employee-family-day.md', changed, swapped)}  ESG7001`);
    return changed;
  });
  plant(
    'zh_TW/events/2024-kiwi-farmer-market.md',
    (text) => text.replace(/^cover: .*$/m, `cover: "data:image/png;base64,${'A'.repeat(5_000_000)}"`),
    'ESG2005',
    '"data:image',
  );

  // Symbolic links out of content/: an event cover, a drawing that is /etc/passwd, a page.
  const outside = join(tempDir(), 'cover.svg');
  writeFileSync(outside, `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>${secret}</title></svg>`);
  symlinkSync(outside, join(content, 'assets/images/events/linked-cover.svg'));
  editContent(content, 'zh_TW/events/2024-school-reading-support.md', (text) => text.replace(/^cover: .*$/m, 'cover: /assets/images/events/linked-cover.svg'));
  expected.push('assets/images/events/linked-cover.svg:1:1  ESG1006');
  symlinkSync('/etc/passwd', join(content, 'assets/images/passwd.svg'));
  expected.push('assets/images/passwd.svg:1:1  ESG1006');
  const page = join(tempDir(), 'page.yaml');
  writeFileSync(page, readFileSync(join(content, 'zh_TW/pages/kiwi.yaml'), 'utf8').replace('title:', `# ${secret}\ntitle:`));
  symlinkSync(page, join(content, 'zh_TW/pages/linked.yaml'));
  expected.push('zh_TW/pages/linked.yaml:1:1  ESG1006');

  failed = runEsg(['build', '--content', content, '--out', out]);
});

describe('a build with every kind of mistake an editor makes', () => {
  it('reports each one in one run, at its file, line and column, with its code', () => {
    expect(failed.code, failed.stderr.slice(0, 5000)).toBe(1);
    expect(printedProblems(failed.stderr, content).sort()).toEqual([...expected].sort());
  });

  it('leaves out/ byte for byte as it was, and publishes nothing from outside content/', () => {
    expect(hashesOf(out)).toEqual(before);
    const published = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(published.filter((entry) => readFileSync(join(entry.parentPath, entry.name)).includes(secret))).toEqual([]);
  });

  it('prints each problem in a few lines, the 5 MB address cut to its start and its length, with no stack trace', () => {
    expect(failed.stderr).not.toMatch(/^\s+at /m);
    expect(failed.stderr.length).toBeLessThan(30_000);
    const blocks = printedBlocks(failed.stderr);
    expect(blocks).toHaveLength(expected.length);
    for (const block of blocks) {
      expect(block.split('\n').length, block).toBeLessThanOrEqual(7);
      for (const line of block.split('\n')) expect(line.length, line).toBeLessThan(600);
    }
    expect(blocks.find((block) => block.includes('ESG2005'))).toMatch(/data:image\/png;base64,A+… \(5,000,0\d\d characters\)/);
  });

  it('names the likely encoding and how to convert it', () => {
    const encodings = printedBlocks(failed.stderr).filter((block) => block.includes('ESG1005'));
    expect(encodings.find((block) => block.includes('2024-integrity-training.md'))).toMatch(/looks like Big5[\s\S]*iconv -f CP950 -t UTF-8/);
    expect(encodings.find((block) => block.includes('committee.yaml'))).toMatch(/looks like GB18030[\s\S]*iconv -f GB18030/);
    expect(encodings.find((block) => block.includes('covid19.yaml'))).toMatch(/looks like UTF-16LE/);
    // The code frame shows the editor's own words, decoded as the file is written.
    expect(encodings.find((block) => block.includes('2024-integrity-training.md'))).toContain('誠信經營教育訓練');
  });

  it('names both files of a section missing in one locale, and hints the closest ids', () => {
    const blocks = printedBlocks(failed.stderr);
    expect(blocks.find((block) => block.includes('focus553'))).toContain('content/zh_CN/focus/local/weak.yaml');
    expect(blocks.find((block) => block.includes('#scop'))).toMatch(/\/en\/about \(\S*content\/en\/pages\/about.yaml\)[\s\S]*did you mean scope\?/);
    expect(blocks.find((block) => block.includes('particiapnts'))).toMatch(/did you mean [a-z-]+participants?[ ?]/);
    expect(blocks.find((block) => block.includes('ESG4013'))).toContain('did you mean "about"?');
    expect(blocks.find((block) => block.includes('/report/gir'))).toContain('did you mean /report/gri?');
    expect(blocks.find((block) => block.includes('huayue-esg-2023-zh_TW.pfd'))).toContain('did you mean /assets/reports/huayue-esg-2023-zh_TW.pdf');
  });

  it('esg validate reports the same problems', () => {
    const validated = runEsg(['validate', '--content', content]);
    expect(validated.code).toBe(1);
    expect(printedProblems(validated.stderr, content)).toEqual(printedProblems(failed.stderr, content));
  });
});

describe('what stays accepted', () => {
  it('builds a file with a byte-order mark and Windows line endings, and follows a symbolic link that stays inside content/', () => {
    const site = contentCopy();
    editContent(site, 'zh_TW/pages/kiwi.yaml', (text) => `\uFEFF${text.replace(/\n/g, '\r\n')}`);
    symlinkSync(join(site, 'assets/images/events/2024-tree-planting.svg'), join(site, 'assets/images/events/tree-planting-again.svg'));
    editContent(site, 'zh_TW/events/2024-school-reading-support.md', (text) =>
      text.replace(/^cover: .*$/m, 'cover: /assets/images/events/tree-planting-again.svg'),
    );
    const folder = join(tempDir(), 'out');
    const built = runEsg(['build', '--content', site, '--out', folder]);
    expect(built.code, built.stderr).toBe(0);
    expect(readFileSync(join(folder, 'assets/images/events/tree-planting-again.svg'))).toEqual(
      readFileSync(join(site, 'assets/images/events/2024-tree-planting.svg')),
    );
    expect(readFileSync(join(folder, 'zh_TW/kiwi/index.html'), 'utf8')).toContain('<h1');
  });
});
