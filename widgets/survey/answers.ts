import type { FormsSurvey } from '../../schemas/types.ts';

/** Who answers (step 1), as the receiver takes it. */
export type SurveyBasicAnswers = Required<Pick<FormsSurvey, 'identity' | 'identityOther' | 'organisation' | 'name' | 'email'>> & { consent: boolean };

/** The survey so far, kept in sessionStorage between its two pages and across reloads. */
export interface SurveyDraft {
  basic?: SurveyBasicAnswers;
  ratings: Record<string, number>;
}

const draftKey = 'esg.survey';

export function readDraft(): SurveyDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(draftKey) ?? 'null') as SurveyDraft | null;
    return stored && typeof stored.ratings === 'object' ? stored : { ratings: {} };
  } catch {
    return { ratings: {} };
  }
}

export function saveDraft(draft: SurveyDraft): void {
  sessionStorage.setItem(draftKey, JSON.stringify(draft));
}

export function clearDraft(): void {
  sessionStorage.removeItem(draftKey);
}
