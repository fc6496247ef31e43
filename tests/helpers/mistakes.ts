import { join } from 'node:path';
import { expect } from 'vitest';
import { hashesOf } from './outFolders.ts';
import { contentCopy, runEsg, tempDir } from './site.ts';

/**
 * A copy of the sample content built with the real `esg build` into a temp out/, and every file of
 * that out/ hashed: what a test plants mistakes into, then compares out/ with after a failed build.
 */
export function builtSampleCopy(): { content: string; out: string; before: Record<string, string> } {
  const content = contentCopy();
  const out = join(tempDir(), 'out');
  const built = runEsg(['build', '--content', content, '--out', out]);
  expect(built.code, built.stderr).toBe(0);
  return { content, out, before: hashesOf(out) };
}

/** The problems a command printed, as `zh_TW/menu.yaml:6:39  ESG2002` (paths inside `content`), in the order printed. */
export function printedProblems(stderr: string, content: string): string[] {
  return [...stderr.matchAll(/^(\S+):(\d+):(\d+) {2}(ESG\d{4}) /gm)].map(
    ([, file, line, column, code]) => `${file!.replace(`${content}/`, '')}:${line}:${column}  ${code}`,
  );
}

/** `path:line:column` of the first occurrence of `needle` in `text`. */
export function placeIn(path: string, text: string, needle: string): string {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`${path} has no ${needle}`);
  return `${path}:${index + 1}:${[...lines[index]!.slice(0, lines[index]!.indexOf(needle))].length + 1}`;
}
