import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020, _, type AnySchemaObject, type FormatDefinition, type ValidateFunction } from 'ajv/dist/2020.js';
import standalone from 'ajv/dist/standalone/index.js';
import { cacheDir, saveToCache } from '../cacheDir.ts';

export const schemaDir = new URL('../../schemas/', import.meta.url).pathname;
const require = createRequire(import.meta.url);

export const ajvOptions = { allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false } as const;

/** YYYY-MM-DD naming a day that exists (2024-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value);
}

export const formats: Record<string, FormatDefinition<string>> = { date: { type: 'string', validate: isCalendarDate } };

/** Every schema of schemas/, keyed by file name so `$ref`s between files resolve. */
export function addSchemas(ajv: Ajv2020, files = schemaFiles()): Ajv2020 {
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  for (const file of files) ajv.addSchema(JSON.parse(file.text) as AnySchemaObject, file.name);
  return ajv;
}

interface SchemaFile {
  name: string;
  text: string;
}

function schemaFiles(): SchemaFile[] {
  return readdirSync(schemaDir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(schemaDir, name), 'utf8') }));
}

let compiled: Record<string, ValidateFunction> | undefined;

/**
 * The validator of one schema file (`article.schema.json`). Compiling the content schemas takes
 * ajv about 300 ms, a fifth of a build of the sample site, and schemas change far less often than
 * content. So all of them are compiled at once to ajv's standalone code, kept in the build cache
 * (cli/cacheDir.ts) under a hash of the schemas and ajv's version: the next build loads it in a
 * few milliseconds, and a changed schema compiles afresh.
 */
export function validatorOf(schemaFile: string): ValidateFunction | undefined {
  compiled ??= loadValidators();
  return compiled[exportName(schemaFile)];
}

function loadValidators(): Record<string, ValidateFunction> {
  const files = schemaFiles();
  const key = createHash('sha256')
    // This module's own text stands for the options and formats: the same whether tsx or the
    // command's bundle (bin/cli.js) loaded it, where a function's toString() is not.
    .update(JSON.stringify({ ajv: require('ajv/package.json').version as string, compiler: readFileSync(new URL(import.meta.url), 'utf8'), files }))
    .digest('hex')
    .slice(0, 16);
  const cached = cacheDir(`validators-${key}.cjs`);
  try {
    return evaluate(readFileSync(cached, 'utf8'));
  } catch {
    // Not compiled yet, or a damaged file: compile and keep the result for the next build.
    const code = compileValidators(files);
    saveQuietly(cached, code);
    return evaluate(code);
  }
}

function evaluate(code: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  // The generated code reads ajv's runtime helpers with require() and the formats as `formats`.
  new Function('require', 'module', 'exports', 'formats', code)(require, module, module.exports, formats);
  return module.exports;
}

function compileValidators(files: SchemaFile[]): string {
  const ajv = addSchemas(new Ajv2020({ ...ajvOptions, code: { source: true, formats: _`formats` } }), files);
  return standalone.default(ajv, Object.fromEntries(files.map((file) => [exportName(file.name), file.name])));
}

/** Keeps the compiled code for the next build, and drops the validators of earlier schemas. */
function saveQuietly(file: string, code: string): void {
  if (!saveToCache(file, code)) return;
  for (const name of readdirSync(cacheDir())) if (/^validators-.*\.cjs$/.test(name) && cacheDir(name) !== file) rmSync(cacheDir(name), { force: true });
}

/** `forms-quiz.schema.json` → `forms_quiz`: an export name of the generated module. */
function exportName(schemaFile: string): string {
  return schemaFile.replace(/\.schema\.json$/, '').replace(/[^A-Za-z0-9_$]/g, '_');
}
