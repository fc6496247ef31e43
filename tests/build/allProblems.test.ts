import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { editContent, runEsg } from '../helpers/site.ts';
import { hashesOf } from '../helpers/outFolders.ts';
import { builtSampleCopy, printedProblems } from '../helpers/mistakes.ts';

/** One mistake: `from` becomes `to` in `path`, and the problem is reported with `code` where `at` starts. */
interface Mistake {
  path: string;
  from: string;
  to: string;
  code: string;
  at: string;
}

const mistakes: Mistake[] = [
  // YAML syntax, in an event's front matter and in an article: a text with a colon, unquoted.
  {
    path: 'zh_TW/events/2024-integrity-training.md',
    from: 'place: "台北總部及各廠區（線上與實體課程）"',
    to: 'place: 台北總部: 線上與實體課程',
    code: 'ESG1004',
    at: '台北總部: ',
  },
  { path: 'zh_TW/pages/committee.yaml', from: 'kicker: 永續經營', to: 'kicker: 永續: 經營', code: 'ESG1004', at: '永續: ' },
  {
    path: 'zh_TW/menu.yaml',
    from: '{ name: 董事長的話, to: /chairman }',
    to: '{ name: 董事長的話, to: /chairman, colour: red }',
    code: 'ESG2002',
    at: 'colour: ',
  },
  { path: 'zh_TW/pages/about.yaml', from: 'url: /report/sasb }', to: 'url: /report/sasbb }', code: 'ESG4005', at: '/report/sasbb' },
  { path: 'zh_TW/pages/covid19.yaml', from: '?focus=focus145', to: '?focus=focus149', code: 'ESG4006', at: '/focus/sustainability/risk?focus=focus149' },
  {
    path: 'en/events/2024-supplier-conference.md',
    from: '/assets/images/events/2024-supplier-conference.svg',
    to: '/assets/images/events/no-such-cover.svg',
    code: 'ESG4004',
    at: '/assets/images/events/no-such-cover.svg',
  },
  {
    path: 'zh_TW/home.yaml',
    from: '  heading: 最新活動\n',
    to: '  heading: 最新活動\n  pinned:\n    - 2024-integrity-training\n    - 2019-no-such-event\n',
    code: 'ESG4007',
    at: '2019-no-such-event',
  },
];

/**
 * Places in the broken content that name a page whose own file has a syntax error: that page is
 * still a page of the site, so none of these is a broken link, a missing section or a missing
 * event. (The English translation of the broken event is not an orphan either.)
 */
const linksToBrokenFiles: [path: string, text: string][] = [
  ['zh_TW/pages/about.yaml', 'url: /event/2024-integrity-training'],
  ['zh_TW/home.yaml', '- 2024-integrity-training'],
  ['zh_TW/pages/chairman.yaml', 'url: /committee }'],
  ['zh_TW/menu.yaml', 'to: /committee }'],
  ['zh_TW/report/gri.yaml', 'url: /committee#duties'],
];

let content: string;
let out: string;
/** Every file of out/ as the successful build left it, hashed. */
let before: Record<string, string>;
/** The build of the broken content. */
let failed: ReturnType<typeof runEsg>;

/** `zh_TW/menu.yaml:6:39` of the first occurrence of `text` in a content file. */
function placeOf(path: string, text: string): string {
  const lines = readFileSync(join(content, path), 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${path} has no ${text}`);
  return `${path}:${index + 1}:${lines[index]!.indexOf(text) + 1}`;
}

beforeAll(() => {
  ({ content, out, before } = builtSampleCopy());
  for (const mistake of mistakes) {
    editContent(content, mistake.path, (text) => {
      if (!text.includes(mistake.from)) throw new Error(`${mistake.path} has no ${mistake.from}`);
      return text.replace(mistake.from, mistake.to);
    });
  }
  editContent(content, 'zh_TW/pages/about.yaml', (text) =>
    text.replace(
      /^( +)- \{ text: GRI 內容索引, url: \/report\/gri \}\n/m,
      (line, indent: string) => `${line}${indent}- { text: 誠信教育訓練, url: /event/2024-integrity-training }\n`,
    ),
  );
  failed = runEsg(['build', '--content', content, '--out', out]);
});

describe('a build with mistakes in seven files', () => {
  it('reports every one of them in one run, each with its code and place', () => {
    expect(failed.code, failed.stderr).toBe(1);
    const expected = mistakes.map((mistake) => `${placeOf(mistake.path, mistake.at)}  ${mistake.code}`);
    expect(printedProblems(failed.stderr, content).sort()).toEqual(expected.sort());
  });

  it('leaves the out/ of the last good build byte for byte as it was, and no staging folder beside it', () => {
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['zh_TW/index.html', 'zh_TW/committee/index.html', 'zh_TW/event/2024-integrity-training/index.html', 'sitemap.xml']),
    );
    expect(hashesOf(out)).toEqual(before);
    expect(readdirSync(dirname(out))).toEqual(['out']);
  });

  it('does not report a link to a page whose file has a syntax error: the page is still named', () => {
    const printedLines = new Set(printedProblems(failed.stderr, content).map((problem) => problem.replace(/:\d+ {2}ESG\d+$/, '')));
    const links = linksToBrokenFiles.map(([path, text]) => placeOf(path, text).replace(/:\d+$/, ''));
    expect(links.filter((line) => printedLines.has(line))).toEqual([]);
    expect(printedProblems(failed.stderr, content).filter((problem) => /ESG4005$/.test(problem))).toEqual([
      `${placeOf('zh_TW/pages/about.yaml', '/report/sasbb')}  ESG4005`,
    ]);
    // Nor is the English translation of the broken event an orphan.
    expect(printedProblems(failed.stderr, content).filter((problem) => problem.startsWith('en/events/2024-integrity-training.md'))).toEqual([]);
  });

  it('esg validate reports the same problems', () => {
    const validated = runEsg(['validate', '--content', content]);
    expect(validated.code, validated.stderr).toBe(1);
    expect(printedProblems(validated.stderr, content)).toEqual(printedProblems(failed.stderr, content));
  });
});
