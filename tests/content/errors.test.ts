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

describe('content errors', () => {
  it('name the file, line, column and field of every problem, all at once', async () => {
    const problems = await problemsOf({ 'zh_TW/menu.yaml': brokenMenu, 'zh_TW/sitemap.yaml': brokenSitemap });
    const lines = problems.map((problem) => `${problem.file.replace(/^.*\/content\//, 'content/')}:${problem.line}:${problem.column}  ${problem.field}: ${problem.message}`);
    expect(lines).toEqual([
      'content/zh_TW/menu.yaml:6:13  items[0].children[1].to: must be string',
      'content/zh_TW/menu.yaml:8:9  items[0].children[2].too: is not a known field',
      'content/zh_TW/menu.yaml:9:9  items[0].children[3].name: is required',
      expect.stringMatching(/^content\/zh_TW\/sitemap\.yaml:\d+:\d+  : YAML syntax: /),
    ]);
  });

  it('print a code frame with a caret under the column, and a hint', async () => {
    const [wrongType, unknown] = await problemsOf({ 'zh_TW/menu.yaml': brokenMenu });
    expect(formatProblem(wrongType!)).toContain(
      ['  4 |       - { name: 董事長的話, to: /chairman }', '  5 |       - name: 總經理的話', '> 6 |         to: 42', '    |             ^'].map((line) => `  ${line}`).join('\n'),
    );
    expect(unknown!.hint).toBe('allowed fields here: name, to, target, important, triggerAction, class, children');
  });

  it('report a YAML syntax error at its line', async () => {
    const [syntax] = await problemsOf({ 'zh_TW/sitemap.yaml': brokenSitemap });
    expect(syntax!.file).toMatch(/content\/zh_TW\/sitemap\.yaml$/);
    expect(`${syntax!.line}:${syntax!.column}  ${syntax!.message}`).toBe('3:5  YAML syntax: Map keys must be unique');
  });

  it('report a bad link address with the schema title', async () => {
    const [problem] = await problemsOf({ 'zh_TW/menu.yaml': 'items:\n  - name: A\n    to: javascript:alert(1)\n' });
    expect(`${problem!.line}:${problem!.column}  ${problem!.field}: ${problem!.message}`).toBe('3:9  items[0].to: is not a valid link address: "javascript:alert(1)"');
  });

  it('report a link to a page that does not exist, and a section that does not exist', async () => {
    const problems = await problemsOf({
      'zh_TW/pages/kiwi.yaml': `title: 奇異果\ndescription: 說明\nsections:\n  - heading: 連結\n    blocks:\n      - type: links\n        items:\n          - { text: 不存在的頁, url: /no-such-page }\n          - { text: 不存在的段落, url: /focus/climate/energy?focus=focus399 }\n`,
    });
    expect(problems.map((problem) => `${problem.line}:${problem.column}  ${problem.message}`)).toEqual([
      '8:33  links to /no-such-page, which is not a page of this site',
      '9:34  links to section focus399, which does not exist on /focus/climate/energy',
    ]);
  });

  it('report an unknown block type with the allowed ones', async () => {
    const [problem] = await problemsOf({ 'zh_TW/pages/kiwi.yaml': 'title: 奇異果\ndescription: 說明\nsections:\n  - heading: 一\n    blocks:\n      - type: video\n        text: x\n' });
    expect(problem!.message).toBe('unknown block type "video"');
    expect(problem!.hint).toBe('block types: text, list, figures, table, quote, image, links, people');
    expect(problem!.line).toBe(6);
  });
});
