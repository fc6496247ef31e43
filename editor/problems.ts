import type { ErrorSchema } from '@rjsf/utils';
import type { Problem } from './api.ts';
import type { EditorLanguage } from '../schemas/editApi.ts';

/** A problem's message and hint in the interface's language (its code stays the same). */
export function problemText(problem: Problem, language: EditorLanguage): { message: string; hint?: string } {
  return language === 'zh_TW' && problem.zh_TW ? problem.zh_TW : { message: problem.message, hint: problem.hint };
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
