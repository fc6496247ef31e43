import { problemAt } from '../content/source.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import type { Questionnaire, Quiz } from '../content/types.ts';
import type { SiteModel } from './locales.ts';
import type { ContentDocument } from './validate.ts';

/**
 * Spec §3 asks for 19 questions: 4 of type a, 4 of type b, 7 of type c and 2 of type d. Those add up
 * to 17, so the type counts are the least of each type and the schema holds the total of 19.
 */
export const quizTypeMinimums = { a: 4, b: 4, c: 7, d: 2 } as const;
/** Spec §3: governance 5 topics, economic 6, environmental 6, social 6 (23 in all), in this order. */
export const surveyGroupSizes = [['governance', 5], ['economic', 6], ['environmental', 6], ['social', 6]] as const;

/**
 * What the schemas cannot say about the quiz and the survey: every answer is one of its options,
 * true/false questions offer exactly 'true' and 'false', the band thresholds fit the questions, the
 * type and topic counts of the spec hold, and topic ids are unique (they key the stored answers).
 */
export function checkFormsContent(model: SiteModel): void {
  const problems: ContentProblem[] = [];
  for (const locale of model.locales) {
    const quiz = locale.documents.get('qa.yaml') as ContentDocument<Quiz> | undefined;
    if (quiz) problems.push(...quizProblems(quiz));
    const survey = locale.documents.get('questionnaire.yaml') as ContentDocument<Questionnaire> | undefined;
    if (survey) problems.push(...surveyProblems(survey));
  }
  // A converted zh_CN file points at its zh_TW source: report each problem once, as zh_TW says it.
  const unique = new Map<string, ContentProblem>();
  for (const problem of problems) {
    const key = `${problem.file}:${problem.line}:${problem.column}:${problem.field}`;
    if (!unique.has(key)) unique.set(key, problem);
  }
  if (unique.size) throw new ContentErrors([...unique.values()]);
}

function quizProblems({ data, source }: ContentDocument<Quiz>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  data.questions.forEach((question, index) => {
    const at = ['questions', index];
    if (!question.optionList.includes(question.answer)) {
      problems.push(problemAt(source, [...at, 'answer'], `${JSON.stringify(question.answer)} is not one of the options`, { hint: `options: ${question.optionList.join(', ')}` }));
    }
    const trueFalse = question.optionList.length === 2 && question.optionList.includes('true') && question.optionList.includes('false');
    if (question.type === 'a' && !trueFalse) problems.push(problemAt(source, [...at, 'optionList'], 'a type a question offers exactly "true" and "false"'));
    if (question.type === 'b' && question.optionList.length !== 2) problems.push(problemAt(source, [...at, 'optionList'], 'a type b question offers two options'));
    if (question.type === 'c' && question.optionList.length !== 3) problems.push(problemAt(source, [...at, 'optionList'], 'a type c question offers three options'));
  });
  for (const [type, least] of Object.entries(quizTypeMinimums)) {
    const count = data.questions.filter((question) => question.type === type).length;
    if (count < least) problems.push(problemAt(source, ['questions'], `has ${count} questions of type ${type}; the quiz has at least ${least}`, { hint: 'at least 4 of type a, 4 of b, 7 of c and 2 of d, 19 in all' }));
  }
  const { a, b } = data.bands;
  if (!(b < a && a <= data.questions.length)) {
    problems.push(problemAt(source, ['bands'], `thresholds a ${a} and b ${b} do not fit ${data.questions.length} questions`, { hint: 'band a from a correct answers, b from b; 0 < b < a <= number of questions' }));
  }
  const tags = new Set(data.tags.map((entry) => entry.tag));
  if (tags.size !== data.tags.length) problems.push(problemAt(source, ['tags'], 'names a tag twice', { hint: 'one label for each of the four tags' }));
  return problems;
}

function surveyProblems({ data, source }: ContentDocument<Questionnaire>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  surveyGroupSizes.forEach(([id, size], index) => {
    const group = data.groups[index];
    if (group && group.id !== id) problems.push(problemAt(source, ['groups', index, 'id'], `must be ${id}`, { hint: 'groups in order: governance, economic, environmental, social' }));
    if (group && group.questions.length !== size) problems.push(problemAt(source, ['groups', index, 'questions'], `has ${group.questions.length} topics; the ${id} group has ${size}`));
  });
  const seen = new Set<string>();
  data.groups.forEach((group, groupIndex) => group.questions.forEach((topic, index) => {
    if (seen.has(topic.id)) problems.push(problemAt(source, ['groups', groupIndex, 'questions', index, 'id'], `duplicate topic id ${topic.id}`));
    seen.add(topic.id);
  }));
  const identities = data.basic.identities.map((identity) => identity.id);
  if (new Set(identities).size !== identities.length) problems.push(problemAt(source, ['basic', 'identities'], 'names an identity id twice'));
  return problems;
}
