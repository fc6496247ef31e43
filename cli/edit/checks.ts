import { relative, resolve, sep } from 'node:path';
import { checkDocument, partialProblems } from '../content/schemas.ts';
import { parseYamlSource, syntaxProblems } from '../content/source.ts';
import { loadValidators } from '../content/validators.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import { errors } from '../errorCatalogue.ts';
import { errorsZhTW } from '../errorCatalogue.zh_TW.ts';
import { validate, type BuildSession } from '../build/index.ts';
import { displayPath } from '../paths.ts';
import { isPartial } from '../content/catalog.ts';
import type { EditProblem } from '../../schemas/editApi.ts';
import type { ContentFile } from './contentFiles.ts';
import type { TextMemo } from '../cache.ts';
import { toSimplified } from '../content/convert.ts';

/** A problem as the editor's API gives it: at a field of a file (a path inside content/). */
export type { EditProblem } from '../../schemas/editApi.ts';

/**
 * Every problem the file's new text would give the build, each at its field. First its schema,
 * alone and fast (most mistakes are there); then, only if it passes, the build's whole checks
 * (`validate()`: locales, metrics, routes, links, the quiz's rules…) over the content folder with
 * the new text read in place of the file. A problem in another file counts only if the change
 * made it: one that was there before does not block a save (or no file could be saved until
 * every other was fixed).
 */
export async function problemsOfChange(session: BuildSession, contentDir: string, file: ContentFile, text: string, yamlText: string): Promise<EditProblem[]> {
  const source = parseYamlSource(displayPath(file.absolute), text, yamlText);
  const syntax = syntaxProblems(source);
  if (syntax.length) return syntax.map((problem) => editProblem(contentDir, problem, session.simplified));
  await loadValidators();
  const data = source.yaml.toJS() ?? {};
  const schema = isPartial(file) ? partialProblems(source, file.kind.schema, data) : (checkDocument(source, file.kind.schema, data).problems ?? []);
  if (schema.length) return schema.map((problem) => editProblem(contentDir, problem, session.simplified));
  const after = await contentProblems(session, contentDir, new Map([[file.absolute, text]]));
  const shown = displayPath(file.absolute);
  const elsewhere = after.filter((problem) => problem.file !== shown);
  const before = elsewhere.length ? await contentProblems(session, contentDir) : [];
  const made = after.filter((problem) => problem.file === shown || !before.some((old) => sameProblem(old, problem)));
  return made.map((problem) => editProblem(contentDir, problem, session.simplified));
}

async function contentProblems(session: BuildSession, contentDir: string, replaced?: Map<string, string>): Promise<ContentProblem[]> {
  try {
    await validate(contentDir, { session, verbose: false, replaced });
    return [];
  } catch (error) {
    if (error instanceof ContentErrors) return error.problems;
    throw error;
  }
}

/** The same problem before and after a change elsewhere: its line in its own, unchanged file is the same too. */
function sameProblem(a: ContentProblem, b: ContentProblem): boolean {
  return a.file === b.file && a.code === b.code && a.field === b.field && a.line === b.line && a.message === b.message;
}

/** A problem as the editor's API gives it, in English, Traditional Chinese and, converted by `simplified`, Simplified Chinese. */
export function editProblem(contentDir: string, problem: ContentProblem, simplified: TextMemo): EditProblem {
  const file = relative(contentDir, resolve(problem.file)).split(sep).join('/');
  return {
    file,
    field: problem.field,
    message: problem.message,
    code: problem.code,
    line: problem.line,
    column: problem.column,
    ...(problem.hint ? { hint: problem.hint } : {}),
    ...inChinese(problem, simplified),
  };
}

/** Each catalogue entry's name by its code. */
const entryNames = new Map(Object.entries(errors).map(([name, entry]) => [entry.code, name as keyof typeof errors]));

/**
 * The problem worded again in Traditional Chinese from what its English wording was made of
 * (cli/errorCatalogue.zh_TW.ts), and that converted to Simplified.
 */
function inChinese(problem: ContentProblem, simplified: TextMemo): Pick<EditProblem, 'zh_TW' | 'zh_CN'> {
  const name = entryNames.get(problem.code as `ESG${number}`);
  if (!name || !problem.args) return {};
  const words = errorsZhTW[name] as { message: (...args: unknown[]) => string; hint?: (...args: unknown[]) => string | undefined };
  const message = words.message(...problem.args);
  const hint = words.hint?.(...problem.args);
  return {
    zh_TW: { message, ...(hint ? { hint } : {}) },
    zh_CN: { message: toSimplified(message, simplified), ...(hint ? { hint: toSimplified(hint, simplified) } : {}) },
  };
}
