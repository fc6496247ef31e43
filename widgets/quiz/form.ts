/**
 * The quiz's questions (markup: templates/forms/QuizForm.tsx; docs/product.md, "Quiz and survey"),
 * plain DOM so that a first tap answers at once: one question shows at a time; choosing an option
 * shows right or wrong with the explanation, then next (or see results on the last). Every step is
 * saved, so a reload lands on the same question. An answer sent before this script ran arrives in
 * the address (`?question=&answer=`), or held by widgets/earlyInput.ts, and counts the same.
 */
import { fill } from '../forms/message.ts';
import { releaseEarlyInput } from '../earlyInput.ts';
import { answered, clearProgress, currentQuestion, finished, newRoundParameter, readProgress, saveProgress, type QuizProgress } from './round.ts';

export default function startQuizForm(root: HTMLElement): void {
  const questions = [...root.querySelectorAll<HTMLFormElement>('form.quiz-question')];
  const counter = root.querySelector('.quiz-progress')!;
  const bar = root.querySelector('progress')!;
  let progress = arrival(questions);
  const update = (next: QuizProgress) => {
    progress = next;
    saveProgress(next);
  };

  const show = (focus: boolean) => {
    if (finished(progress, questions.length)) return location.assign(root.dataset.result!);
    const index = currentQuestion(progress, questions.length);
    questions.forEach((question, each) => (question.hidden = each !== index));
    counter.textContent = fill(root.dataset.progress!, { current: index + 1, total: questions.length });
    bar.value = progress.choices.length;
    if (progress.revealed) reveal(questions[index]!, progress.choices[index]!);
    // After next, the new question is read out first, not the button that is gone.
    if (focus) questions[index]!.querySelector<HTMLElement>('.quiz-question-title')!.focus();
  };

  for (const [index, question] of questions.entries()) {
    question.addEventListener('submit', (event) => {
      event.preventDefault();
      const value = (event.submitter as HTMLButtonElement | null)?.value;
      if (value === undefined || index !== currentQuestion(progress, questions.length) || progress.revealed) return;
      update(answered(progress, value, question.dataset.answer!));
      show(false);
    });
    question.querySelector('.quiz-next')!.addEventListener('click', () => {
      update({ ...progress, revealed: false });
      show(true);
    });
  }

  show(false);
  root.dataset.ready = '';
  releaseEarlyInput(root);
}

/**
 * The round on arrival: a new one when a start link asked for it, and with the answer the address
 * carries when it was chosen before this script ran (for the question then current). The address
 * is then the form's own again, so a reload does not answer twice.
 */
function arrival(questions: HTMLFormElement[]): QuizProgress {
  const address = new URL(location.href);
  const parameters = address.searchParams;
  if (parameters.has(newRoundParameter)) clearProgress();
  let progress = readProgress();
  const asked = Number(parameters.get('question'));
  const value = parameters.get('answer');
  const question = questions[asked];
  if (question && value !== null && !progress.revealed && asked === currentQuestion(progress, questions.length)) {
    progress = answered(progress, value, question.dataset.answer!);
    saveProgress(progress);
  }
  if (address.search) history.replaceState(history.state, '', address.pathname);
  return progress;
}

/** Shows a question answered: the options marked and disabled, the verdict that holds and the explanation. */
function reveal(question: HTMLFormElement, chosen: string): void {
  const answer = question.dataset.answer!;
  for (const option of question.querySelectorAll<HTMLButtonElement>('.quiz-option')) {
    option.disabled = true;
    option.setAttribute('aria-pressed', String(option.value === chosen));
    option.classList.toggle('is-answer', option.value === answer);
    option.classList.toggle('is-wrong', option.value === chosen && chosen !== answer);
  }
  const right = chosen === answer;
  const feedback = question.querySelector<HTMLElement>('.quiz-feedback')!;
  feedback.querySelector(`[data-verdict="${right ? 'wrong' : 'right'}"]`)?.remove();
  feedback.classList.add(right ? 'is-right' : 'is-wrong');
  feedback.hidden = false;
}
