import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Ajv2020, AnySchemaObject, ValidateFunction } from 'ajv/dist/2020.js';
import { formats } from '../../schemas/formats.js';
import type { ContentTypes, SchemaName } from '../../schemas/types.ts';
import { freshEntry, hashOf, saveEntry } from '../cache.ts';
import { projectPath } from '../paths.ts';

export const schemaDir = projectPath('schemas');
const formatsFile = projectPath('schemas/formats.js');
const require = createRequire(projectPath('package.json'));

export const ajvOptions = { allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false } as const;

/**
 * The keyword beside a schema node's `title` and `description` that gives them in Traditional
 * Chinese: `"x-zh_TW": { "title": "指標", "description": "…" }`. `esg edit` shows a zh_TW
 * interface's forms in these words.
 */
export const translatedKeyword = 'x-zh_TW';

/**
 * The keyword of an `enum` whose values the site names in its interface texts: `"x-labels":
 * "event.category"` says the value `governance` is shown as messages.yaml's
 * `event.category.governance`. `esg edit` shows each value by that name in its selects.
 */
export const labelsKeyword = 'x-labels';

/** The validator of each schema, by schema name; each narrows what it passes to its schema's type. */
export type Validators = { [S in SchemaName]: ValidateFunction<ContentTypes[S]> };

/** Every schema of schemas/, keyed by file name so `$ref`s between files resolve. */
export function addSchemas(ajv: Ajv2020, files = schemaFiles()): Ajv2020 {
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
  // A field's title and description in Traditional Chinese, for the editor's forms: words, not a rule.
  ajv.addKeyword({ keyword: translatedKeyword, schemaType: 'object' });
  ajv.addKeyword({ keyword: labelsKeyword, schemaType: 'string' });
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

const parsed = new Map<string, AnySchemaObject>();

/** One schema file, parsed once per process: for reading in a schema what a validator's error points at. */
export function schemaOf(file: string): AnySchemaObject {
  let schema = parsed.get(file);
  if (!schema) parsed.set(file, (schema = JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) as AnySchemaObject));
  return schema;
}

let loaded: Validators | undefined;

/**
 * Loads the validator of every schema; call it before `validatorOf`. Compiling the schemas takes
 * ajv about 300 ms, a fifth of a build of the sample site, and schemas change far less often than
 * content. So they are compiled together into one module of ajv's standalone code, kept in the
 * build cache (cli/cache.ts) while the schemas, the formats and ajv are unchanged, and imported
 * from there: the next build loads it in a few milliseconds.
 */
export async function loadValidators(): Promise<Validators> {
  if (loaded) return loaded;
  const files = schemaFiles();
  const key = hashOf(require('ajv/package.json'), ajvOptions, files);
  const moduleName = `validators-${key.slice(0, 16)}.mjs`;
  let folder = freshEntry('validators', key);
  const ajv = folder ? undefined : await loadAjv();
  if (ajv && saveEntry('validators', key, [formatsFile], (staging) => writeFileSync(join(staging, moduleName), validatorsModule(ajv, files)))) folder = freshEntry('validators', key);
  try {
    if (folder) loaded = ((await import(pathToFileURL(join(folder, moduleName)).href)) as { validators: Validators }).validators;
  } catch {
    // Replaced by another build meanwhile: compiled in memory below.
  }
  // Where the cache cannot be written (a read-only install), ajv compiles in memory each time.
  loaded ??= compileInMemory(ajv ?? (await loadAjv()), files);
  return loaded;
}

/** ajv and its standalone code generator, loaded only to compile: most builds import the compiled module and never need them. */
async function loadAjv() {
  const [{ Ajv2020, _ }, standalone] = await Promise.all([import('ajv/dist/2020.js'), import('ajv/dist/standalone/index.js')]);
  // The standalone module is CommonJS: its `module.exports` comes as the default import, its own `default` export inside it.
  return { Ajv2020, _, standaloneCode: standalone.default.default };
}
type LoadedAjv = Awaited<ReturnType<typeof loadAjv>>;

/** The validator of one schema, once `loadValidators` has loaded them. */
export function validatorOf<S extends SchemaName>(schema: S): Validators[S] {
  if (!loaded) throw new Error('validatorOf() before loadValidators()');
  return loaded[schema];
}

/**
 * ajv's standalone code of every schema as an ES module exporting `validators`. The generated code
 * reads ajv's runtime helpers with `require` and the formats as `formats`: both come from the
 * project, by absolute address, so the module runs from wherever the cache is.
 */
function validatorsModule({ Ajv2020, _, standaloneCode }: LoadedAjv, files: SchemaFile[]): string {
  const ajv = addSchemas(new Ajv2020({ ...ajvOptions, code: { source: true, formats: _`formats` } }), files);
  const exports = Object.fromEntries(files.map((file) => [exportName(file.name), file.name]));
  return [
    `import { createRequire } from 'node:module';`,
    `import { formats } from ${JSON.stringify(pathToFileURL(formatsFile).href)};`,
    `const require = createRequire(${JSON.stringify(pathToFileURL(projectPath('package.json')).href)});`,
    `const module = { exports: {} };`,
    `const exports = module.exports;`,
    standaloneCode(ajv, exports),
    // Schema names have dashes where the export names have underscores.
    `export const validators = Object.fromEntries(Object.entries(exports).map(([name, validate]) => [name.replaceAll('_', '-'), validate]));`,
  ].join('\n');
}

function compileInMemory({ Ajv2020 }: LoadedAjv, files: SchemaFile[]): Validators {
  const ajv = addSchemas(new Ajv2020(ajvOptions), files);
  return Object.fromEntries(files.map((file) => [file.name.replace(/\.schema\.json$/, ''), ajv.getSchema(file.name)])) as Validators;
}

/** `forms-quiz.schema.json` → `forms_quiz`: a name the generated module can declare. */
function exportName(schemaFile: string): string {
  return schemaFile.replace(/\.schema\.json$/, '').replace(/[^A-Za-z0-9_$]/g, '_');
}
