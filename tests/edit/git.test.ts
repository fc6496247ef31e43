import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitTimes } from '../../cli/edit/git.ts';
import type { RunningEditor } from '../../cli/edit/server.ts';
import { sampleContent, tempDir } from '../helpers/site.ts';
import { call, startEditor } from './editor.ts';

let editor: RunningEditor;
let repository: string;
let remote: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();

/** A repository holding content/ and a file outside it, committed, with a remote to which nothing may be pushed. */
beforeAll(async () => {
  repository = tempDir();
  remote = join(tempDir(), 'remote.git');
  execFileSync('git', ['init', '--quiet', '--bare', remote]);
  cpSync(sampleContent, join(repository, 'content'), { recursive: true });
  writeFileSync(join(repository, 'README.md'), 'outside the content\n');
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.name', 'Editor Test');
  git('config', 'user.email', 'editor@example.test');
  git('remote', 'add', 'origin', remote);
  git('add', '.');
  git('commit', '--quiet', '-m', 'sample content');
  editor = await startEditor(join(repository, 'content'));
});
afterAll(() => editor?.close());

describe('esg edit: Git', () => {
  it('takes the times of committed files from Git: a fresh checkout says nothing of which text came first', async () => {
    // Every file has the same new modification time after a checkout; the English one is made older on disk only.
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(join(repository, 'content/en/pages/about.yaml'), old, old);
    const { body } = await call(editor, '/api/files');
    const about = body.files.find((file: { path: string }) => file.path === 'zh_TW/pages/about.yaml');
    expect(about.changedBy).toBe('git');
    expect(about.translations.en.stale).toBe(false);
  });

  it('lists the changed content files, not the others, and commits only the content files', async () => {
    const opened = await call(editor, '/api/files/zh_TW/pages/chairman.yaml');
    opened.body.data.title = '董事長的話（修訂）';
    expect(
      (
        await call(editor, '/api/files/zh_TW/pages/chairman.yaml', {
          method: 'PUT',
          json: { data: opened.body.data },
          headers: { 'If-Match': opened.headers.etag! },
        })
      ).status,
    ).toBe(200);
    writeFileSync(join(repository, 'README.md'), 'changed outside the content\n');
    mkdirSync(join(repository, 'notes'));
    writeFileSync(join(repository, 'notes/todo.txt'), 'not content\n');

    const status = await call(editor, '/api/git');
    expect(status.body).toEqual({ repository: true, changed: [{ path: 'zh_TW/pages/chairman.yaml', status: ' M' }] });

    const committed = await call(editor, '/api/git/commit', { method: 'POST', json: { message: 'Chairman: revised title' } });
    expect(committed.status).toBe(200);
    expect(committed.body.paths).toEqual(['zh_TW/pages/chairman.yaml']);
    expect(git('rev-parse', 'HEAD')).toBe(committed.body.commit);
    expect(git('log', '-1', '--format=%s')).toBe('Chairman: revised title');
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n')).toEqual(['content/zh_TW/pages/chairman.yaml']);
    expect(git('status', '--porcelain', '--', 'README.md')).toBe('M README.md');
    expect((await call(editor, '/api/git')).body.changed).toEqual([]);
    // Never pushed: the remote has no commit at all.
    expect(execFileSync('git', ['--git-dir', remote, 'rev-list', '--all'], { encoding: 'utf8' }).trim()).toBe('');
  });

  it('refuses an empty message, a path outside content/ and a path that has not changed', async () => {
    writeFileSync(join(repository, 'content/zh_TW/menu.yaml'), `${git('show', 'HEAD:content/zh_TW/menu.yaml')}\n# note\n`);
    const head = git('rev-parse', 'HEAD');
    for (const [json, reason] of [
      [{ message: '  ' }, /message/],
      [{ message: 'x', paths: ['../README.md'] }, /not changed content files: \.\.\/README\.md/],
      [{ message: 'x', paths: ['zh_TW/home.yaml'] }, /not changed content files: zh_TW\/home\.yaml/],
    ] as const) {
      const answer = await call(editor, '/api/git/commit', { method: 'POST', json });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(reason);
    }
    expect(git('rev-parse', 'HEAD')).toBe(head);
    const committed = await call(editor, '/api/git/commit', { method: 'POST', json: { message: 'Menu note', paths: ['zh_TW/menu.yaml'] } });
    expect(committed.status).toBe(200);
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/zh_TW/menu.yaml');
  });

  it('refuses a commit request from another origin or without JSON', async () => {
    expect((await call(editor, '/api/git/commit', { method: 'POST', json: { message: 'x' }, headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await call(editor, '/api/git/commit', { method: 'POST', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
  });

  it('gives no commit times, rather than failing, in a repository without a commit yet', async () => {
    const fresh = tempDir();
    execFileSync('git', ['init', '--quiet', fresh]);
    expect(await commitTimes(fresh)).toEqual(new Map());
  });
});
