import { useState, type FormEvent } from 'react';
import { sendForm, isEmail, type FieldReason } from '../forms/send.ts';
import { FieldError, FormStatus, Honeypot, type FormTexts, type SendState } from '../forms/FormStatus.tsx';
import type { FormsQuiz, Quiz } from '../../schemas/types.ts';

/** The record form's texts, as content/zh_TW/qa.yaml gives them. */
export type QuizRecordTexts = Quiz['record'];

type RecordFields = Required<Pick<FormsQuiz, 'identify' | 'manualIdentify' | 'company' | 'name' | 'email'>>;
const emptyRecord: RecordFields = { identify: '', manualIdentify: '', company: '', name: '', email: '' };

/**
 * The first-answer record (docs/product.md, "Quiz and survey"): identify, manualIdentify, company,
 * name, email, all optional, sent with the score to the receiver. A failed send keeps the fields
 * and offers a retry.
 */
export function QuizRecord({
  endpoint,
  result,
  sent,
  onSent,
  texts,
  forms,
}: {
  endpoint: string;
  result: Pick<FormsQuiz, 'score' | 'total' | 'band' | 'answers' | 'locale'>;
  sent: boolean;
  onSent: () => void;
  texts: QuizRecordTexts;
  forms: FormTexts;
}) {
  const [fields, setFields] = useState<RecordFields>(emptyRecord);
  const [honeypot, setHoneypot] = useState('');
  const [state, setState] = useState<SendState>('idle');
  const [errors, setErrors] = useState<Partial<Record<keyof RecordFields, string>>>({});
  const other = texts.identities[texts.identities.length - 1];

  if (sent) {
    return (
      <section className="quiz-record is-sent" role="status">
        <h2>{texts.sentTitle}</h2>
        <p>{texts.sentText}</p>
      </section>
    );
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const email = fields.email.trim();
    if (email && !isEmail(email)) {
      setErrors({ email: forms.emailInvalid });
      return;
    }
    setErrors({});
    setState('sending');
    const manualIdentify = fields.identify === other ? fields.manualIdentify : '';
    const outcome = await sendForm(endpoint, 'quiz', { ...result, ...fields, manualIdentify, email }, honeypot);
    if (outcome.state === 'rejected') setErrors(reasonsByField(outcome.fields));
    setState(outcome.state);
    if (outcome.state === 'sent') onSent();
  }

  const set = (name: keyof RecordFields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const described = (name: keyof RecordFields) => (errors[name] ? `record-${name}-error` : undefined);

  return (
    <form className="quiz-record form" onSubmit={submit} noValidate>
      <h2>{texts.title}</h2>
      <p>{texts.intro}</p>
      <label className="field">
        <span>
          {texts.identify} <span className="field-optional">{forms.optional}</span>
        </span>
        <select name="identify" value={fields.identify} onChange={set('identify')}>
          <option value="" />
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
        <span>
          {texts.company} <span className="field-optional">{forms.optional}</span>
        </span>
        <input name="company" value={fields.company} onChange={set('company')} maxLength={200} autoComplete="organization" />
      </label>
      <label className="field">
        <span>
          {texts.name} <span className="field-optional">{forms.optional}</span>
        </span>
        <input name="name" value={fields.name} onChange={set('name')} maxLength={100} autoComplete="name" />
      </label>
      <label className="field">
        <span>
          {texts.email} <span className="field-optional">{forms.optional}</span>
        </span>
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
