import type { AnySchemaObject, ErrorObject } from 'ajv/dist/2020.js';
import type { ContentTypes, SchemaName } from '../../schemas/types.ts';
import { closestFirst } from '../../schemas/closest.ts';
import { errors } from '../errorCatalogue.ts';
import type { ContentProblem } from '../errors.ts';
import { fieldName, pathFromPointer, problemAt, problemAtKey, type FieldPath, type SourceFile } from './source.ts';
import { schemaOf, validatorOf } from './validators.ts';


/** The outcome of checking data against its schema: the data with its schema's type, or every problem. */
export type Checked<S extends SchemaName> = { data: ContentTypes[S]; problems?: undefined } | { data?: undefined; problems: ContentProblem[] };

/**
 * Checks data against the schema `schema`, after `loadValidators()`: every problem points at its
 * line in `source`. The validator narrows the data to the schema's type, so what passes needs no cast.
 */
export function checkDocument<S extends SchemaName>(source: SourceFile, schema: S, data: unknown): Checked<S> {
  const validate = validatorOf(schema);
  if (validate(data)) return { data };
  return { problems: problemsOf(source, validate.errors ?? []) };
}

/**
 * The problems of a file that may leave out required fields: a zh_CN override, laid over the
 * zh_TW file it converts, or the UI messages of a locale, laid over zh_TW's. What is there must
 * still fit; the whole is checked once laid over its base.
 */
export function partialProblems(source: SourceFile, schema: SchemaName, data: unknown): ContentProblem[] {
  const validate = validatorOf(schema);
  if (validate(data)) return [];
  return problemsOf(source, (validate.errors ?? []).filter((error) => error.keyword !== 'required'));
}

function problemsOf(source: SourceFile, errors: ErrorObject[]): ContentProblem[] {
  return dropNoise(errors).map((error) => toProblem(source, error));
}

/** With a discriminator, ajv also reports the failed `oneOf` itself; the branch errors say more. */
function dropNoise(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    if (error.keyword === 'oneOf' && errors.some((other) => other !== error && other.instancePath.startsWith(error.instancePath))) return false;
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toProblem(source: SourceFile, error: ErrorObject): ContentProblem {
  const path: FieldPath = pathFromPointer(error.instancePath);
  const parent = (error.parentSchema ?? {}) as AnySchemaObject;
  const description = typeof parent.description === 'string' ? parent.description : undefined;
  switch (error.keyword) {
    case 'required': {
      const missing = error.params.missingProperty as string;
      const property = (parent.properties as Record<string, AnySchemaObject> | undefined)?.[missing];
      return { ...problemAt(source, path, errors.requiredField, typeof property?.description === 'string' ? property.description : undefined), field: fieldName([...path, missing]) };
    }
    case 'additionalProperties':
      return problemAtKey(source, path, error.params.additionalProperty as string, errors.unknownField, Object.keys((parent.properties as object | undefined) ?? {}));
    case 'enum':
      return problemAt(source, path, errors.notAllowedValue, closestFirst(error.data, error.params.allowedValues as unknown[]), description);
    case 'const':
      return problemAt(source, path, errors.constantValue, error.params.allowedValue, description);
    case 'pattern':
    case 'format':
      return problemAt(source, path, errors.badFormat, (parent.title as string | undefined)?.toLowerCase() ?? (error.params.format as string | undefined) ?? 'value', error.data, description);
    case 'discriminator':
      return problemAt(source, [...path, 'type'], errors.unknownBlockType, error.params.tagValue, blockTypes(parent));
    default:
      return problemAt(source, path, errors.schemaMismatch, error.message ?? error.keyword, description);
  }
}

/** The `type` of each block a discriminated list allows, read from the schemas its branches point at. */
function blockTypes(schema: AnySchemaObject): string[] {
  return ((schema.oneOf as { $ref: string }[] | undefined) ?? []).map((branch) => {
    // Block lists live in common.schema.json, whose `$ref`s point within it.
    const [file = '', pointer = ''] = branch.$ref.split('#');
    const target = pointer.split('/').filter(Boolean).reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], schemaOf(file || 'common.schema.json')) as AnySchemaObject | undefined;
    return String((target?.properties as Record<string, { const?: string }> | undefined)?.type?.const ?? '?');
  });
}
