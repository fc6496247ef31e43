/**
 * What the forms widgets and the forms receiver (`esg serve`) agree on: the kinds of form, the
 * e-mail check, the honeypot field, and how a refused field is reported in a 400 answer.
 */
export { email as isEmail } from './formats.js';

/** The forms `esg serve` receives; each body follows `schemas/forms-<kind>.schema.json`. */
export const formKinds = ['subscribe', 'quiz', 'survey'] as const;
export type FormKind = (typeof formKinds)[number];

export function isFormKind(value: string): value is FormKind {
  return (formKinds as readonly string[]).includes(value);
}

/** One refused field of a submission, as the 400 answer lists it. */
export interface FieldReason {
  field: string;
  reason: string;
}

/** The honeypot field: hidden from people, filled in by form-filling robots; the receiver drops such posts. */
export const honeypotField = 'website';
