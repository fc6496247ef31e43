import type { ErrorObject } from 'ajv/dist/2020.js';
import { loadValidators, validatorOf } from '../content/validators.ts';
import { fieldName, pathFromPointer } from '../content/source.ts';
import type { FieldReason } from '../../schemas/forms.ts';
import type { ContentTypes } from '../../schemas/types.ts';

/** Loads the validators before the receiver opens, so the first visitor does not wait for them. */
export async function prepareFormValidators(): Promise<void> {
  await loadValidators();
}

type FormSchema = 'forms-subscribe' | 'forms-quiz' | 'forms-survey';

/** A body against its form's schema: the body with the schema's type, or every refused field. */
export function checkSubmission<S extends FormSchema>(schema: S, body: unknown): { body: ContentTypes[S]; fields?: undefined } | { fields: FieldReason[] } {
  const validate = validatorOf(schema);
  if (validate(body)) return { body };
  // A bad key (a topic id) is reported once, at the key, not also by its propertyNames wrapper.
  return { fields: (validate.errors ?? []).filter((error) => error.keyword !== 'propertyNames').map(reasonOf) };
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
    case 'format':
      return { field: fieldName(path), reason: `is not a valid ${title ?? 'value'}` };
    case 'const':
      return { field: fieldName(path), reason: `must be ${JSON.stringify(error.params.allowedValue)}` };
    case 'enum':
      return { field: fieldName(path), reason: `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}` };
    default:
      return { field: fieldName(path) || '(body)', reason: error.message ?? error.keyword };
  }
}
