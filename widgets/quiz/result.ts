/**
 * The quiz's result (markup: templates/forms/QuizResult.tsx; docs/product.md, "Quiz and survey"),
 * plain DOM: the round is read from the tab and the page shows the correct count with the band's
 * text, or, before the round is finished, a note that leads to the start. Copy link copies the
 * quiz's address with the toast 'Link copied'. Once the first-answer record is sent (now, or earlier
 * in the round) it is replaced by the note that it was.
 */
import { fill } from '../forms/message.ts';
import { showToast } from '../toast.ts';
import { releaseEarlyInput } from '../earlyInput.ts';
import { bandOf, readProgress, recordedEvent, scoreOf } from './round.ts';

export default function startQuizResult(root: HTMLElement): void {
  const progress = readProgress();
  const total = Number(root.dataset.total);
  const outcome = root.querySelector<HTMLElement>('.quiz-outcome')!;
  if (progress.choices.length < total) {
    root.querySelector<HTMLElement>('.quiz-unfinished')!.hidden = false;
    outcome.remove();
  } else {
    const score = scoreOf(progress);
    const band = bandOf(score, { a: Number(root.dataset.bandA), b: Number(root.dataset.bandB) });
    const message = outcome.querySelector<HTMLElement>('.quiz-score')!;
    message.textContent = fill(message.dataset.message!, { correct: score, total });
    for (const text of outcome.querySelectorAll<HTMLElement>('.quiz-band')) if (text.dataset.band !== band) text.remove();
    root.dataset.band = band;
    const copy = outcome.querySelector<HTMLButtonElement>('.quiz-copy')!;
    copy.addEventListener('click', async () => {
      await copyText(new URL(copy.dataset.address!, location.href).href);
      showToast(copy.dataset.copied!);
    });
    const showRecorded = () => {
      outcome.querySelector<HTMLElement>('.quiz-record-island')!.hidden = true;
      outcome.querySelector<HTMLElement>('.quiz-record.is-sent')!.hidden = false;
    };
    if (progress.recorded) showRecorded();
    root.addEventListener(recordedEvent, showRecorded);
    outcome.hidden = false;
  }
  root.dataset.ready = '';
  releaseEarlyInput(root);
}

/** The clipboard API where the page may use it, else the older copy command on a hidden field. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
}
