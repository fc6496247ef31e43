import { honeypotField, type FieldReason, type FormKind } from '../../schemas/forms.ts';

export { honeypotField, isEmail, type FieldReason, type FormKind } from '../../schemas/forms.ts';

/**
 * How a submission ended. `failed` covers no answer at all, a 5xx and a missing receiver (a static
 * host or `esg preview` answers 404/405): the visitor keeps what they typed and may retry.
 */
export type SendResult =
  { state: 'sent'; duplicate: boolean; unsubscribe?: string } | { state: 'rejected'; fields: FieldReason[] } | { state: 'busy' } | { state: 'failed' };

/**
 * Posts one form as JSON, with the honeypot field when a robot filled it in. Never reports success
 * unless the receiver answered 2xx.
 */
export async function sendForm(endpoint: string, kind: FormKind, body: object, honeypot = ''): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`${endpoint}/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(honeypot ? { ...body, [honeypotField]: honeypot } : body),
    });
  } catch {
    return { state: 'failed' };
  }
  const answer = (await response.json().catch(() => ({}))) as { duplicate?: boolean; unsubscribe?: unknown; fields?: FieldReason[] };
  if (response.ok) {
    // Only a link into the receiver itself is shown, whatever else an answer might carry.
    const unsubscribe = typeof answer.unsubscribe === 'string' && answer.unsubscribe.startsWith(`${endpoint}/unsubscribe?`) ? answer.unsubscribe : undefined;
    return { state: 'sent', duplicate: answer.duplicate === true, ...(unsubscribe ? { unsubscribe } : {}) };
  }
  if (response.status === 429) return { state: 'busy' };
  if (response.status === 400 && Array.isArray(answer.fields)) return { state: 'rejected', fields: answer.fields };
  return { state: 'failed' };
}
