import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentCopy, editContent, runEsg, tempDir } from '../helpers/site.ts';
import { hashesOf } from '../helpers/outFolders.ts';
import { builtSampleCopy, placeIn, printedProblems } from '../helpers/mistakes.ts';

// A book.yaml is checked by every build, not only by one that prints the book: a chapter that is
// no page of the site and a chapter named twice are errors at their place in the file, reported
// with every other content problem in one run, with out/ left as it was.

let content: string;
let out: string;
let before: Record<string, string>;
let failed: ReturnType<typeof runEsg>;
/** `path:line:column  CODE` of every problem planted. */
const expected: string[] = [];

/** Changes a file and expects `code` at each of `places` (text found in the changed file, `skip` characters into it). */
function plant(path: string, change: (text: string) => string, ...places: { code: string; at: string; skip?: number }[]): void {
  editContent(content, path, (text) => {
    const changed = change(text);
    if (changed === text) throw new Error(`${path}: the change changed nothing`);
    for (const { code, at, skip = 0 } of places) {
      expected.push(`${placeIn(path, changed, at).replace(/\d+$/, (column) => String(Number(column) + skip))}  ${code}`);
    }
    return changed;
  });
}

/** The printed block of the problem whose first line includes `text`. */
function blockOf(stderr: string, text: string): string {
  const block = stderr.split(/\n\n/).find((entry) => entry.split('\n')[0]!.includes(text));
  if (!block) throw new Error(`no problem printed with ${text}`);
  return block;
}

beforeAll(() => {
  ({ content, out, before } = builtSampleCopy());
  // The zh_TW book: two misspelt chapters and the first chapter named again in the last part.
  plant(
    'zh_TW/book.yaml',
    (text) =>
      text
        .replace('chapters: [about, chairman, president]', 'chapters: [about, chairman, presdient]')
        .replace('focus/climate/energy,', 'focus/climate/enrgy,')
        .replace('report/accounting]', 'report/accounting, about]'),
    { code: 'ESG4018', at: 'presdient' },
    { code: 'ESG4018', at: 'focus/climate/enrgy' },
    { code: 'ESG4019', at: ', about]', skip: 2 },
  );
  // The English book: a chapter named twice in one part, and a misspelt one.
  plant(
    'en/book.yaml',
    (text) => text.replace('focus/care/safety, focus/care/safe,', 'focus/care/safety, focus/care/safety, focus/care/saef,'),
    { code: 'ESG4019', at: 'focus/care/safety, focus/care/saef' },
    { code: 'ESG4018', at: 'focus/care/saef' },
  );
  // Other files: a misspelt English route, and a mistake in a chapter's own page, which is that page's problem only.
  plant('site.yaml', (text) => text.replace('englishRoutes: [""', 'englishRoutes: ["", abuot'), { code: 'ESG4013', at: 'abuot' });
  plant('zh_TW/pages/chairman.yaml', (text) => text.replace(/^kicker: .*$/m, 'kicker: 42'), { code: 'ESG2007', at: 'kicker: 42', skip: 'kicker: '.length });

  failed = runEsg(['build', '--content', content, '--out', out]);
});

describe('a build of a book.yaml that names chapters wrongly', () => {
  it('reports every mistake of every file in one run, each at its file, line and column, with its code', () => {
    expect(failed.code, failed.stderr.slice(0, 5000)).toBe(1);
    expect(printedProblems(failed.stderr, content).sort()).toEqual([...expected].sort());
    expect(failed.stderr).toContain(`${expected.length} content problems found`);
  });

  it('leaves out/ byte for byte as it was', () => {
    expect(hashesOf(out)).toEqual(before);
  });

  it('names a chapter that is no page of the site and hints the closest page names', () => {
    expect(blockOf(failed.stderr, '"presdient"')).toMatch(/ESG4018 parts\[0\]\.chapters\[2\]: names the chapter "presdient", which is not a page of this site/);
    expect(blockOf(failed.stderr, '"presdient"')).toContain('hint: did you mean "president"?');
    expect(blockOf(failed.stderr, '"focus/climate/enrgy"')).toContain('did you mean "focus/climate/energy"?');
    expect(blockOf(failed.stderr, '"focus/care/saef"')).toContain('did you mean "focus/care/safe"?');
  });

  it('reports a chapter named twice at its second place, with the line of its first', () => {
    const zhTW = readFileSync(join(content, 'zh_TW/book.yaml'), 'utf8');
    const first = placeIn('zh_TW/book.yaml', zhTW, '[about,').split(':')[1];
    const twice = blockOf(failed.stderr, 'ESG4019 parts[7]');
    expect(twice).toContain(`names the chapter "about" a second time (first at line ${first})`);
    expect(twice.split('\n')[0]).toMatch(/zh_TW\/book\.yaml:(\d+):\d+ /);
    expect(Number(twice.split('\n')[0]!.match(/book\.yaml:(\d+):/)![1])).toBeGreaterThan(Number(first));
  });

  it('esg validate reports the same problems', () => {
    const validated = runEsg(['validate', '--content', content]);
    expect(validated.code).toBe(1);
    expect(printedProblems(validated.stderr, content)).toEqual(printedProblems(failed.stderr, content));
  });
});

describe('a book.yaml that names its chapters rightly', () => {
  it('builds: chapters moved between parts, and an English book naming pages with no English edition', () => {
    const site = contentCopy();
    editContent(site, 'zh_TW/book.yaml', (text) =>
      text.replace('chapters: [about, chairman, president]', 'chapters: [about, chairman]').replace('report/accounting]', 'report/accounting, president]'),
    );
    editContent(site, 'en/book.yaml', (text) => text.replace('focus/local/weak]', 'focus/local/weak, kiwi]'));
    expect(readFileSync(join(site, 'site.yaml'), 'utf8')).not.toMatch(/englishRoutes: .*kiwi/);
    const built = runEsg(['build', '--content', site, '--out', join(tempDir(), 'out')]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr + built.stdout).not.toMatch(/ESG401[89]/);
  });
});
