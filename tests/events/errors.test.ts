import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentProblem } from '../../cli/errors.ts';
import { buildProblems as problemsOf, contentCopy, editContent } from '../helpers/site.ts';

/** A copy of the real content whose file `path` (inside content/) is changed by `edit`. */
function siteWith(path: string, edit: (text: string) => string): string {
  const content = contentCopy();
  editContent(content, path, edit);
  return content;
}

function setField(field: string, value: string) {
  return (text: string) => text.replace(new RegExp(`^${field}: .*$`, 'm'), `${field}: ${value}`);
}

/** The file's line that starts with `field:`, 1-based. */
function lineOf(contentDir: string, path: string, field: string): number {
  return (
    readFileSync(join(contentDir, path), 'utf8')
      .split('\n')
      .findIndex((line) => line.startsWith(`${field}:`)) + 1
  );
}

/** The one problem of a build, which must be in `path`. */
function onlyProblemIn(problems: ContentProblem[], path: string): ContentProblem {
  expect(problems).toHaveLength(1);
  expect(problems[0]!.file.endsWith(path)).toBe(true);
  return problems[0]!;
}

describe('a broken event file fails the build, naming the file and line', () => {
  it('a duplicate id points at the id of the second file', async () => {
    const path = 'zh_TW/events/2023-blood-drive.md';
    const content = siteWith(path, setField('id', '2023-beach-cleanup'));
    const problem = onlyProblemIn(await problemsOf(content), path);
    expect(problem).toMatchObject({ code: 'ESG4008', line: lineOf(content, path, 'id'), column: 5, field: 'id' });
    // The file that already uses the id is named, so the editor knows which two collide.
    expect(problem.message).toContain('zh_TW/events/2023-beach-cleanup.md');
  });

  it('a date that is not a day of the calendar', async () => {
    const path = 'zh_TW/events/2024-tree-planting.md';
    const content = siteWith(path, setField('date', '"2024-02-30"'));
    const problem = onlyProblemIn(await problemsOf(content), path);
    expect(problem).toMatchObject({ code: 'ESG2005', line: lineOf(content, path, 'date'), field: 'date' });
  });

  it('a cover image that does not exist', async () => {
    const path = 'en/events/2024-integrity-training.md';
    const content = siteWith(path, setField('cover', '/assets/images/events/missing.svg'));
    const problem = onlyProblemIn(await problemsOf(content), path);
    expect(problem).toMatchObject({ code: 'ESG4004', line: lineOf(content, path, 'cover'), field: 'cover' });
  });

  it('an id that does not match the file name', async () => {
    const path = 'zh_TW/events/2024-tree-planting.md';
    const content = siteWith(path, setField('id', '2024-trees'));
    const problems = await problemsOf(content);
    expect(problems.map((problem) => problem.code)).toEqual(['ESG4009']);
    expect(problems[0]).toMatchObject({ line: lineOf(content, path, 'id'), field: 'id' });
    expect(problems[0]!.file.endsWith(path)).toBe(true);
  });

  it('an English event with no Traditional Chinese original', async () => {
    const path = 'en/events/2024-integrity-training.md';
    const content = contentCopy();
    const orphan = 'en/events/2022-english-only.md';
    writeFileSync(join(content, orphan), setField('id', '2022-english-only')(readFileSync(join(content, path), 'utf8')));
    const problem = onlyProblemIn(await problemsOf(content), orphan);
    expect(problem).toMatchObject({ code: 'ESG4010', line: lineOf(content, orphan, 'id'), field: 'id' });
  });

  it('a home page pinning an event that does not exist', async () => {
    const path = 'zh_TW/home.yaml';
    const content = siteWith(path, (text) =>
      text.replace(/^ {2}heading: 最新活動$/m, '  heading: 最新活動\n  pinned: [2024-supplier-conference, 2019-no-such-event]'),
    );
    const problem = onlyProblemIn(await problemsOf(content), path);
    // The second pinned id is the missing one; the first exists.
    expect(problem).toMatchObject({ code: 'ESG4007', line: lineOf(content, path, '  pinned'), field: 'events.pinned[1]' });
  });

  it('an event file that would replace the oops page', async () => {
    const path = 'zh_TW/events/oops.md';
    const content = contentCopy();
    writeFileSync(join(content, path), setField('id', 'oops')(readFileSync(join(content, 'zh_TW/events/2024-tree-planting.md'), 'utf8')));
    const problems = await problemsOf(content);
    expect(problems.map((problem) => problem.code)).toEqual(['ESG4002']);
    expect(problems[0]!.file.endsWith(path)).toBe(true);
  });

  it('an event saved with Windows line endings reads as any other, and its problems keep their lines', async () => {
    const path = 'zh_TW/events/2024-integrity-training.md';
    const content = siteWith(path, (text) => setField('cover', '/assets/images/events/missing.svg')(text).replace(/\n/g, '\r\n'));
    const problem = onlyProblemIn(await problemsOf(content), path);
    expect(problem).toMatchObject({ code: 'ESG4004', line: lineOf(content, path, 'cover'), field: 'cover' });
  });
});
