import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProblems, contentCopy, editContent } from '../helpers/site.ts';

describe('quiz and survey content checks', () => {
  it('fails the build at the line of an answer that is not one of its options, and of bands that do not fit', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/qa.yaml', (text) =>
      text.replace('    answer: 銅\n', '    answer: 金\n').replace('bands:\n  a: 16\n  b: 10', 'bands:\n  a: 12\n  b: 14'),
    );
    const problems = await buildProblems(content);
    const lines = readFileSync(join(content, 'zh_TW/qa.yaml'), 'utf8').split('\n');
    const answer = problems.find((problem) => problem.field === 'questions[4].answer');
    expect(answer).toMatchObject({ file: expect.stringMatching(/zh_TW\/qa\.yaml$/), code: 'ESG5001', line: lines.indexOf('    answer: 金') + 1 });
    // The options the answer must be one of, as the hint lists them.
    expect(answer?.hint).toMatch(/ 銅, 鋁$/);
    expect(problems.find((problem) => problem.field === 'bands')).toMatchObject({ code: 'ESG5004' });
  });

  it('fails the build when a true/false question offers other options, or a survey group has the wrong number of topics', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/qa.yaml', (text) =>
      text.replace('    answer: "true"\n    optionList: ["true", "false"]', '    answer: "true"\n    optionList: ["true", "maybe"]'),
    );
    editContent(content, 'zh_TW/questionnaire.yaml', (text) => text.replace(/ {6}- \{ id: innovation.*\n/, ''));
    const problems = await buildProblems(content);
    expect(problems.map((problem) => `${problem.file.replace(/^.*\/content\//, '')} ${problem.field}: ${problem.code}`)).toEqual(
      expect.arrayContaining(['zh_TW/qa.yaml questions[0].optionList: ESG5002', 'zh_TW/questionnaire.yaml groups[1].questions: ESG5007']),
    );
  });
});
