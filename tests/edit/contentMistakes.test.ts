import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEditor } from '../../cli/edit/server.ts';
import { encodedAs } from '../helpers/encodings.ts';
import { contentCopy, tempDir } from '../helpers/site.ts';
import { call, startEditor } from './editor.ts';

// The editor's save check is the build's: a mistake the build catches is refused before anything
// is written. A file it cannot read as the build reads it is shown as such and never written over.

let editor: RunningEditor;
let content: string;

beforeAll(async () => {
  content = contentCopy();
  editor = await startEditor(content);
});
afterAll(() => editor?.close());

describe('esg edit and the content checks', () => {
  it('refuses with 422 a story whose Markdown link names a section the page does not have, at its line', async () => {
    const path = 'zh_TW/events/2024-tree-planting.md';
    const before = readFileSync(join(content, path));
    const opened = await call(editor, `/api/files/${path}`);
    const body = `${opened.body.body}\n詳見[報告範疇](/about#scop)。\n`;
    const answer = await call(editor, `/api/files/${path}`, {
      method: 'PUT',
      json: { data: opened.body.data, body },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(answer.status).toBe(422);
    const lines = `${readFileSync(join(content, path), 'utf8').split('\n---\n')[0]}\n---\n${body}`.split('\n');
    expect(answer.body.problems).toContainEqual(
      expect.objectContaining({
        code: 'ESG4006',
        file: expect.stringContaining(path),
        line: lines.findIndex((line) => line.includes('#scop')) + 1,
        field: 'body',
      }),
    );
    expect(readFileSync(join(content, path)).equals(before)).toBe(true);
  });

  it('refuses with 422 a book that names a chapter twice, at the second place, worded in both languages', async () => {
    const path = 'zh_TW/book.yaml';
    const before = readFileSync(join(content, path));
    const opened = await call(editor, `/api/files/${path}`);
    const parts = opened.body.data.parts as { chapters: string[] }[];
    const last = parts.length - 1;
    parts[last]!.chapters.push('president');
    const answer = await call(editor, `/api/files/${path}`, {
      method: 'PUT',
      json: { data: opened.body.data },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(answer.status).toBe(422);
    const lines = before.toString('utf8').split('\n');
    expect(answer.body.problems).toEqual([
      expect.objectContaining({
        code: 'ESG4019',
        file: path,
        field: `parts[${last}].chapters[${parts[last]!.chapters.length - 1}]`,
        line: lines.findLastIndex((line) => line.includes('chapters:')) + 1,
        message: `names the chapter "president" a second time (first at line ${lines.findIndex((line) => line.includes('president')) + 1})`,
        zh_TW: expect.objectContaining({ message: expect.stringContaining('再次列出了章「president」') }),
      }),
    ]);
    expect(readFileSync(join(content, path)).equals(before)).toBe(true);
  });

  it('shows a file saved in Big5 as unreadable, and refuses to save over it (409), its bytes kept', async () => {
    const path = 'zh_TW/pages/kiwi.yaml';
    const bytes = encodedAs(readFileSync(join(content, path), 'utf8'), 'big5');
    writeFileSync(join(content, path), bytes);
    const opened = await call(editor, `/api/files/${path}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toBeNull();
    expect(opened.body.syntaxErrors[0]).toMatch(/^ESG1005 .*looks like Big5/);
    const answer = await call(editor, `/api/files/${path}`, {
      method: 'PUT',
      json: { data: { title: '奇異果' } },
      headers: { 'If-Match': opened.headers.etag! },
    });
    expect(answer.status).toBe(409);
    expect(readFileSync(join(content, path)).equals(bytes)).toBe(true);
  });

  it('neither lists nor opens a content file that is a symbolic link out of content/', async () => {
    const outside = join(tempDir(), 'page.yaml');
    writeFileSync(outside, readFileSync(join(content, 'zh_TW/pages/saisiyat.yaml')));
    symlinkSync(outside, join(content, 'zh_TW/pages/linked.yaml'));
    const list = await call(editor, '/api/files');
    expect(list.body.files.map((file: { path: string }) => file.path)).not.toContain('zh_TW/pages/linked.yaml');
    expect((await call(editor, '/api/files/zh_TW/pages/linked.yaml')).status).toBe(403);
  });
});
