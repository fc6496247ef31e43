import type { ErrorEntry } from './errorCatalogue.ts';

/** A mistake an editor can fix: its code, where it is, what is wrong, and a hint. */
export interface ContentProblem {
  /** The catalogue's code (cli/errorCatalogue.ts, docs/errors.md): `ESG2001`. */
  code: string;
  file: string;
  line: number;
  column: number;
  /** The field path, e.g. `items[3].to`; empty for a whole-file problem. */
  field: string;
  message: string;
  hint?: string;
  /** The two source lines before the problem and the problem line, for the code frame. */
  frame?: string;
  /** What the message and hint were made from (long texts cut): the editor words them again in Traditional Chinese. */
  args?: unknown[];
}

/** Where a problem is; a whole-file problem is at line 1, column 1. */
export interface ProblemPlace {
  file: string;
  line?: number;
  column?: number;
  field?: string;
  frame?: string;
}

/** A problem of the catalogue at a place, its message and hint made from `args` (a long text among them cut, `shortened`). */
export function problem<A extends unknown[]>(entry: ErrorEntry<A>, place: ProblemPlace, ...given: A): ContentProblem {
  const args = given.map(shortened) as A;
  const hint = entry.hint?.(...args);
  return {
    code: entry.code,
    file: place.file,
    line: place.line ?? 1,
    column: place.column ?? 1,
    field: place.field ?? '',
    message: entry.message(...args),
    ...(hint ? { hint } : {}),
    ...(place.frame ? { frame: place.frame } : {}),
    args,
  };
}

/** Texts longer than this are cut in messages and code frames, with their length. */
export const longestShown = 200;

/**
 * A text cut to its start and its length, as a problem shows it: a pasted 5 MB `data:` address
 * would otherwise fill the terminal. Lists are cut item by item.
 */
export function shortened<T>(value: T): T {
  if (typeof value === 'string' && value.length > longestShown)
    return `${value.slice(0, longestShown - 40)}… (${value.length.toLocaleString('en')} characters)` as T;
  if (Array.isArray(value)) return value.map(shortened) as T;
  return value;
}

/** Thrown once content checks are done: carries every problem of every file, not only the first. */
export class ContentErrors extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(`${problems.length} content ${problems.length === 1 ? 'problem' : 'problems'} found`);
    this.name = 'ContentErrors';
  }
}

/** Wrong use of the command line or of a server (unknown option, missing folder, busy port): exit code 2. */
export class UsageError<A extends unknown[] = unknown[]> extends Error {
  override name = 'UsageError';
  readonly code: string;
  readonly hint?: string;

  constructor(entry: ErrorEntry<A>, ...args: A) {
    super(entry.message(...args));
    this.code = entry.code;
    this.hint = entry.hint?.(...args);
  }
}

/** `esg: ESG8003 port 4173 is already in use`, then the hint. */
export function formatUsageError(error: UsageError): string {
  return [`esg: ${error.code} ${error.message}`, ...(error.hint ? [`  hint: ${error.hint}`] : [])].join('\n');
}

/** `file:line:col  ESG2001 field: message`, then the code frame and the hint. */
export function formatProblem(problem: ContentProblem): string {
  const where = `${problem.file}:${problem.line}:${problem.column}`;
  const what = problem.field ? `${problem.field}: ${problem.message}` : problem.message;
  const lines = [`${where}  ${problem.code} ${what}`];
  if (problem.frame) lines.push(problem.frame);
  if (problem.hint) lines.push(`  hint: ${problem.hint}`);
  return lines.join('\n');
}

export function formatProblems(problems: ContentProblem[], noun = 'content'): string {
  const body = problems.map(formatProblem).join('\n\n');
  const count = `${problems.length} ${noun ? `${noun} ` : ''}${problems.length === 1 ? 'problem' : 'problems'} found.`;
  return `${body}\n\n${count} Each code is explained in docs/errors.md.`;
}

/**
 * Two lines of context above the line, the line itself, and a caret under the column. A line
 * longer than `longestShown` is shown as the part around the column, with its length.
 */
export function codeFrame(source: string, line: number, column: number): string {
  const first = Math.max(1, line - 2);
  const lines = linesOf(source, first, line);
  const width = String(line).length;
  const out: string[] = [];
  let caret = column - 1;
  lines.forEach((text, index) => {
    const n = first + index;
    const shown = n === line ? window(text, column - 1) : window(text, 0);
    if (n === line) caret = shown.caret;
    out.push(`  ${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${shown.text}`);
  });
  out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, caret))}^`);
  return out.join('\n');
}

/** Lines `first` to `last` (1-based) of a text, without splitting the whole of a large file. */
function linesOf(source: string, first: number, last: number): string[] {
  let start = 0;
  for (let n = 1; n < first && start >= 0; n++) start = nextLine(source, start);
  const lines: string[] = [];
  for (let n = first; n <= last && start >= 0 && start <= source.length; n++) {
    const end = source.indexOf('\n', start);
    lines.push(source.slice(start, end < 0 ? source.length : end).replace(/\r$/, ''));
    start = end < 0 ? -1 : end + 1;
  }
  return lines;
}

function nextLine(source: string, start: number): number {
  const end = source.indexOf('\n', start);
  return end < 0 ? -1 : end + 1;
}

/** The part of a long line around `at` (0-based), and where `at` falls in it. */
function window(text: string, at: number): { text: string; caret: number } {
  if (text.length <= longestShown) return { text, caret: at };
  const start = Math.max(0, Math.min(at - 40, text.length - longestShown + 40));
  const end = start + longestShown - 40;
  const cut = `${start > 0 ? '…' : ''}${text.slice(start, end)}… (${text.length.toLocaleString('en')} characters)`;
  return { text: cut, caret: at - start + (start > 0 ? 1 : 0) };
}
