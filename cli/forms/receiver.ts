import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FormsStore } from './store.ts';
import { createRateLimit, type RateLimitOptions } from './rateLimit.ts';
import { honeypotField, isFormKind, type FieldReason, type FormKind } from '../../schemas/forms.ts';
import { checkSubmission } from './validation.ts';
import { foreignOrigin } from './origin.ts';
import { clientAddress } from './proxy.ts';
import { answerUnsubscribe, unsubscribePath, unsubscribeToken } from './unsubscribe.ts';

/** Largest body accepted (16 KB): the biggest real form, the survey, is under 2 KB. */
export const maxBodyBytes = 16 * 1024;

export interface ReceiverOptions {
  /** Path prefix of the forms, site.yaml `forms.endpoint`, e.g. `/api/forms`. */
  endpoint: string;
  store: FormsStore;
  rateLimit?: RateLimitOptions;
  /** Origins whose pages may post, besides the receiver's own (cli/forms/origin.ts). */
  allowedOrigins?: readonly string[];
  /** Proxies in front, for the client address the rate limit counts (cli/forms/proxy.ts); default 0. */
  trustProxy?: number;
}

/**
 * Answers `POST <endpoint>/subscribe|quiz|survey` and the unsubscribe link's
 * `GET|POST <endpoint>/unsubscribe?token=…` (unsubscribe.ts). Returns false for any other address, for the
 * static site to answer. In order: 404 unknown form, 405 not POST, 403 posted from a foreign
 * origin, 429 over 20 a minute from one client address, 415 not JSON, 413 over 16 KB, 400
 * unreadable or invalid (with a reason per field); a filled honeypot gets 201 and is dropped.
 * Accepted rows are committed before the 201.
 */
export function formsReceiver({ endpoint, store, rateLimit, allowedOrigins = [], trustProxy = 0 }: ReceiverOptions) {
  const limiter = createRateLimit(rateLimit);
  const origins = new Set(allowedOrigins);
  const prefix = `${endpoint}/`;
  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const path = (request.url ?? '').split('?')[0]!;
    if (!path.startsWith(prefix)) return false;
    await handle(path.slice(prefix.length), request, response);
    return true;
  };

  async function handle(kind: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (kind === 'unsubscribe') return answerUnsubscribe(request, response, store, endpoint);
    if (!isFormKind(kind)) return answer(response, 404, { error: 'no such form', form: kind });
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return answer(response, 405, { error: 'forms are sent with POST' });
    }
    const origin = foreignOrigin(request, origins, trustProxy);
    if (origin) return answer(response, 403, { error: `forms are accepted from this site's pages only, not from ${origin}` });
    const { allowed, retryAfter } = limiter.allow(clientAddress(request, trustProxy));
    if (!allowed) {
      response.setHeader('Retry-After', String(retryAfter));
      return answer(response, 429, { error: 'too many submissions from this address; try again in a minute' });
    }
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return answer(response, 415, { error: 'send the form as application/json' });
    }
    const body = await readBody(request);
    if (body === 'too large') return answer(response, 413, { error: `the body is over ${maxBodyBytes} bytes` });
    await receive(kind, body, store, endpoint, response);
  }
}

async function receive(kind: FormKind, text: string, store: FormsStore, endpoint: string, response: ServerResponse): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(response, 400, { error: 'the body is not valid JSON', fields: [{ field: '(body)', reason: 'is not valid JSON' }] });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return answer(response, 400, { error: 'the body must be a JSON object', fields: [{ field: '(body)', reason: 'must be an object' }] });
  }
  const fields = body as Record<string, unknown>;
  // A filled honeypot is a robot: it is told all went well, and nothing is kept.
  if (typeof fields[honeypotField] === 'string' && fields[honeypotField] !== '') return answer(response, 201, { ok: true });
  delete fields[honeypotField];
  if (typeof fields.email === 'string') fields.email = normaliseEmail(fields.email);
  const refused = (reasons: FieldReason[]) => answer(response, 400, { error: 'some fields are not acceptable', fields: reasons });
  try {
    if (kind === 'subscribe') {
      const checked = checkSubmission('forms-subscribe', fields);
      if (checked.fields) return refused(checked.fields);
      const stored = await store.addSubscription(checked.body);
      // Kindly: an address already on the list is not an error, and it is not stored twice. Only
      // a new subscription gets its unsubscribe link: anyone can type an address that is listed.
      if (stored.status === 'duplicate') return answer(response, 200, { ok: true, duplicate: true });
      const token = unsubscribeToken(store.secret, { id: stored.id, email: checked.body.email });
      return answer(response, 201, { ok: true, unsubscribe: unsubscribePath(endpoint, token) });
    }
    if (kind === 'quiz') {
      const checked = checkSubmission('forms-quiz', fields);
      if (checked.fields) return refused(checked.fields);
      await store.addQuizRecord(checked.body);
    } else {
      const checked = checkSubmission('forms-survey', fields);
      if (checked.fields) return refused(checked.fields);
      await store.addSurveyResponse(checked.body);
    }
  } catch (error) {
    console.error(`esg serve: could not store a ${kind} submission:`, error);
    return answer(response, 500, { error: 'the submission could not be stored; please try again' });
  }
  answer(response, 201, { ok: true });
}

/** Addresses are compared as people mean them: `  Ming@Example.COM ` is `ming@example.com`. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The body as text, or 'too large' as soon as it passes the limit (by its Content-Length or as it streams). */
function readBody(request: IncomingMessage): Promise<string | 'too large'> {
  if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) {
    request.resume();
    return Promise.resolve('too large');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        request.removeAllListeners('data');
        request.resume();
        resolve('too large');
      } else {
        chunks.push(chunk);
      }
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: object): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.end(JSON.stringify(body));
}
