import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

type Schema = RJSFSchema | boolean;

/**
 * What @rjsf asks of a validator here: which `oneOf`/`anyOf` option a value matches, and what an
 * `if` holds. Ajv answers by compiling each schema into code made from a string at run time, which the
 * editor page's CSP forbids, and checking a save is the server's work (`checks.ts`, the build's
 * own checks), so this is a plain walk over the JSON Schema keywords the content schemas use.
 * The form shows no errors of its own: a save's problems come back as `extraErrors`.
 */
export const schemaMatch: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData, rootSchema) => matches(schema, formData, rootSchema),
  rawValidation: () => ({ errors: [] }),
};

export function matches(schema: Schema, value: unknown, root: RJSFSchema): boolean {
  if (typeof schema === 'boolean') return schema;
  if (schema.$ref && !matches(resolve(schema.$ref, root), value, root)) return false;
  if (schema.allOf && !schema.allOf.every((part) => matches(part as Schema, value, root))) return false;
  if (schema.anyOf && !schema.anyOf.some((part) => matches(part as Schema, value, root))) return false;
  if (schema.oneOf && schema.oneOf.filter((part) => matches(part as Schema, value, root)).length !== 1) return false;
  if (schema.not !== undefined && matches(schema.not as Schema, value, root)) return false;
  if (schema.if !== undefined) {
    const branch = matches(schema.if as Schema, value, root) ? schema.then : schema.else;
    if (branch !== undefined && !matches(branch as Schema, value, root)) return false;
  }
  if ('const' in schema && !equal(schema.const, value)) return false;
  if (schema.enum && !schema.enum.some((option) => equal(option, value))) return false;
  if (schema.type !== undefined && ![schema.type].flat().some((type) => isType(type, value))) return false;
  if (typeof value === 'string') return stringMatches(schema, value);
  if (typeof value === 'number') return (schema.minimum === undefined || value >= schema.minimum) && (schema.maximum === undefined || value <= schema.maximum);
  if (Array.isArray(value)) return arrayMatches(schema, value, root);
  if (typeof value === 'object' && value !== null) return objectMatches(schema, value as Record<string, unknown>, root);
  return true;
}

function stringMatches(schema: RJSFSchema, value: string): boolean {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

function arrayMatches(schema: RJSFSchema, value: unknown[], root: RJSFSchema): boolean {
  if (schema.minItems !== undefined && value.length < schema.minItems) return false;
  if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
  const items = schema.items;
  return items === undefined || Array.isArray(items) || value.every((item) => matches(items as Schema, item, root));
}

function objectMatches(schema: RJSFSchema, value: Record<string, unknown>, root: RJSFSchema): boolean {
  if (schema.required?.some((key) => value[key] === undefined)) return false;
  const properties = schema.properties ?? {};
  const patterns = Object.entries(schema.patternProperties ?? {}).map(([pattern, inner]) => [new RegExp(pattern, 'u'), inner] as const);
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    const named = properties[key];
    const patterned = patterns.filter(([pattern]) => pattern.test(key));
    if (named !== undefined && !matches(named as Schema, inner, root)) return false;
    if (patterned.some(([, part]) => !matches(part as Schema, inner, root))) return false;
    if (named === undefined && !patterned.length && schema.additionalProperties !== undefined && !matches(schema.additionalProperties as Schema, inner, root))
      return false;
  }
  return true;
}

/** A `#/$defs/…` pointer inside the bundled schema (api.ts puts every schema there). */
function resolve(ref: string, root: RJSFSchema): Schema {
  if (!ref.startsWith('#')) return true;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean))
    node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node as Schema | undefined) ?? true;
}

function isType(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (type === 'null') return value === null;
  return typeof value === type;
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
