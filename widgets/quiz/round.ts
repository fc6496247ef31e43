/**
 * A round of the quiz (docs/product.md, "Quiz and survey"): the visitor's way through it, kept in
 * sessionStorage so a reload mid-quiz keeps every answer given (and closing the tab forgets it),
 * and what follows from it, shared by the question form, the result and the first-answer record.
 */
export interface QuizProgress {
  /** The option chosen for each question answered so far, in order. */
  choices: string[];
  /** Whether each of those choices was right. */
  correct: boolean[];
  /** The last answer's feedback is showing (its next button not pressed yet). */
  revealed: boolean;
  /** The first-answer record of this round was sent. */
  recorded: boolean;
}

const progressKey = 'esg.quiz';

/**
 * The address parameter that starts a new round: the start, play-again and restart links lead to
 * `qa-form?round=new`, so a round starts afresh even when the link is followed before any script
 * has run.
 */
export const newRoundParameter = 'round';

/** The event the first-answer record (widgets/QuizRecord.tsx) sends once it is sent: the result says so in its place. */
export const recordedEvent = 'esg:quiz-recorded';

export const freshProgress = (): QuizProgress => ({ choices: [], correct: [], revealed: false, recorded: false });

export function readProgress(): QuizProgress {
  try {
    const stored = JSON.parse(sessionStorage.getItem(progressKey) ?? 'null') as Partial<QuizProgress> | null;
    if (!stored || !Array.isArray(stored.choices) || !Array.isArray(stored.correct)) return freshProgress();
    return { ...freshProgress(), ...stored };
  } catch {
    return freshProgress();
  }
}

export function saveProgress(progress: QuizProgress): void {
  sessionStorage.setItem(progressKey, JSON.stringify(progress));
}

export function clearProgress(): void {
  sessionStorage.removeItem(progressKey);
}

/** The question on screen: the one whose feedback shows, else the next to answer (the last when all are). */
export function currentQuestion(progress: QuizProgress, total: number): number {
  return Math.min(progress.revealed ? progress.choices.length - 1 : progress.choices.length, total - 1);
}

/** Every question answered and the last feedback read: time for the result. */
export const finished = (progress: QuizProgress, total: number) => progress.choices.length >= total && !progress.revealed;

/** The round after choosing `value` for the current question, whose right answer is `answer`. */
export function answered(progress: QuizProgress, value: string, answer: string): QuizProgress {
  return { ...progress, choices: [...progress.choices, value], correct: [...progress.correct, value === answer], revealed: true };
}

/** The number of right answers. */
export const scoreOf = (progress: QuizProgress) => progress.correct.filter(Boolean).length;

/** Band a from `bands.a` correct answers, b from `bands.b`, c below (thresholds from qa.yaml). */
export function bandOf(score: number, bands: { a: number; b: number }): 'a' | 'b' | 'c' {
  return score >= bands.a ? 'a' : score >= bands.b ? 'b' : 'c';
}
