import { Ajv2020, type ErrorObject, type AnySchemaObject } from 'ajv/dist/2020.js';
import { fieldName, pathFromPointer, problemAt, type SourceFile } from './source.ts';
import { addSchemas, ajvOptions, schemaDir, validatorOf } from './validators.ts';
import type { ContentProblem } from '../errors.ts';

export { schemaDir } from './validators.ts';

let shared: Ajv2020 | undefined;

/**
 * One ajv instance with every schema of schemas/, for looking into schemas (hints, the forms
 * receiver). Content is checked with the cached validators of `validatorOf`.
 */
export function schemaRegistry(): Ajv2020 {
  shared ??= addSchemas(new Ajv2020(ajvOptions));
  return shared;
}

/**
 * Every schema problem of one document, each pointing at its line in the file. A `partial` document
 * (a zh_CN override) may leave out required fields: it is laid over a complete one.
 */
export function validateDocument(source: SourceFile, schema: string, data: unknown, options: { partial?: boolean } = {}): ContentProblem[] {
  const validate = validatorOf(`${schema}.schema.json`);
  if (!validate) throw new Error(`No schema named ${schema}.schema.json in ${schemaDir}`);
  if (validate(data)) return [];
  const errors = (validate.errors ?? []).filter((error) => !(options.partial && error.keyword === 'required'));
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
  const path = pathFromPointer(error.instancePath);
  const parent = (error.parentSchema ?? {}) as AnySchemaObject;
  const hint = typeof parent.description === 'string' ? parent.description : undefined;
  switch (error.keyword) {
    case 'required':
      return { ...problemAt(source, path, 'is required'), field: fieldName([...path, error.params.missingProperty as string]) };
    case 'additionalProperties': {
      const allowed = Object.keys((parent.properties as object | undefined) ?? {}).join(', ');
      return problemAt(source, path, 'is not a known field', { key: error.params.additionalProperty as string, hint: `allowed fields here: ${allowed}` });
    }
    case 'enum':
      return problemAt(source, path, `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`, { hint });
    case 'const':
      return problemAt(source, path, `must be ${JSON.stringify(error.params.allowedValue)}`, { hint });
    case 'pattern':
    case 'format':
      return problemAt(source, path, `is not a valid ${(parent.title as string | undefined)?.toLowerCase() ?? error.params.format ?? 'value'}: ${JSON.stringify(error.data)}`, { hint });
    case 'discriminator':
      return problemAt(source, [...path, 'type'], `unknown block type ${JSON.stringify(error.params.tagValue)}`, { hint: `block types: ${blockTypes(parent).join(', ')}` });
    default:
      return problemAt(source, path, error.message ?? error.keyword, { hint });
  }
}

function blockTypes(schema: AnySchemaObject): string[] {
  const ajv = schemaRegistry();
  return ((schema.oneOf as { $ref: string }[] | undefined) ?? []).map((branch) => {
    const target = ajv.getSchema(`common.schema.json${branch.$ref.replace(/^common\.schema\.json/, '')}`)?.schema as AnySchemaObject | undefined;
    return String((target?.properties as Record<string, { const?: string }> | undefined)?.type?.const ?? '?');
  });
}
