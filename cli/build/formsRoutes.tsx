import type { Questionnaire, Quiz } from '../content/types.ts';
import type { RouteDeclaration } from './routes.tsx';
import { QuizPage } from '../../templates/pages/QuizPage.tsx';
import { SurveyPage } from '../../templates/pages/SurveyPage.tsx';

/** The quiz's three screens (qa.yaml) and the survey's two steps (questionnaire.yaml), spec §2. */
export const formsRoutes: RouteDeclaration[] = [
  { name: 'qa/qa', document: 'qa.yaml', render: (document) => <QuizPage data={document.data as Quiz} screen="start" /> },
  { name: 'qa/qa-form', document: 'qa.yaml', render: (document) => <QuizPage data={document.data as Quiz} screen="form" /> },
  { name: 'qa/qa-result', document: 'qa.yaml', render: (document) => <QuizPage data={document.data as Quiz} screen="result" /> },
  { name: 'questionnaire/basic', document: 'questionnaire.yaml', render: (document) => <SurveyPage data={document.data as Questionnaire} step="basic" /> },
  { name: 'questionnaire/questions', document: 'questionnaire.yaml', render: (document) => <SurveyPage data={document.data as Questionnaire} step="questions" /> },
];
