import { SurveyBasic, type SurveyBasicProps } from './survey/SurveyBasic.tsx';
import { SurveyQuestions, type SurveyQuestionsProps } from './survey/SurveyQuestions.tsx';

/** The stakeholder survey island: questionnaire/basic, then questionnaire/questions. */
export type SurveyProps = ({ step: 'basic' } & SurveyBasicProps) | ({ step: 'questions' } & SurveyQuestionsProps);

export default function Survey(props: SurveyProps) {
  return props.step === 'basic' ? <SurveyBasic {...props} /> : <SurveyQuestions {...props} />;
}
