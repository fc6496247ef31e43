import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendForm, isEmail, honeypotField, type FieldReason } from './forms/send.ts';
import { FieldError, FormStatus, Honeypot, OptionalLabel, type FormTexts, type SendState } from './forms/FormStatus.tsx';
import { releaseEarlyInput, typedBefore, withTyped } from './earlyInput.ts';
import { bandOf, readProgress, recordedEvent, saveProgress, scoreOf } from './quiz/round.ts';
import type { FormsQuiz, Quiz } from '../schemas/types.ts';

export interface QuizRecordProps {
  endpoint: string;
  locale: FormsQuiz['locale'];
  total: number;
  bands: Quiz['bands'];
  /** The record form's texts, as content/zh_TW/qa.yaml gives them. */
  texts: Quiz['record'];
  forms: FormTexts;
}

type RecordFields = Required<Pick<FormsQuiz, 'identify' | 'manualIdentify' | 'company' | 'name' | 'email'>>;
const emptyRecord: RecordFields = { identify: '', manualIdentify: '', company: '', name: '', email: '' };

/**
 * The first-answer record under the quiz's result (docs/product.md, "Quiz and survey"): identify,
 * manualIdentify, company, name, email, all optional, sent with the round's score to the receiver.
 * An island woken when touched; what was typed before it woke is kept. A failed send keeps the
 * fields and offers a retry.
 */
export default function QuizRecord({ endpoint, locale, total, bands, texts, forms }: QuizRecordProps) {
  const [fields, setFields] = useState<RecordFields>(emptyRecord);
  const [honeypot, setHoneypot] = useState('');
  const [state, setState] = useState<SendState>('idle');
  const [errors, setErrors] = useState<Partial<Record<keyof RecordFields, string>>>({});
  const [ready, setReady] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const other = texts.identities[texts.identities.length - 1];

  useEffect(() => {
    const typed = typedBefore(form.current!);
    setFields((now) => withTyped(now, typed));
    setHoneypot((now) => String(typed.get(honeypotField) ?? now));
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready) releaseEarlyInput(form.current!);
  }, [ready]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const email = fields.email.trim();
    if (email && !isEmail(email)) {
      setErrors({ email: forms.emailInvalid });
      return;
    }
    setErrors({});
    setState('sending');
    const progress = readProgress();
    const score = scoreOf(progress);
    const result = { score, total, band: bandOf(score, bands), answers: progress.choices, locale };
    const manualIdentify = fields.identify === other ? fields.manualIdentify : '';
    const outcome = await sendForm(endpoint, 'quiz', { ...result, ...fields, manualIdentify, email }, honeypot);
    if (outcome.state === 'rejected') setErrors(reasonsByField(outcome.fields));
    setState(outcome.state);
    if (outcome.state === 'sent') {
      saveProgress({ ...readProgress(), recorded: true });
      form.current!.dispatchEvent(new Event(recordedEvent, { bubbles: true }));
    }
  }

  const set = (name: keyof RecordFields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const described = (name: keyof RecordFields) => (errors[name] ? `record-${name}-error` : undefined);

  return (
    <form ref={form} className="quiz-record form" onSubmit={submit} noValidate data-ready={ready ? '' : undefined}>
      <h2>{texts.title}</h2>
      <p>{texts.intro}</p>
      <label className="field">
        <OptionalLabel label={texts.identify} optional={forms.optional} />
        <select name="identify" value={fields.identify} onChange={set('identify')}>
          {/* No choice yet: an empty option is not valid HTML. */}
          <option value="">{forms.optional}</option>
          {texts.identities.map((identity) => (
            <option key={identity} value={identity}>
              {identity}
            </option>
          ))}
        </select>
      </label>
      {fields.identify === other && (
        <label className="field">
          <span>{texts.manualIdentify}</span>
          <input name="manualIdentify" value={fields.manualIdentify} onChange={set('manualIdentify')} maxLength={100} />
        </label>
      )}
      <label className="field">
        <OptionalLabel label={texts.company} optional={forms.optional} />
        <input name="company" value={fields.company} onChange={set('company')} maxLength={200} autoComplete="organization" />
      </label>
      <label className="field">
        <OptionalLabel label={texts.name} optional={forms.optional} />
        <input name="name" value={fields.name} onChange={set('name')} maxLength={100} autoComplete="name" />
      </label>
      <label className="field">
        <OptionalLabel label={texts.email} optional={forms.optional} />
        <input
          id="record-email"
          name="email"
          type="email"
          value={fields.email}
          onChange={set('email')}
          maxLength={254}
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described('email')}
        />
        <FieldError id="record-email" message={errors.email} />
      </label>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <button type="submit" className="button" disabled={state === 'sending'}>
        {texts.submit}
      </button>
      <FormStatus state={state} texts={forms} onRetry={() => submit()} />
    </form>
  );
}

function reasonsByField(fields: FieldReason[]): Record<string, string> {
  return Object.fromEntries(fields.map((entry) => [entry.field.split('.')[0]!, entry.reason]));
}
