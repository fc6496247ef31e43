import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, where the schemas, the widgets' sources and the compiled command live.
 * This module is one folder below it both as a source file (cli/paths.ts, run by tsx or vitest)
 * and compiled (dist/cli.js or one of its chunks beside it), so the same address serves both.
 * Other modules find the project's files through here, never through their own address.
 */
export const projectRoot = fileURLToPath(new URL('../', import.meta.url));

/** A file or folder of the project: `projectPath('schemas')`. */
export function projectPath(...parts: string[]): string {
  return join(projectRoot, ...parts);
}

/** Paths as editors see them: relative to where the command runs. */
export function displayPath(absolute: string): string {
  const shown = relative(process.cwd(), absolute);
  return (shown.startsWith('..') ? absolute : shown).split(sep).join('/');
}
