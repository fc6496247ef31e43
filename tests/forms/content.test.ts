import { describe, expect, it } from 'vitest';
import { buildProblems, contentCopy, editContent } from '../helpers/site.ts';

describe('quiz and survey content checks', () => {
  it('fails the build at the line of an answer that is not one of its options, and of bands that do not fit', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/qa.yaml', (text) => text.replace('    answer: 銅\n', '    answer: 金\n').replace('bands:\n  a: 16\n  b: 10', 'bands:\n  a: 12\n  b: 14'));
    const problems = await buildProblems(content);
    const answer = problems.find((problem) => problem.field === 'questions[4].answer');
    expect(answer).toMatchObject({ file: expect.stringMatching(/zh_TW\/qa\.yaml$/), message: '"金" is not one of the options', hint: 'options: 銅, 鋁' });
    expect(problems.find((problem) => problem.field === 'bands')?.message).toBe('thresholds a 12 and b 14 do not fit 19 questions');
  });

  it('fails the build when a true/false question offers other options, or a survey group has the wrong number of topics', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/qa.yaml', (text) => text.replace('    answer: "true"\n    optionList: ["true", "false"]', '    answer: "true"\n    optionList: ["true", "maybe"]'));
    editContent(content, 'zh_TW/questionnaire.yaml', (text) => text.replace(/ {6}- \{ id: innovation.*\n/, ''));
    const problems = await buildProblems(content);
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual(expect.arrayContaining([
      'questions[0].optionList: a type a question offers exactly "true" and "false"',
      'groups[1].questions: has 5 topics; the economic group has 6',
    ]));
  });
});
