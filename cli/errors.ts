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
}

/** Where a problem is; a whole-file problem is at line 1, column 1. */
export interface ProblemPlace {
  file: string;
  line?: number;
  column?: number;
  field?: string;
  frame?: string;
}

/** A problem of the catalogue at a place, its message and hint made from `args`. */
export function problem<A extends unknown[]>(entry: ErrorEntry<A>, place: ProblemPlace, ...args: A): ContentProblem {
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
  };
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

/** Two lines of context above the line, the line itself, and a caret under the column. */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - 2);
  const width = String(line).length;
  const out: string[] = [];
  for (let n = first; n <= Math.min(line, lines.length); n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`  ${marker} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
  }
  out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  return out.join('\n');
}
