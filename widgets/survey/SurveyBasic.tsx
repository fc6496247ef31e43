import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isEmail } from '../forms/send.ts';
import { releaseEarlyInput, typedBefore, withTyped } from '../earlyInput.ts';
import { FieldError, OptionalLabel, type FormTexts } from '../forms/FormStatus.tsx';
import { readDraft, saveDraft, type SurveyBasicAnswers } from './answers.ts';

export interface SurveyBasicProps {
  questionsHref: string;
  identities: { id: string; label: string }[];
  texts: { identity: string; other: string; organisation: string; name: string; email: string; next: string; consent: string };
  forms: FormTexts;
}

/** The id the 'other' choice is stored under; its text goes in identityOther. */
export const otherIdentity = 'other';

const empty: SurveyBasicAnswers = { identity: '', identityOther: '', organisation: '', name: '', email: '', consent: false };
type Problems = Partial<Record<keyof SurveyBasicAnswers, string>>;

/**
 * Step 1 of the stakeholder survey: identity (from the list or 'other' with a text), organisation,
 * optional name and e-mail, consent. Checked before moving on; the answers wait in sessionStorage.
 * What was typed or sent before the island woke is kept.
 */
export function SurveyBasic({ questionsHref, identities, texts, forms }: SurveyBasicProps) {
  const [answers, setAnswers] = useState<SurveyBasicAnswers>(empty);
  const [problems, setProblems] = useState<Problems>({});
  const [ready, setReady] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setAnswers(withTyped(readDraft().basic ?? empty, typedBefore(form.current!)));
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready) releaseEarlyInput(form.current!);
  }, [ready]);

  function check(): Problems {
    const found: Problems = {};
    if (!answers.identity) found.identity = forms.required;
    if (answers.identity === otherIdentity && !answers.identityOther.trim()) found.identityOther = forms.required;
    if (!answers.organisation.trim()) found.organisation = forms.required;
    if (answers.email.trim() && !isEmail(answers.email)) found.email = forms.emailInvalid;
    if (!answers.consent) found.consent = forms.consentRequired;
    return found;
  }

  function next(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`survey-${first}`)?.focus();
      return;
    }
    saveDraft({ ...readDraft(), basic: { ...answers, organisation: answers.organisation.trim(), email: answers.email.trim() } });
    location.assign(questionsHref);
  }

  const set = <K extends keyof SurveyBasicAnswers>(name: K, value: SurveyBasicAnswers[K]) => setAnswers({ ...answers, [name]: value });
  const invalid = (name: keyof SurveyBasicAnswers) => (problems[name] ? { 'aria-invalid': true, 'aria-describedby': `survey-${name}-error` } : {});

  return (
    <form ref={form} className="survey-basic form" onSubmit={next} noValidate data-ready={ready ? '' : undefined}>
      <fieldset className="field" id="survey-identity" tabIndex={-1} {...invalid('identity')}>
        <legend>{texts.identity}</legend>
        <div className="choice-list">
          {[...identities, { id: otherIdentity, label: texts.other }].map((identity) => (
            <label key={identity.id} className="choice">
              <input
                type="radio"
                name="identity"
                value={identity.id}
                checked={answers.identity === identity.id}
                onChange={() => set('identity', identity.id)}
              />
              <span>{identity.label}</span>
            </label>
          ))}
        </div>
        <FieldError id="survey-identity" message={problems.identity} />
      </fieldset>
      {answers.identity === otherIdentity && (
        <label className="field">
          <span>{texts.other}</span>
          <input
            id="survey-identityOther"
            name="identityOther"
            value={answers.identityOther}
            maxLength={100}
            onChange={(event) => set('identityOther', event.target.value)}
            {...invalid('identityOther')}
          />
          <FieldError id="survey-identityOther" message={problems.identityOther} />
        </label>
      )}
      <label className="field">
        <span>{texts.organisation}</span>
        <input
          id="survey-organisation"
          name="organisation"
          value={answers.organisation}
          maxLength={200}
          autoComplete="organization"
          onChange={(event) => set('organisation', event.target.value)}
          {...invalid('organisation')}
        />
        <FieldError id="survey-organisation" message={problems.organisation} />
      </label>
      <label className="field">
        <OptionalLabel label={texts.name} optional={forms.optional} />
        <input id="survey-name" name="name" value={answers.name} maxLength={100} autoComplete="name" onChange={(event) => set('name', event.target.value)} />
      </label>
      <label className="field">
        <OptionalLabel label={texts.email} optional={forms.optional} />
        <input
          id="survey-email"
          name="email"
          type="email"
          value={answers.email}
          maxLength={254}
          autoComplete="email"
          onChange={(event) => set('email', event.target.value)}
          {...invalid('email')}
        />
        <FieldError id="survey-email" message={problems.email} />
      </label>
      <div className="field">
        <label className="choice">
          <input
            id="survey-consent"
            type="checkbox"
            name="consent"
            checked={answers.consent}
            onChange={(event) => set('consent', event.target.checked)}
            {...invalid('consent')}
          />
          <span>{texts.consent}</span>
        </label>
        <FieldError id="survey-consent" message={problems.consent} />
      </div>
      <button type="submit" className="button">
        {texts.next}
      </button>
    </form>
  );
}
