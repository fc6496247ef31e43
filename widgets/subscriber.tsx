import { useState, type FormEvent } from 'react';
import { Modal } from './modal.tsx';
import { sendForm, isEmail } from './forms/send.ts';
import { fill } from './forms/message.ts';
import { FieldError, FormStatus, Honeypot, OptionalLabel, type FormTexts, type SendState } from './forms/FormStatus.tsx';

export interface SubscriberTexts {
  title: string;
  intro: string;
  email: string;
  name: string;
  consent: string;
  submit: string;
  close: string;
  finishedTitle: string;
  /** With {email}. */
  finishedText: string;
  /** With {email}: the address was already subscribed (said kindly, not as an error). */
  duplicateText: string;
  /** Before the unsubscribe link of a new subscription. */
  unsubscribeNote: string;
  unsubscribeLink: string;
  done: string;
}

interface SubscriberProps {
  endpoint: string;
  locale: string;
  texts: SubscriberTexts;
  forms: FormTexts;
  /** After a 2xx answer: the dialog turns into the subscriber-finished state. */
  onSubscribed: () => void;
  onClose: () => void;
}

/** Where the finished state reads the address and whether it was already on the list. */
export interface Subscription {
  email: string;
  duplicate: boolean;
  /** The receiver's unsubscribe link for a new subscription (none for an address already listed). */
  unsubscribe?: string;
}

/**
 * The newsletter dialog (store modal 'subscriber'): e-mail, optional name, consent. Only the
 * receiver's 2xx leads on to 'subscriber-finished'; a failed send keeps the fields and offers a retry.
 */
export function SubscriberForm({
  endpoint,
  locale,
  texts,
  forms,
  onSubscribed,
  onClose,
  remember,
}: SubscriberProps & { remember: (subscription: Subscription) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const [problems, setProblems] = useState<{ email?: string; consent?: string }>({});
  const [state, setState] = useState<SendState>('idle');

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const found = {
      ...(isEmail(email) ? {} : { email: email.trim() ? forms.emailInvalid : forms.required }),
      ...(consent ? {} : { consent: forms.consentRequired }),
    };
    setProblems(found);
    if (found.email || found.consent) {
      document.getElementById(found.email ? 'subscriber-email' : 'subscriber-consent')?.focus();
      return;
    }
    setState('sending');
    const outcome = await sendForm(endpoint, 'subscribe', { email: email.trim(), name: name.trim(), consent: true, locale }, honeypot);
    if (outcome.state === 'rejected') setProblems(Object.fromEntries(outcome.fields.map((entry) => [entry.field, entry.reason])));
    setState(outcome.state);
    if (outcome.state === 'sent') {
      remember({ email: email.trim(), duplicate: outcome.duplicate, unsubscribe: outcome.unsubscribe });
      onSubscribed();
    }
  }

  const invalid = (field: 'email' | 'consent') => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `subscriber-${field}-error` } : {});

  return (
    <Modal titleId="subscriber-title" onClose={onClose}>
      <form className="subscriber-form form" onSubmit={submit} noValidate>
        <h2 id="subscriber-title">{texts.title}</h2>
        <p>{texts.intro}</p>
        <label className="field">
          <span>{texts.email}</span>
          <input
            id="subscriber-email"
            name="email"
            type="email"
            value={email}
            maxLength={254}
            autoComplete="email"
            onChange={(event) => setEmail(event.target.value)}
            {...invalid('email')}
          />
          <FieldError id="subscriber-email" message={problems.email} />
        </label>
        <label className="field">
          <OptionalLabel label={texts.name} optional={forms.optional} />
          <input name="name" value={name} maxLength={100} autoComplete="name" onChange={(event) => setName(event.target.value)} />
        </label>
        <div className="field">
          <label className="choice">
            <input
              id="subscriber-consent"
              type="checkbox"
              name="consent"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              {...invalid('consent')}
            />
            <span>{texts.consent}</span>
          </label>
          <FieldError id="subscriber-consent" message={problems.consent} />
        </div>
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {texts.close}
          </button>
          <button type="submit" className="button" disabled={state === 'sending'}>
            {texts.submit}
          </button>
        </div>
        <FormStatus state={state} texts={forms} onRetry={() => submit()} />
      </form>
    </Modal>
  );
}

/** The subscriber-finished state: thanks, or a kind note that the address was already on the list. */
export function SubscriberFinished({ texts, subscription, onClose }: { texts: SubscriberTexts; subscription: Subscription; onClose: () => void }) {
  return (
    <Modal titleId="subscriber-finished-title" onClose={onClose}>
      <h2 id="subscriber-finished-title">{texts.finishedTitle}</h2>
      <p className="subscriber-finished-text">{fill(subscription.duplicate ? texts.duplicateText : texts.finishedText, { email: subscription.email })}</p>
      {subscription.unsubscribe && (
        <p className="subscriber-unsubscribe">
          {texts.unsubscribeNote} <a href={subscription.unsubscribe}>{texts.unsubscribeLink}</a>
        </p>
      )}
      <button type="button" className="button" onClick={onClose}>
        {texts.done}
      </button>
    </Modal>
  );
}

/** The dialog of each subscriber state, loaded by ModalHost only when one is to be shown. */
export default function Subscriber(props: SubscriberProps & { finished: boolean }) {
  const [subscription, setSubscription] = useState<Subscription>({ email: '', duplicate: false });
  return props.finished ? (
    <SubscriberFinished texts={props.texts} subscription={subscription} onClose={props.onClose} />
  ) : (
    <SubscriberForm {...props} remember={setSubscription} />
  );
}
