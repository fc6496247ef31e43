import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEditor } from '../../cli/edit/server.ts';
import { startEdit } from '../../cli/edit/server.ts';
import { addAccount } from '../../cli/edit/team/accounts.ts';
import { readPdf } from '../../cli/build/stages/08-book/readBack.ts';
import { runEsg, sampleContent, tempDir } from '../helpers/site.ts';
import { commitAs } from '../helpers/gitAs.ts';
import { call } from './editor.ts';

// `esg edit --team --pdf`: a publish rebuilds the preview with the report PDFs, printed by the
// Chromium the build finds (the one npm installs, or Debian's), so the team reads the published
// book as the reader will.

let editor: RunningEditor;
let repository: string;
const out = () => join(repository, 'out');
const president = 'zh_TW/pages/president.yaml';

beforeAll(async () => {
  repository = tempDir();
  cpSync(sampleContent, join(repository, 'content'), { recursive: true });
  execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: repository });
  commitAs(repository, 'The Machine', 'machine@example.test', '2025-09-01T08:00:00+08:00', 'sample content');
  const team = join(tempDir(), 'team');
  await addAccount(team, 'ana', 'writer', 'ana writes 2025');
  await addAccount(team, 'rita', 'reviewer', 'rita reviews 2025');
  await addAccount(team, 'adam', 'admin', 'adam publishes 2025');
  editor = await startEdit({ contentDir: join(repository, 'content'), outDir: out(), port: 0, team: { dataDir: team, pdf: true } });
}, 300_000);
afterAll(() => editor?.close(), 600_000);

const as = (session: string, path: string, options: Parameters<typeof call>[2] = {}) =>
  call(editor, path, { ...options, token: false, headers: { Cookie: session, ...options.headers } });

async function signIn(name: string, password: string): Promise<string> {
  const answer = await call(editor, '/api/session', { method: 'POST', json: { name, password }, token: false });
  expect(answer.status, answer.text).toBe(200);
  return answer.headers['set-cookie']![0]!.split(';')[0]!;
}

/** The report PDF of a locale in the preview, when there is one. */
const bookOf = (locale: string) => {
  const folder = join(out(), 'reports');
  const name = existsSync(folder) ? readdirSync(folder).find((file) => file.endsWith(`-${locale}.pdf`)) : undefined;
  return name && join(folder, name);
};

describe('esg edit --team --pdf', () => {
  it('prints the report PDF again when a change is published, with the change in it', async () => {
    const [ana, rita, adam] = [await signIn('ana', 'ana writes 2025'), await signIn('rita', 'rita reviews 2025'), await signIn('adam', 'adam publishes 2025')];
    const opened = await as(ana, `/api/files/${president}`);
    opened.body.data.title = '總經理的話團隊印製版';
    const saved = await as(ana, `/api/files/${president}`, { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } });
    expect(saved.status, saved.text).toBe(200);
    const id = (await as(ana, '/api/changes')).body.changes[0].id;
    expect((await as(ana, `/api/changes/${id}/submit`, { method: 'POST', json: { comment: '總經理的話改標題' } })).status).toBe(200);
    expect((await as(rita, `/api/changes/${id}/approve`, { method: 'POST' })).status).toBe(200);
    const published = Date.now();
    const answer = await as(adam, `/api/changes/${id}/publish`, { method: 'POST' });
    expect(answer.status, answer.text).toBe(200);

    // The PDF is printed after the publish (a build without --pdf could not: the book changed).
    await expect
      .poll(() => (bookOf('zh_TW') && statSync(bookOf('zh_TW')!).mtimeMs > published ? 'printed' : 'waiting'), { timeout: 540_000, interval: 2_000 })
      .toBe('printed');
    const book = await readPdf(readFileSync(bookOf('zh_TW')!));
    expect(book.text.join('')).toContain('總經理的話團隊印製版');
  }, 600_000);

  it('is an option of team mode only', () => {
    const alone = runEsg(['edit', '--pdf', '--content', sampleContent, '--port', '0']);
    expect(alone.code).not.toBe(0);
    expect(alone.stderr).toMatch(/--pdf are options of team mode: add --team/);
  });
});
