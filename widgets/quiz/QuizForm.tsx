import { useEffect, useRef, useState } from 'react';
import { fill } from '../forms/message.ts';
import { freshProgress, readProgress, saveProgress, type QuizProgress } from './progress.ts';

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
  resultHref: string;
  texts: { progress: string; next: string; seeResults: string; explanation: string; right: string; wrong: string };
}

/**
 * One question at a time: choosing an option shows right or wrong with the explanation, then
 * next (or see results on the last). Every step is saved, so a reload lands on the same question.
 */
export function QuizForm({ questions, resultHref, texts }: QuizFormProps) {
  const [progress, setProgress] = useState<QuizProgress>(freshProgress);
  const [ready, setReady] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setProgress(readProgress());
    setReady(true);
  }, []);

  function update(next: QuizProgress) {
    saveProgress(next);
    setProgress(next);
  }

  const finished = progress.choices.length >= questions.length && !progress.revealed;
  useEffect(() => {
    if (ready && finished) location.assign(resultHref);
  }, [ready, finished, resultHref]);

  const index = Math.min(progress.revealed ? progress.choices.length - 1 : progress.choices.length, questions.length - 1);
  const question = questions[index]!;
  const chosen = progress.revealed ? progress.choices[index] : undefined;
  const last = index === questions.length - 1;
  const labelOf = (value: string) => question.options.find((option) => option.value === value)?.label ?? value;

  // After next, the new question is read out first, not the button that is gone.
  useEffect(() => {
    if (ready && index > 0) headingRef.current?.focus();
  }, [ready, index]);

  function choose(value: string) {
    if (chosen !== undefined) return;
    update({ ...progress, choices: [...progress.choices, value], correct: [...progress.correct, value === question.answer], revealed: true });
  }

  return (
    <div className="quiz-form" data-ready={ready ? '' : undefined}>
      <p className="quiz-progress">{fill(texts.progress, { current: index + 1, total: questions.length })}</p>
      <progress className="quiz-progress-bar" max={questions.length} value={progress.choices.length} aria-hidden="true" />
      <p className="quiz-tag">{question.tag}</p>
      <h2 ref={headingRef} className="quiz-question" id="quiz-question" tabIndex={-1}>
        {question.question}
      </h2>
      <ul className="quiz-options" aria-labelledby="quiz-question">
        {question.options.map((option) => {
          const state = chosen === undefined ? '' : option.value === question.answer ? 'is-answer' : option.value === chosen ? 'is-wrong' : '';
          return (
            <li key={option.value}>
              <button
                type="button"
                className={`quiz-option ${state}`.trim()}
                aria-pressed={chosen === option.value}
                disabled={chosen !== undefined}
                data-value={option.value}
                onClick={() => choose(option.value)}
              >
                {option.label}
              </button>
            </li>
          );
        })}
      </ul>
      {chosen !== undefined && (
        <div className={chosen === question.answer ? 'quiz-feedback is-right' : 'quiz-feedback is-wrong'} role="status">
          <p className="quiz-verdict">
            {chosen === question.answer ? (
              texts.right
            ) : (
              <>
                {texts.wrong}
                <strong>{labelOf(question.answer)}</strong>
              </>
            )}
          </p>
          <h3>{texts.explanation}</h3>
          <p className="quiz-explanation">{question.description}</p>
          <button type="button" className="button quiz-next" onClick={() => update({ ...progress, revealed: false })}>
            {last ? texts.seeResults : texts.next}
          </button>
        </div>
      )}
    </div>
  );
}
