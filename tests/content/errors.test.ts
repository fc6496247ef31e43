import { describe, expect, it } from 'vitest';
import { formatProblem, type ContentProblem } from '../../cli/errors.ts';
import { buildProblems, contentCopy } from '../helpers/site.ts';

/** The problems of the sample content with some files replaced. */
function problemsOf(replace: Record<string, string>): Promise<ContentProblem[]> {
  return buildProblems(contentCopy(replace));
}

const brokenMenu = `items:
  - name: 永續經營
    children:
      - { name: 董事長的話, to: /chairman }
      - name: 總經理的話
        to: 42
      - name: 公司概況
        too: /company
      - to: /about
`;

const brokenSitemap = `groups:
  - title: 永續經營
    title: 重複的鍵
`;

/** `content/zh_TW/menu.yaml:6:13  ESG2007 items[0].to`: where a problem is, its code and its field. */
const placeAndCode = (problem: ContentProblem) => `${problem.file.replace(/^.*\/content\//, 'content/')}:${problem.line}:${problem.column}  ${problem.code} ${problem.field}`.trimEnd();

describe('content errors', () => {
  it('name the file, line, column, code and field of every problem, all at once', async () => {
    const problems = await problemsOf({ 'zh_TW/menu.yaml': brokenMenu, 'zh_TW/sitemap.yaml': brokenSitemap });
    expect(problems.map(placeAndCode)).toEqual([
      'content/zh_TW/menu.yaml:6:13  ESG2007 items[0].children[1].to',
      'content/zh_TW/menu.yaml:8:9  ESG2002 items[0].children[2].too',
      'content/zh_TW/menu.yaml:9:9  ESG2001 items[0].children[3].name',
      expect.stringMatching(/^content\/zh_TW\/sitemap\.yaml:\d+:\d+  ESG1004$/),
    ]);
  });

  it('print a code frame with a caret under the column, and a hint listing the allowed fields', async () => {
    const [wrongType, unknown] = await problemsOf({ 'zh_TW/menu.yaml': brokenMenu });
    expect(formatProblem(wrongType!)).toMatch(/^\S+\/content\/zh_TW\/menu\.yaml:6:13  ESG2007 items\[0\]\.children\[1\]\.to: /);
    expect(formatProblem(wrongType!)).toContain(
      ['  4 |       - { name: 董事長的話, to: /chairman }', '  5 |       - name: 總經理的話', '> 6 |         to: 42', '    |             ^'].map((line) => `  ${line}`).join('\n'),
    );
    expect(unknown).toMatchObject({ code: 'ESG2002', field: 'items[0].children[2].too' });
    expect(unknown!.hint).toMatch(/\bname, to, target, important, triggerAction, class, children$/);
  });

  it('report a YAML syntax error at its line', async () => {
    const [syntax] = await problemsOf({ 'zh_TW/sitemap.yaml': brokenSitemap });
    expect(syntax).toMatchObject({ file: expect.stringMatching(/content\/zh_TW\/sitemap\.yaml$/), code: 'ESG1004', line: 3, column: 5, field: '' });
  });

  it('report a bad link address with the schema title and the value', async () => {
    const [problem] = await problemsOf({ 'zh_TW/menu.yaml': 'items:\n  - name: A\n    to: javascript:alert(1)\n' });
    expect(placeAndCode(problem!)).toBe('content/zh_TW/menu.yaml:3:9  ESG2005 items[0].to');
    // The format is named by its title in schemas/common.schema.json ("Link address"), the value as written.
    expect(problem!.message).toContain('link address');
    expect(problem!.message).toContain('"javascript:alert(1)"');
  });

  it('report a link to a page that does not exist, and a section that does not exist', async () => {
    const problems = await problemsOf({
      'zh_TW/pages/kiwi.yaml': `title: 奇異果\ndescription: 說明\nsections:\n  - heading: 連結\n    blocks:\n      - type: links\n        items:\n          - { text: 不存在的頁, url: /no-such-page }\n          - { text: 不存在的段落, url: /focus/climate/energy?focus=focus399 }\n`,
    });
    expect(problems.map(placeAndCode)).toEqual([
      'content/zh_TW/pages/kiwi.yaml:8:33  ESG4005 sections[0].blocks[0].items[0].url',
      'content/zh_TW/pages/kiwi.yaml:9:34  ESG4006 sections[0].blocks[0].items[1].url',
    ]);
    // The sections that do exist there, as the hint lists them.
    expect(problems[1]!.hint).toMatch(/\bfocus321, focus322, focus323, focus324$/);
  });

  it('report an unknown block type with the allowed ones', async () => {
    const [problem] = await problemsOf({ 'zh_TW/pages/kiwi.yaml': 'title: 奇異果\ndescription: 說明\nsections:\n  - heading: 一\n    blocks:\n      - type: video\n        text: x\n' });
    expect(problem).toMatchObject({ code: 'ESG2006', line: 6, field: 'sections[0].blocks[0].type' });
    expect(problem!.hint).toMatch(/\btext, list, figures, table, metrics, targets, restatements, quote, image, links, people$/);
  });
});
