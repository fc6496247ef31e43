/**
 * Writes schemas/types.ts from schemas/*.schema.json, so every content shape is declared once (in
 * its schema) and TypeScript follows it, with `ContentTypes`, the type of each schema's documents
 * by schema name. Run with `npm run schema:types`; a test fails when the committed file is out of date.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectPath } from '../paths.ts';

const schemaDir = projectPath('schemas');

interface Schema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  $ref?: string;
  $defs?: Record<string, Schema>;
}

const pascal = (name: string) => name.replace(/(^|[-_.])(\w)/g, (_, __, c: string) => c.toUpperCase());

/** Type name of a schema file's root: `menu.schema.json` → `Menu`. */
export function rootTypeName(file: string): string {
  return pascal(file.replace(/\.schema\.json$/, ''));
}

function defTypeName(file: string, def: string): string {
  return file === 'common.schema.json' ? pascal(def) : rootTypeName(file) + pascal(def);
}

function refName(ref: string, currentFile: string): string {
  const [file, pointer = ''] = ref.split('#');
  const target = file || currentFile;
  const def = pointer.replace(/^\/\$defs\//, '');
  return def ? defTypeName(target, def) : rootTypeName(target);
}

function typeOf(schema: Schema, file: string, indent: string): string {
  if (schema.$ref) return refName(schema.$ref, file);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.oneOf) return schema.oneOf.map((branch) => typeOf(branch, file, indent)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `${wrap(typeOf(schema.items ?? {}, file, indent))}[]`;
    case 'object':
      return objectType(schema, file, indent);
    default:
      return schema.properties ? objectType(schema, file, indent) : 'unknown';
  }
}

function wrap(type: string): string {
  return /[|&]/.test(type) ? `(${type})` : type;
}

function objectType(schema: Schema, file: string, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const doc = docComment(property, inner);
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
    return `${doc}${inner}${name}${required.has(key) ? '' : '?'}: ${typeOf(property, file, inner)};`;
  });
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    lines.push(`${inner}[key: string]: ${typeOf(schema.additionalProperties, file, inner)};`);
  }
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function docComment(schema: Schema, indent: string): string {
  const text = [schema.title, schema.description].filter(Boolean).join(': ');
  return text ? `${indent}/** ${text.replace(/\*\//g, '* /')} */\n` : '';
}

/** `forms-quiz.schema.json` → `forms-quiz`: the name content kinds and validators know a schema by. */
export function schemaName(file: string): string {
  return file.replace(/\.schema\.json$/, '');
}

export function generateTypes(dir = schemaDir): string {
  const out = ['// Generated from schemas/*.schema.json by `npm run schema:types`. Do not edit by hand.', ''];
  const roots: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.schema.json')).sort()) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Schema;
    for (const [def, body] of Object.entries(schema.$defs ?? {})) {
      out.push(`${docComment(body, '')}export type ${defTypeName(file, def)} = ${typeOf(body, file, '')};`, '');
    }
    if (schema.type || schema.properties) {
      out.push(`${docComment(schema, '')}export type ${rootTypeName(file)} = ${typeOf(schema, file, '')};`, '');
      roots.push(`  ${JSON.stringify(schemaName(file))}: ${rootTypeName(file)};`);
    }
  }
  out.push('/** The type of the documents of each schema, by schema name: what loading a content kind gives. */', 'export interface ContentTypes {', ...roots, '}', '', '/** A schema whose documents are content (or form bodies): `article`, `forms-quiz`. */', 'export type SchemaName = keyof ContentTypes;', '');
  return out.join('\n');
}

export const typesFile = join(schemaDir, 'types.ts');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(typesFile, generateTypes());
  console.log(`wrote ${typesFile}`);
}
