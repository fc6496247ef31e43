import type { ErrorSchema } from '@rjsf/utils';
import type { Problem } from './api.ts';
import type { EditorLanguage } from '../schemas/editApi.ts';

/** A problem's message and hint in the interface's language (its code stays the same). */
export function problemText(problem: Problem, language: EditorLanguage): { message: string; hint?: string } {
  if (language === 'zh_CN' && problem.zh_CN) return problem.zh_CN;
  return language !== 'en' && problem.zh_TW ? problem.zh_TW : { message: problem.message, hint: problem.hint };
}

/**
 * The problems of a refused save as @rjsf's `extraErrors`: each message under its field's path
 * (`sections[0].blocks[1].type` → sections → 0 → blocks → 1 → type). A problem of the file as a
 * whole (no field) goes to the form's root.
 */
export function errorsAtFields(problems: Problem[], language: EditorLanguage): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = root;
    for (const key of fieldPath(problem.field)) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(problemText(problem, language).message);
  }
  return root as ErrorSchema;
}

/** `sections[0].heading` → `['sections', '0', 'heading']`; `''` → `[]`. */
export function fieldPath(field: string): string[] {
  return field.split(/\.|\[(\d+)\]/).filter((part): part is string => Boolean(part));
}

type SchemaNode = Record<string, unknown>;

/** A node of a bundled schema with its `$ref` followed (`#/$defs/common.schema.json/$defs/text`), its own title kept over the target's. */
function resolved(node: SchemaNode | undefined, root: SchemaNode): SchemaNode | undefined {
  let current = node;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 20; depth++) {
    const target = (current.$ref as string)
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((at, part) => (at as SchemaNode | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], root) as SchemaNode | undefined;
    const { $ref: _ref, ...own } = current;
    current = target ? { ...target, ...own } : undefined;
  }
  return current;
}

/** The schema of a property of an object node: its own, or that of one of its `oneOf`/`anyOf`/`allOf` options. */
function propertyOf(node: SchemaNode, name: string, root: SchemaNode): SchemaNode | undefined {
  const own = (node.properties as Record<string, SchemaNode> | undefined)?.[name];
  if (own) return resolved(own, root);
  for (const options of [node.oneOf, node.anyOf, node.allOf])
    for (const option of (options as SchemaNode[] | undefined) ?? []) {
      const inner = resolved(option, root);
      const found = inner && propertyOf(inner, name, root);
      if (found) return found;
    }
  return undefined;
}

/** The schema node of a field (`sections[0].heading`) and the titles of the nodes on the way to it; undefined when the schema does not know the path. */
function fieldNode(schema: SchemaNode, field: string): { node: SchemaNode; titles: string[] } | undefined {
  const titles: string[] = [];
  let node = resolved(schema, schema);
  for (const part of fieldPath(field)) {
    if (!node) return undefined;
    if (/^\d+$/.test(part)) {
      node = resolved(node.items as SchemaNode | undefined, schema);
      if (titles.length) titles[titles.length - 1] += ` ${Number(part) + 1}`;
      continue;
    }
    node = propertyOf(node, part, schema);
    titles.push(typeof node?.title === 'string' ? node.title : part);
  }
  return node && { node, titles };
}

/**
 * A field as a writer knows it, by the titles of its form (a schema in the interface's language):
 * `sections[0].heading` → `段落 1 › 標題`. Undefined when the schema does not know the path.
 */
export function fieldTitle(schema: SchemaNode | undefined, field: string): string | undefined {
  return (schema && field && fieldNode(schema, field)?.titles.join(' › ')) || undefined;
}

/**
 * A problem's hint in the interface's language. Many hints are the field's description, which the
 * server gives in English: the form's schema has it in the interface's language (`shown`; `schema`, as written).
 */
export function problemHint(problem: Problem, language: EditorLanguage, schema?: SchemaNode, shown?: SchemaNode): string | undefined {
  const { hint } = problemText(problem, language);
  if (!hint || !schema || !shown || !problem.field) return hint;
  const written = fieldNode(schema, problem.field)?.node.description;
  const translated = fieldNode(shown, problem.field)?.node.description;
  return problem.hint === written && typeof translated === 'string' ? translated : hint;
}

/** A problem as one sentence in plain words, the field named by its title: 「活動標題」是必填欄位, "Event title" is required. */
export function problemSentence(problem: Problem, language: EditorLanguage, schema?: SchemaNode, bodyTitle?: string): string {
  const { message } = problemText(problem, language);
  const title = problem.field === 'body' ? bodyTitle : fieldTitle(schema, problem.field);
  if (!title) return message;
  return language === 'en' ? `“${title}” ${message}` : `「${title}」${message}`;
}

/** Where a problem is, for whoever fixes the file by hand: `zh_TW/events/a.md:2 · ESG2001 · title`. */
export const problemPlace = (problem: Problem) => [`${problem.file}:${problem.line}`, problem.code, problem.field].filter(Boolean).join(' · ');
