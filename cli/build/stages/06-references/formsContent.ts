import { problemAt } from '../../../content/source.ts';
import { errors } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import { type ContentDocument } from '../../../content/documents.ts';
import { documentOf, type SiteModel } from '../../model/site.ts';

/**
 * The quiz has 19 questions: at least 4 of type a, 4 of type b, 7 of type c and 2 of type d. Those
 * add up to 17, so the type counts are the least of each type and the schema holds the total of 19
 * (docs/product.md, "Quiz and survey").
 */
export const quizTypeMinimums = { a: 4, b: 4, c: 7, d: 2 } as const;
/** The survey: governance 5 topics, economic 6, environmental 6, social 6 (23 in all), in this order. */
export const surveyGroupSizes = [
  ['governance', 5],
  ['economic', 6],
  ['environmental', 6],
  ['social', 6],
] as const;

/**
 * What the schemas cannot say about the quiz and the survey: every answer is one of its options,
 * true/false questions offer exactly 'true' and 'false', the band thresholds fit the questions, the
 * type minimums and topic counts hold, and topic ids are unique (they key the stored answers).
 */
export function formsContentProblems(model: SiteModel): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const locale of model.locales) {
    const quiz = documentOf(locale, 'qa.yaml', 'quiz');
    if (quiz) problems.push(...quizProblems(quiz));
    const survey = documentOf(locale, 'questionnaire.yaml', 'questionnaire');
    if (survey) problems.push(...surveyProblems(survey));
  }
  // A converted zh_CN file points at its zh_TW source: report each problem once, as zh_TW says it.
  const unique = new Map<string, ContentProblem>();
  for (const problem of problems) {
    const key = `${problem.file}:${problem.line}:${problem.column}:${problem.field}`;
    if (!unique.has(key)) unique.set(key, problem);
  }
  return [...unique.values()];
}

function quizProblems({ data, source }: ContentDocument<'quiz'>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  data.questions.forEach((question, index) => {
    const at = ['questions', index];
    if (!question.optionList.includes(question.answer)) {
      problems.push(problemAt(source, [...at, 'answer'], errors.answerNotAnOption, question.answer, question.optionList));
    }
    const trueFalse = question.optionList.length === 2 && question.optionList.includes('true') && question.optionList.includes('false');
    if (question.type === 'a' && !trueFalse) problems.push(problemAt(source, [...at, 'optionList'], errors.wrongOptionCount, 'a'));
    if (question.type === 'b' && question.optionList.length !== 2) problems.push(problemAt(source, [...at, 'optionList'], errors.wrongOptionCount, 'b'));
    if (question.type === 'c' && question.optionList.length !== 3) problems.push(problemAt(source, [...at, 'optionList'], errors.wrongOptionCount, 'c'));
  });
  for (const [type, least] of Object.entries(quizTypeMinimums)) {
    const count = data.questions.filter((question) => question.type === type).length;
    if (count < least) problems.push(problemAt(source, ['questions'], errors.tooFewOfType, count, type, least));
  }
  const { a, b } = data.bands;
  if (!(b < a && a <= data.questions.length)) {
    problems.push(problemAt(source, ['bands'], errors.bandsDoNotFit, a, b, data.questions.length));
  }
  const tags = new Set(data.tags.map((entry) => entry.tag));
  if (tags.size !== data.tags.length) problems.push(problemAt(source, ['tags'], errors.duplicateQuizTag));
  return problems;
}

function surveyProblems({ data, source }: ContentDocument<'questionnaire'>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  surveyGroupSizes.forEach(([id, size], index) => {
    const group = data.groups[index];
    if (group && group.id !== id) problems.push(problemAt(source, ['groups', index, 'id'], errors.wrongSurveyGroup, id));
    if (group && group.questions.length !== size)
      problems.push(problemAt(source, ['groups', index, 'questions'], errors.wrongTopicCount, group.questions.length, id, size));
  });
  const seen = new Set<string>();
  data.groups.forEach((group, groupIndex) =>
    group.questions.forEach((topic, index) => {
      if (seen.has(topic.id)) problems.push(problemAt(source, ['groups', groupIndex, 'questions', index, 'id'], errors.duplicateTopicId, topic.id));
      seen.add(topic.id);
    }),
  );
  const identities = data.basic.identities.map((identity) => identity.id);
  if (new Set(identities).size !== identities.length) problems.push(problemAt(source, ['basic', 'identities'], errors.duplicateIdentity));
  return problems;
}
