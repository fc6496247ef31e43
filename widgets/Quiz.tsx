import { QuizForm, type QuizFormProps } from './quiz/QuizForm.tsx';
import { QuizResult, type QuizResultProps } from './quiz/QuizResult.tsx';
import { clearProgress } from './quiz/progress.ts';

/**
 * The quiz island of the three quiz pages (docs/product.md, "Quiz and survey"): the start button,
 * the question form, the result.
 */
export type QuizProps = { screen: 'start'; formHref: string; button: string } | ({ screen: 'form' } & QuizFormProps) | ({ screen: 'result' } & QuizResultProps);

export default function Quiz(props: QuizProps) {
  switch (props.screen) {
    case 'start':
      // Starting always starts a new round.
      return (
        <a className="button quiz-start" href={props.formHref} onClick={clearProgress}>
          {props.button}
        </a>
      );
    case 'form':
      return <QuizForm {...props} />;
    case 'result':
      return <QuizResult {...props} />;
  }
}
