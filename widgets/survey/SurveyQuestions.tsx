import { useEffect, useRef, useState, type FormEvent } from 'react';
import { honeypotField, sendForm } from '../forms/send.ts';
import { releaseEarlyInput, typedBefore } from '../earlyInput.ts';
import { FieldError, FormStatus, Honeypot, type FormTexts, type SendState } from '../forms/FormStatus.tsx';
import { fill } from '../forms/message.ts';
import { clearDraft, readDraft, saveDraft, type SurveyDraft } from './answers.ts';

export interface SurveyGroupView {
  id: string;
  name: string;
  questions: { id: string; title: string; tips: string }[];
}

export interface SurveyQuestionsProps {
  groups: SurveyGroupView[];
  endpoint: string;
  locale: string;
  basicHref: string;
  homeHref: string;
  texts: {
    scale: string[];
    progress: string;
    unrated: string;
    submit: string;
    back: string;
    missingBasic: string;
    thanksTitle: string;
    thanksText: string;
    home: string;
  };
  forms: FormTexts;
}

/**
 * Step 2: every topic rated for concern 1–5, with a running count. Submitting checks that each topic
 * has a rating (a message next to each one missing), then sends the whole survey; only the
 * receiver's 201 shows the thank-you state. What was rated or sent before the island woke is kept.
 */
export function SurveyQuestions({ groups, endpoint, locale, basicHref, homeHref, texts, forms }: SurveyQuestionsProps) {
  const [draft, setDraft] = useState<SurveyDraft>({ ratings: {} });
  const [ready, setReady] = useState(false);
  const [unrated, setUnrated] = useState<string[]>([]);
  const [state, setState] = useState<SendState>('idle');
  const [honeypot, setHoneypot] = useState('');
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const saved = readDraft();
    const typed = typedBefore(form.current!);
    const ratings = { ...saved.ratings };
    for (const topic of groups.flatMap((group) => group.questions)) {
      const value = typed.get(topic.id);
      if (typeof value === 'string') ratings[topic.id] = Number(value);
    }
    const next = { ...saved, ratings };
    if (typed.size) saveDraft(next);
    setDraft(next);
    setHoneypot(String(typed.get(honeypotField) ?? ''));
    setReady(true);
  }, [groups]);
  useEffect(() => {
    if (ready && form.current) releaseEarlyInput(form.current);
  }, [ready]);

  const topics = groups.flatMap((group) => group.questions);
  const done = topics.filter((topic) => draft.ratings[topic.id]).length;

  if (state === 'sent') {
    return (
      <section className="survey-thanks" role="status" data-ready="">
        <h2>{texts.thanksTitle}</h2>
        <p>{texts.thanksText}</p>
        <a className="button" href={homeHref}>
          {texts.home}
        </a>
      </section>
    );
  }
  if (ready && !draft.basic) {
    return (
      <div className="survey-missing" data-ready="">
        <p>{texts.missingBasic}</p>
        <a className="button" href={basicHref}>
          {texts.back}
        </a>
      </div>
    );
  }

  function rate(topic: string, value: number) {
    const next = { ...draft, ratings: { ...draft.ratings, [topic]: value } };
    saveDraft(next);
    setDraft(next);
    setUnrated((missing) => missing.filter((id) => id !== topic));
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const missing = topics.filter((topic) => !draft.ratings[topic.id]).map((topic) => topic.id);
    setUnrated(missing);
    if (missing.length) {
      document.getElementById(`topic-${missing[0]}`)?.focus();
      return;
    }
    setState('sending');
    const { basic, ratings } = draft;
    const body = { ...basic!, identityOther: basic!.identity === 'other' ? basic!.identityOther : '', consent: true, ratings, locale };
    const outcome = await sendForm(endpoint, 'survey', body, honeypot);
    if (outcome.state === 'sent') clearDraft();
    setState(outcome.state);
  }

  return (
    <form ref={form} className="survey-questions form" onSubmit={submit} noValidate data-ready={ready ? '' : undefined}>
      <p className="survey-progress" aria-live="polite">
        {fill(texts.progress, { done, total: topics.length })}
      </p>
      <progress className="survey-progress-bar" max={topics.length} value={done} aria-hidden="true" />
      {groups.map((group) => (
        <section key={group.id} className="survey-group">
          <h2>{group.name}</h2>
          {group.questions.map((topic) => {
            const missing = unrated.includes(topic.id);
            return (
              <fieldset
                key={topic.id}
                id={`topic-${topic.id}`}
                className={missing ? 'survey-topic is-invalid' : 'survey-topic'}
                tabIndex={-1}
                aria-describedby={missing ? `topic-${topic.id}-error` : `topic-${topic.id}-tips`}
              >
                <legend>{topic.title}</legend>
                <p className="survey-tips" id={`topic-${topic.id}-tips`}>
                  {topic.tips}
                </p>
                <div className="survey-scale">
                  {texts.scale.map((word, index) => (
                    <label key={word} className="survey-point">
                      <input
                        type="radio"
                        name={topic.id}
                        value={index + 1}
                        checked={draft.ratings[topic.id] === index + 1}
                        onChange={() => rate(topic.id, index + 1)}
                      />
                      <span className="survey-point-number">{index + 1}</span>
                      <span className="survey-point-word">{word}</span>
                    </label>
                  ))}
                </div>
                <FieldError id={`topic-${topic.id}`} message={missing ? texts.unrated : undefined} />
              </fieldset>
            );
          })}
        </section>
      ))}
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <div className="survey-actions">
        <a className="button button-secondary" href={basicHref}>
          {texts.back}
        </a>
        <button type="submit" className="button" disabled={state === 'sending'}>
          {texts.submit}
        </button>
      </div>
      <FormStatus state={state} texts={forms} onRetry={() => submit()} />
    </form>
  );
}
