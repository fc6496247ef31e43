import { plainWidget } from '../../widgets/registry.ts';
import { fill } from '../../widgets/forms/message.ts';

export interface QuizQuestionView {
  tag: string;
  question: string;
  /** The explanation; its line breaks are kept. */
  description: string;
  answer: string;
  options: { value: string; label: string }[];
}

export interface QuizFormProps {
  questions: QuizQuestionView[];
  /** This page's address: an answer chosen before the script runs is sent to it (`?question=&answer=`). */
  formHref: string;
  resultHref: string;
  texts: { progress: string; next: string; seeResults: string; explanation: string; right: string; wrong: string };
}

/**
 * qa/qa-form (docs/product.md, "Quiz and survey"): every question, one shown at a time, each a form
 * whose options are its buttons, with its feedback written beside it, hidden until it is answered.
 * widgets/quiz/form.ts answers them; an answer chosen before that script is ready is not lost:
 * before the client entry runs, the form sends it in the address, and after, it waits for the
 * script (widgets/earlyInput.ts).
 */
export function QuizForm({ questions, formHref, resultHref, texts }: QuizFormProps) {
  return (
    <div className="quiz-form" {...plainWidget('QuizForm')} data-result={resultHref} data-progress={texts.progress}>
      <p className="quiz-progress">{fill(texts.progress, { current: 1, total: questions.length })}</p>
      <progress className="quiz-progress-bar" max={questions.length} value={0} aria-hidden="true" />
      {questions.map((question, index) => {
        const id = `quiz-question-${index + 1}`;
        const answer = question.options.find((option) => option.value === question.answer)?.label ?? question.answer;
        return (
          <form key={id} className="quiz-question" action={formHref} method="get" hidden={index > 0} data-answer={question.answer} aria-labelledby={id}>
            <input type="hidden" name="question" value={index} />
            <p className="quiz-tag">{question.tag}</p>
            <h2 className="quiz-question-title" id={id} tabIndex={-1}>
              {question.question}
            </h2>
            <ul className="quiz-options" aria-labelledby={id}>
              {question.options.map((option) => (
                <li key={option.value}>
                  <button type="submit" className="quiz-option" name="answer" value={option.value} data-value={option.value} aria-pressed="false">
                    {option.label}
                  </button>
                </li>
              ))}
            </ul>
            <div className="quiz-feedback" role="status" hidden>
              <p className="quiz-verdict" data-verdict="right">
                {texts.right}
              </p>
              <p className="quiz-verdict" data-verdict="wrong">
                {texts.wrong}
                <strong>{answer}</strong>
              </p>
              <h3>{texts.explanation}</h3>
              <p className="quiz-explanation">{question.description}</p>
              <button type="button" className="button quiz-next">
                {index === questions.length - 1 ? texts.seeResults : texts.next}
              </button>
            </div>
          </form>
        );
      })}
    </div>
  );
}
