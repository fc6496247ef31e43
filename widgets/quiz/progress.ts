/**
 * The visitor's way through the quiz, kept in sessionStorage so a reload mid-quiz keeps every
 * answer given (and closing the tab forgets it).
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

/** Band a from `bands.a` correct answers, b from `bands.b`, c below (thresholds from qa.yaml). */
export function bandOf(score: number, bands: { a: number; b: number }): 'a' | 'b' | 'c' {
  return score >= bands.a ? 'a' : score >= bands.b ? 'b' : 'c';
}
