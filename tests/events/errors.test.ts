import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../cli/build/index.ts';
import { ContentErrors, type ContentProblem } from '../../cli/errors.ts';

const folders: string[] = [];

/** A copy of the real content whose file `path` (inside content/) is changed by `edit`. */
function siteWith(path: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'esg-event-errors-'));
  folders.push(dir);
  const content = join(dir, 'content');
  cpSync(resolve('content'), content, { recursive: true });
  writeFileSync(join(content, path), edit(readFileSync(join(content, path), 'utf8')));
  return content;
}

function setField(field: string, value: string) {
  return (text: string) => text.replace(new RegExp(`^${field}: .*$`, 'm'), `${field}: ${value}`);
}

/** The problems a build of `contentDir` fails with; fails the test when the build succeeds. */
async function problemsOf(contentDir: string): Promise<ContentProblem[]> {
  const error = await build({ contentDir, outDir: join(contentDir, '..', 'out'), verbose: false }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ContentErrors);
  return (error as ContentErrors).problems;
}

/** The file's line that starts with `field:`, 1-based. */
function lineOf(contentDir: string, path: string, field: string): number {
  return readFileSync(join(contentDir, path), 'utf8').split('\n').findIndex((line) => line.startsWith(`${field}:`)) + 1;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a broken event file fails the build, naming the file and line', () => {
  it('a duplicate id points at the id of the second file', async () => {
    const path = 'zh_TW/events/2023-blood-drive.md';
    const content = siteWith(path, setField('id', '2023-beach-cleanup'));
    const problems = await problemsOf(content);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith(path)).toBe(true);
    expect(problems[0]).toMatchObject({ line: lineOf(content, path, 'id'), column: 5, field: 'id' });
    expect(problems[0]!.message).toMatch(/^duplicate event id "2023-beach-cleanup": .*zh_TW\/events\/2023-beach-cleanup\.md already uses it$/);
  });

  it('a date that is not a day of the calendar', async () => {
    const path = 'zh_TW/events/2024-tree-planting.md';
    const content = siteWith(path, setField('date', '"2024-02-30"'));
    const problems = await problemsOf(content);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith(path)).toBe(true);
    expect(problems[0]).toMatchObject({ line: lineOf(content, path, 'date'), field: 'date', message: 'is not a valid date: "2024-02-30"' });
  });

  it('a cover image that does not exist', async () => {
    const path = 'en/events/2024-integrity-training.md';
    const content = siteWith(path, setField('cover', '/assets/images/events/missing.svg'));
    const problems = await problemsOf(content);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith(path)).toBe(true);
    expect(problems[0]).toMatchObject({ line: lineOf(content, path, 'cover'), field: 'cover', message: '/assets/images/events/missing.svg does not exist' });
  });

  it('an id that does not match the file name', async () => {
    const path = 'zh_TW/events/2024-tree-planting.md';
    const content = siteWith(path, setField('id', '2024-trees'));
    const problems = await problemsOf(content);
    expect(problems.map((problem) => problem.message)).toEqual(['is "2024-trees" but the file is named 2024-tree-planting.md']);
    expect(problems[0]!.line).toBe(lineOf(content, path, 'id'));
  });

  it('an English event with no Traditional Chinese original', async () => {
    const path = 'en/events/2024-integrity-training.md';
    const content = siteWith(path, (text) => text);
    const orphan = 'en/events/2022-english-only.md';
    writeFileSync(join(content, orphan), setField('id', '2022-english-only')(readFileSync(join(content, path), 'utf8')));
    const problems = await problemsOf(content);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith(orphan)).toBe(true);
    expect(problems[0]!.line).toBe(lineOf(content, orphan, 'id'));
    expect(problems[0]!.message).toBe('names no Traditional Chinese event: events/2022-english-only.md does not exist in the zh_TW folder');
  });

  it('a home page pinning an event that does not exist', async () => {
    const path = 'zh_TW/home.yaml';
    const content = siteWith(path, (text) => text.replace(/^ {2}heading: 最新活動$/m, '  heading: 最新活動\n  pinned: [2024-supplier-conference, 2019-no-such-event]'));
    const problems = await problemsOf(content);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file.endsWith(path)).toBe(true);
    expect(problems[0]!.line).toBe(lineOf(content, path, '  pinned'));
    expect(problems[0]!.message).toBe('names event "2019-no-such-event", which does not exist in content/zh_TW/events/');
  });

  it('an event file that would replace the oops page', async () => {
    const path = 'zh_TW/events/oops.md';
    const content = siteWith('zh_TW/events/2024-tree-planting.md', (text) => text);
    writeFileSync(join(content, path), setField('id', 'oops')(readFileSync(join(content, 'zh_TW/events/2024-tree-planting.md'), 'utf8')));
    const problems = await problemsOf(content);
    expect(problems[0]!.file.endsWith(path)).toBe(true);
    expect(problems[0]!.message).toBe('would make the page /event/oops, which is already a page of this site');
  });
});
