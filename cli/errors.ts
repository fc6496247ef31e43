/** A mistake in content that an editor can fix: where it is, what is wrong, and a hint. */
export interface ContentProblem {
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

/** Thrown by a build stage when content is wrong; carries every problem found, not only the first. */
export class ContentErrors extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(`${problems.length} content ${problems.length === 1 ? 'problem' : 'problems'} found`);
    this.name = 'ContentErrors';
  }
}

/** Wrong use of the command line (unknown option, missing folder): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `file:line:col  field: message`, then the code frame and the hint. */
export function formatProblem(problem: ContentProblem): string {
  const where = `${problem.file}:${problem.line}:${problem.column}`;
  const what = problem.field ? `${problem.field}: ${problem.message}` : problem.message;
  const lines = [`${where}  ${what}`];
  if (problem.frame) lines.push(problem.frame);
  if (problem.hint) lines.push(`  hint: ${problem.hint}`);
  return lines.join('\n');
}

export function formatProblems(problems: ContentProblem[]): string {
  const body = problems.map(formatProblem).join('\n\n');
  return `${body}\n\n${problems.length} content ${problems.length === 1 ? 'problem' : 'problems'} found.`;
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
