import { honeypotField, type SendResult } from './send.ts';

/** Texts every form shares (messages.yaml `forms.*`). */
export interface FormTexts {
  sending: string;
  failed: string;
  retry: string;
  busy: string;
  rejected: string;
  required: string;
  emailInvalid: string;
  consentRequired: string;
  optional: string;
}

export type SendState = 'idle' | 'sending' | SendResult['state'];

/**
 * What a form says about its submission: sending, or plainly that it failed with a retry button.
 * Announced to screen readers; the typed values stay in the form.
 */
export function FormStatus({ state, texts, onRetry }: { state: SendState; texts: FormTexts; onRetry: () => void }) {
  if (state === 'sending')
    return (
      <p className="form-status" role="status">
        {texts.sending}
      </p>
    );
  if (state === 'rejected')
    return (
      <p className="form-status is-error" role="alert">
        {texts.rejected}
      </p>
    );
  if (state === 'failed' || state === 'busy') {
    return (
      <div className="form-status is-error" role="alert">
        <p>{state === 'busy' ? texts.busy : texts.failed}</p>
        <button type="button" className="button button-secondary form-retry" onClick={onRetry}>
          {texts.retry}
        </button>
      </div>
    );
  }
  return null;
}

/** The hidden honeypot input; people never see or fill it. */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
      </label>
    </div>
  );
}

/** A field's label that says the field may be left empty: `公司 （選填）`. */
export function OptionalLabel({ label, optional }: { label: string; optional: string }) {
  return (
    <span>
      {label} <span className="field-optional">{optional}</span>
    </span>
  );
}

/** The message next to a field, tied to it with aria-describedby (`<id>-error`). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}
