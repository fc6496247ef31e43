import type { ErrorObject } from 'ajv/dist/2020.js';
import { schemaRegistry } from '../content/schemas.ts';
import { fieldName, pathFromPointer } from '../content/source.ts';

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

/** Compiles the three schemas up front, so the first visitor does not wait for ajv (about 0.7 s). */
export function compileFormSchemas(): void {
  for (const kind of formKinds) schemaRegistry().getSchema(`forms-${kind}.schema.json`);
}

/** Every problem of a body against its kind's schema; empty when the body is acceptable. */
export function checkSubmission(kind: FormKind, body: unknown): FieldReason[] {
  const validate = schemaRegistry().getSchema(`forms-${kind}.schema.json`);
  if (!validate) throw new Error(`No schema named forms-${kind}.schema.json in schemas/`);
  if (validate(body)) return [];
  // A bad key (a topic id) is reported once, at the key, not also by its propertyNames wrapper.
  return (validate.errors ?? []).filter((error) => error.keyword !== 'propertyNames').map(reasonOf);
}

function reasonOf(error: ErrorObject): FieldReason {
  const path = pathFromPointer(error.instancePath);
  const title = (error.parentSchema as { title?: string } | undefined)?.title;
  if (error.propertyName !== undefined) return { field: fieldName([...path, error.propertyName]), reason: 'is not an accepted name here' };
  switch (error.keyword) {
    case 'required':
      return { field: fieldName([...path, error.params.missingProperty as string]), reason: 'is required' };
    case 'additionalProperties':
      return { field: fieldName([...path, error.params.additionalProperty as string]), reason: 'is not a field of this form' };
    case 'pattern':
      return { field: fieldName(path), reason: `is not a valid ${title ?? 'value'}` };
    case 'const':
      return { field: fieldName(path), reason: `must be ${JSON.stringify(error.params.allowedValue)}` };
    case 'enum':
      return { field: fieldName(path), reason: `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}` };
    default:
      return { field: fieldName(path) || '(body)', reason: error.message ?? error.keyword };
  }
}
