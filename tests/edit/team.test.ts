import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningEditor } from '../../cli/edit/server.ts';
import { startEdit } from '../../cli/edit/server.ts';
import { addAccount, findAccount, removeAccount, resetPassword } from '../../cli/edit/team/accounts.ts';
import { teamSessions } from '../../cli/edit/team/sessions.ts';
import { repoRoot, runEsg, sampleContent, tempDir } from '../helpers/site.ts';
import { call } from './editor.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';

let editor: RunningEditor;
let repository: string;
let remote: string;
let team: string;
const content = () => join(repository, 'content');
const git = (...args: string[]) => execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
const passwords = { ana: 'ana writes 2025', rita: 'rita reviews 2025', adam: 'adam publishes 2025', carla: 'carla forgets 2025', dora: 'dora writes 2025' };
const chairman = 'zh_TW/pages/chairman.yaml';
const publicOrigin = 'https://esg.example.com';

/** A repository holding content/, with a remote the team's published changes are pushed to, and five accounts. */
beforeAll(async () => {
  repository = tempDir();
  remote = join(tempDir(), 'remote.git');
  team = join(tempDir(), 'team');
  execFileSync('git', ['init', '--quiet', '--bare', remote]);
  cpSync(sampleContent, content(), { recursive: true });
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.name', 'The Machine');
  git('config', 'user.email', 'machine@example.test');
  git('remote', 'add', 'origin', remote);
  git('add', '.');
  git('commit', '--quiet', '-m', 'sample content');
  await addAccount(team, 'ana', 'writer', passwords.ana, 'ana@example.test');
  await addAccount(team, 'rita', 'reviewer', passwords.rita, 'rita@example.test');
  await addAccount(team, 'adam', 'admin', passwords.adam);
  await addAccount(team, 'carla', 'writer', passwords.carla);
  await addAccount(team, 'dora', 'writer', passwords.dora);
  editor = await startEdit({ contentDir: content(), outDir: join(tempDir(), 'out'), port: 0, team: { dataDir: team, publicOrigin } });
});
afterAll(() => editor?.close());

/** A request as a member whose session cookie is `session` (none when undefined). */
const as = (session: string | undefined, path: string, options: Parameters<typeof call>[2] = {}) =>
  call(editor, path, { ...options, token: false, headers: { ...(session ? { Cookie: session } : {}), ...options.headers } });

/** Signs in and returns the cookie to send back (`esg-edit-session=…`). */
async function signIn(name: keyof typeof passwords): Promise<string> {
  const answer = await as(undefined, '/api/session', { method: 'POST', json: { name, password: passwords[name] } });
  expect(answer.status, answer.text).toBe(200);
  return answer.headers['set-cookie']![0]!.split(';')[0]!;
}

async function save(session: string, path: string, edit: (data: any) => void) {
  const opened = await as(session, `/api/files/${path}`);
  edit(opened.body.data);
  return as(session, `/api/files/${path}`, { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } });
}

const step = (session: string, id: string, name: string, json?: unknown) => as(session, `/api/changes/${id}/${name}`, { method: 'POST', json });

describe('esg edit --team: signing in', () => {
  it('refuses every request but the sign-in page without a session (401), with the reason', async () => {
    const files = await as(undefined, '/api/files');
    expect(files.status).toBe(401);
    expect(files.body.error).toMatch(/sign in/);
    expect((await as(undefined, `/api/files/${chairman}`)).status).toBe(401);
    expect((await as(undefined, '/preview/')).status).toBe(401);
    expect((await as(undefined, '/api/changes')).status).toBe(401);
    expect((await as(undefined, '/')).status).toBe(200);
    expect((await as(undefined, '/editor.js')).status).toBe(200);
    expect((await as(undefined, '/api/session')).body).toEqual({ mode: 'team', signIn: 'password' });
    expect((await as(undefined, '/api/files', { headers: { Authorization: 'Bearer anything' } })).status).toBe(401);
  });

  it('refuses a wrong password (401) and sets no cookie', async () => {
    const wrong = await as(undefined, '/api/session', { method: 'POST', json: { name: 'ana', password: 'not her password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await as(undefined, '/api/session', { method: 'POST', json: { name: 'nobody', password: 'whatever it is' } })).status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie for 12 hours, Secure behind an https origin; signing out ends the session', async () => {
    const answer = await as(undefined, '/api/session', { method: 'POST', json: { name: 'ana', password: passwords.ana } });
    expect(answer.body.member).toEqual({ name: 'ana', role: 'writer', email: 'ana@example.test' });
    const cookie = answer.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^esg-edit-session=[\w-]{43}; /);
    for (const flag of ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=43200', 'Secure']) expect(cookie.split('; ')).toContain(flag);
    const session = cookie.split(';')[0]!;
    expect((await as(session, '/api/session')).body.member.name).toBe('ana');
    expect((await as(session, '/api/files')).status).toBe(200);
    const out = await as(session, '/api/session', { method: 'DELETE' });
    expect(out.headers['set-cookie']![0]).toMatch(/Max-Age=0/);
    expect((await as(session, '/api/files')).status).toBe(401);
  });

  it('answers 429 with Retry-After after five wrong passwords for a name, even to the right one', async () => {
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await as(undefined, '/api/session', { method: 'POST', json: { name: 'carla', password: `guess ${attempt}` } })).status).toBe(401);
    const blocked = await as(undefined, '/api/session', { method: 'POST', json: { name: 'carla', password: passwords.carla } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('refuses another Origin (403), signing in too, and accepts its own and the public one', async () => {
    const session = await signIn('ana');
    const evil = await as(undefined, '/api/session', {
      method: 'POST',
      json: { name: 'ana', password: passwords.ana },
      headers: { Origin: 'http://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toContain('http://evil.example');
    const opened = await as(session, `/api/files/${chairman}`);
    const put = { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } };
    expect((await as(session, `/api/files/${chairman}`, { ...put, headers: { ...put.headers, Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await as(session, '/api/files', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await as(session, '/api/files', { headers: { Origin: editor.origin } })).status).toBe(200);
    expect((await as(session, '/api/files', { headers: { Origin: publicOrigin } })).status).toBe(200);
  });
});

describe('esg edit --team: review before publishing', () => {
  it("keeps a writer's save out of content/ until a reviewer approves it and an admin publishes it, then commits it as the writer's with the approver's trailer", async () => {
    const [ana, rita, adam] = [await signIn('ana'), await signIn('rita'), await signIn('adam')];
    const before = readFileSync(join(content(), chairman), 'utf8');
    const saved = await save(ana, chairman, (data) => (data.title = '董事長的話：團隊修訂版'));
    expect(saved.status, saved.text).toBe(200);
    expect(readFileSync(join(content(), chairman), 'utf8')).toBe(before);
    expect((await as(ana, `/api/files/${chairman}`)).body.data.title).toBe('董事長的話：團隊修訂版');
    expect((await as(rita, `/api/files/${chairman}`)).body.data.title).not.toBe('董事長的話：團隊修訂版');

    const listed = (await as(rita, '/api/changes')).body.changes;
    // The reviewer reads what the change would publish, field by field.
    const diff = await as(rita, `/api/changes/${listed[0].id}/diff`);
    expect(diff.body.files).toEqual([
      { path: chairman, made: false, values: [{ field: 'title', before: expect.any(String), after: '董事長的話：團隊修訂版' }] },
    ]);
    expect(listed).toEqual([{ id: expect.stringMatching(/^[a-f0-9]{16}$/), state: 'draft', author: 'ana', files: [chairman] }]);
    const id = listed[0].id;

    expect((await step(rita, id, 'submit')).status).toBe(403);
    expect((await step(ana, id, 'approve')).status).toBe(403);
    expect((await step(ana, id, 'submit')).body.change.state).toBe('submitted');
    expect((await step(ana, id, 'approve')).status).toBe(403);
    expect((await step(rita, id, 'publish')).status).toBe(403);
    expect((await step(adam, id, 'publish')).status).toBe(409);
    expect((await step(rita, id, 'return')).status).toBe(400);

    // A save after it was submitted is reviewed again: the change is back to draft.
    expect((await save(ana, chairman, (data) => (data.title = '董事長的話：團隊定稿'))).status).toBe(200);
    expect((await as(ana, `/api/changes/${id}`)).body.state).toBe('draft');
    expect((await step(ana, id, 'submit')).status).toBe(200);
    const approved = await step(rita, id, 'approve', { comment: '數字已核對' });
    expect(approved.status, approved.text).toBe(200);
    expect(readFileSync(join(content(), chairman), 'utf8')).toBe(before);

    const published = await step(adam, id, 'publish');
    expect(published.status, published.text).toBe(200);
    expect(published.body.pushed).toBe('origin');
    expect(readFileSync(join(content(), chairman), 'utf8')).toContain('董事長的話：團隊定稿');
    expect(git('log', '-1', '--format=%an <%ae>')).toBe('ana <ana@example.test>');
    expect(git('log', '-1', '--format=%cn <%ce>')).toBe('adam <adam@esg-team.invalid>');
    expect(git('log', '-1', '--format=%(trailers:key=Approved-by,valueonly)')).toBe('rita <rita@example.test>');
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe(`content/${chairman}`);
    expect(execFileSync('git', ['--git-dir', remote, 'rev-parse', 'main'], { encoding: 'utf8' }).trim()).toBe(published.body.commit);
    expect((await as(adam, `/api/changes/${id}`)).body).toMatchObject({ state: 'published', commit: published.body.commit });
    expect((await step(adam, id, 'publish')).status).toBe(409);
  });

  it('refuses a reviewer approving their own change (403), and lets another reviewer return it with a comment', async () => {
    const [rita, adam] = [await signIn('rita'), await signIn('adam')];
    expect((await save(rita, 'zh_TW/pages/about.yaml', (data) => (data.title = '關於我們：審閱者的修訂'))).status).toBe(200);
    const id = (await as(rita, '/api/changes')).body.changes.find((change: { author: string; state: string }) => change.author === 'rita').id;
    expect((await step(rita, id, 'submit')).status).toBe(200);
    const own = await step(rita, id, 'approve');
    expect(own.status).toBe(403);
    expect(own.body.error).toMatch(/own change/);
    const returned = await step(adam, id, 'return', { comment: '標題請再短一點' });
    expect(returned.body.change.state).toBe('draft');
    expect(returned.body.change.events.at(-1)).toMatchObject({ action: 'returned', by: 'adam', comment: '標題請再短一點' });
    // The list says why, until the author submits again.
    const listed = (await as(rita, '/api/changes')).body.changes.find((change: { id: string }) => change.id === id);
    expect(listed.returned).toEqual({ by: 'adam', comment: '標題請再短一點' });
    expect((await step(rita, id, 'submit')).status).toBe(200);
    expect((await as(rita, '/api/changes')).body.changes.find((change: { id: string }) => change.id === id).returned).toBeUndefined();
  });

  it('names who saved the other version: a save over a file published meanwhile (412), and a publish of a change whose file was (409)', async () => {
    const [ana, dora, rita, adam] = [await signIn('ana'), await signIn('dora'), await signIn('rita'), await signIn('adam')];
    const path = 'zh_TW/pages/company.yaml';
    const opened = await as(dora, `/api/files/${path}`);
    expect((await save(dora, path, (data) => (data.title = '投資人專區：朵拉的版本'))).status).toBe(200);
    const doras = (await as(dora, '/api/changes')).body.changes.find(
      (change: { author: string; state: string }) => change.author === 'dora' && change.state === 'draft',
    ).id;
    expect((await save(ana, path, (data) => (data.title = '投資人專區：安娜的版本'))).status).toBe(200);
    const anas = (await as(ana, '/api/changes')).body.changes.find(
      (change: { author: string; state: string }) => change.author === 'ana' && change.state === 'draft',
    ).id;
    expect((await step(ana, anas, 'submit', { comment: '投資人專區改標題' })).status).toBe(200);
    expect((await as(ana, '/api/changes')).body.changes.find((change: { id: string }) => change.id === anas).summary).toBe('投資人專區改標題');
    expect((await step(rita, anas, 'approve')).status).toBe(200);
    expect((await step(adam, anas, 'publish')).status).toBe(200);
    expect(git('log', '-1', '--format=%s')).toBe('投資人專區改標題');

    // Dora's change took the file before Ana's was published: publishing it would undo Ana's.
    expect((await step(dora, doras, 'submit')).status).toBe(200);
    expect((await step(rita, doras, 'approve')).status).toBe(200);
    const refusedPublish = await step(adam, doras, 'publish');
    expect(refusedPublish.status).toBe(409);
    expect(refusedPublish.body.stale).toEqual([{ path, savedBy: { name: 'ana', at: expect.any(String) } }]);

    // A member who opened the file before Ana's was published, and saves now, is told it was Ana.
    const late = await as(rita, `/api/files/${path}`, { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } });
    expect(late.status).toBe(412);
    expect(late.body.savedBy).toMatchObject({ name: 'ana' });
    // Dora's own draft, saved in another window, is hers.
    const again = await as(dora, `/api/files/${path}`, { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } });
    expect(again.status).toBe(412);
    expect(again.body.savedBy).toEqual({ you: true });
  });

  it('lets its author or an admin discard a change, removing what it uploaded, and nobody else', async () => {
    const [ana, dora, adam] = [await signIn('ana'), await signIn('dora'), await signIn('adam')];
    expect((await save(ana, 'zh_TW/pages/covid19.yaml', (data) => (data.title = '防疫紀實：草稿'))).status).toBe(200);
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    expect((await as(ana, '/api/assets?name=draft-photo.png', { method: 'POST', bytes: photo, headers: { 'Content-Type': 'image/png' } })).status).toBe(201);
    expect(existsSync(join(content(), 'assets/images/draft-photo.png'))).toBe(true);
    const id = (await as(ana, '/api/changes')).body.changes.find(
      (change: { author: string; state: string }) => change.author === 'ana' && change.state === 'draft',
    ).id;
    const foreign = await step(dora, id, 'discard');
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatch(/only its author or an admin/);
    expect((await step(ana, id, 'submit')).status).toBe(200);
    const discarded = await step(ana, id, 'discard');
    expect(discarded.status, discarded.text).toBe(200);
    expect(discarded.body.change.state).toBe('discarded');
    expect(existsSync(join(content(), 'assets/images/draft-photo.png'))).toBe(false);
    expect((await as(ana, '/api/files/zh_TW/pages/covid19.yaml')).body.data.title).not.toBe('防疫紀實：草稿');
    expect((await step(adam, id, 'publish')).status).toBe(409);
    // The author's next save makes a new change.
    expect((await save(ana, 'zh_TW/pages/covid19.yaml', (data) => (data.title = '防疫紀實：新的草稿'))).status).toBe(200);
    const open = (await as(ana, '/api/changes')).body.changes.filter(
      (change: { author: string; state: string }) => change.author === 'ana' && change.state === 'draft',
    );
    expect(open.map((change: { id: string }) => change.id)).not.toContain(id);
    expect((await step(adam, open[0].id, 'discard')).status).toBe(200);
  });

  it('says who else has a file open, forgets who closed it, and only in team mode', async () => {
    const [ana, rita] = [await signIn('ana'), await signIn('rita')];
    const open = (session: string, method = 'PUT') => as(session, `/api/presence/${chairman}`, { method, headers: { Origin: editor.origin } });
    expect((await open(ana)).body).toEqual({ others: [] });
    expect((await open(rita)).body).toEqual({ others: ['ana'] });
    expect((await open(ana)).body).toEqual({ others: ['rita'] });
    expect((await open(ana, 'DELETE')).status).toBe(204);
    expect((await open(rita)).body).toEqual({ others: [] });
    expect((await as(undefined, `/api/presence/${chairman}`, { method: 'PUT' })).status).toBe(401);
  });

  it('keeps a new event and a new English version in the writer’s change until it is published, and commits nothing directly', async () => {
    const [ana, rita, adam] = [await signIn('ana'), await signIn('rita'), await signIn('adam')];
    const event = 'zh_TW/events/2024-team-tree-planting.md';
    const english = 'en/pages/saisiyat.yaml';
    const model = (await as(ana, '/api/files/zh_TW/events/2023-beach-cleanup.md')).body;
    const create = (path: string, data: unknown, body?: string) =>
      as(ana, `/api/files/${path}`, { method: 'PUT', json: body === undefined ? { data } : { data, body }, headers: { 'If-None-Match': '*' } });
    const made = await create(
      event,
      { ...model.data, id: '2024-team-tree-planting', title: '員工植樹日', date: '2024-03-12' },
      '同仁在廠區周邊種下百棵原生樹苗。',
    );
    expect(made.status, made.text).toBe(201);
    const translated = await create(english, (await as(ana, '/api/files/zh_TW/pages/saisiyat.yaml')).body.data);
    expect(translated.status, translated.text).toBe(201);
    expect(existsSync(join(content(), event))).toBe(false);
    expect(existsSync(join(content(), english))).toBe(false);
    expect((await create(event, { ...model.data, title: '員工植樹日' })).status).toBe(412);

    // The writer sees the files in their list and opens them; nobody else does before publishing.
    const listed = (session: string) => as(session, '/api/files').then((answer) => answer.body.files.map((file: { path: string }) => file.path));
    expect(await listed(ana)).toEqual(expect.arrayContaining([event, english]));
    expect(await listed(rita)).not.toContain(event);
    expect((await as(ana, `/api/files/${event}`)).body.data.title).toBe('員工植樹日');
    expect((await as(rita, `/api/files/${event}`)).status).toBe(404);
    const saved = await save(ana, event, (data) => (data.title = '員工植樹日：百棵原生樹'));
    expect(saved.status, saved.text).toBe(200);
    // A picture uploaded for it is held in the change too, and committed with it.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const uploaded = await as(ana, `/api/assets?name=${encodeURIComponent('植樹日.png')}`, {
      method: 'POST',
      bytes: photo,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const held = (await as(ana, '/api/changes')).body.changes.find(
      (change: { author: string; state: string }) => change.author === 'ana' && change.state === 'draft',
    );
    expect(held.files).toEqual(expect.arrayContaining([event, english, 'assets/images/植樹日.png']));
    expect(git('-c', 'core.quotePath=false', 'status', '--porcelain', '--', 'content/assets/images')).toContain('植樹日.png');

    const id = (await as(ana, '/api/changes')).body.changes.find(
      (change: { author: string; state: string }) => change.author === 'ana' && change.state === 'draft',
    ).id;
    expect((await step(ana, id, 'submit', { comment: '新增植樹活動與賽夏頁英文版' })).status).toBe(200);
    expect((await step(rita, id, 'approve')).status).toBe(200);
    const published = await step(adam, id, 'publish');
    expect(published.status, published.text).toBe(200);
    expect(readFileSync(join(content(), event), 'utf8')).toContain('員工植樹日：百棵原生樹');
    // A translation made from the Chinese text starts unpublished, in the change as anywhere.
    expect(readFileSync(join(content(), english), 'utf8')).toMatch(/^# unpublished translation:/m);
    expect(git('-c', 'core.quotePath=false', 'show', '--name-status', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'A\tcontent/assets/images/植樹日.png',
      `A\tcontent/${english}`,
      `A\tcontent/${event}`,
    ]);
    expect((await as(ana, '/api/git/commit', { method: 'POST', json: { message: 'x' } })).status).toBe(403);
  });

  it('keeps a session over a restart as a hash of its id, and ends it when the password is reset or the account removed', async () => {
    const eve = 'eve writes 2025';
    await addAccount(team, 'eve', 'writer', eve);
    const signedIn = await as(undefined, '/api/session', { method: 'POST', json: { name: 'eve', password: eve } });
    const session = signedIn.headers['set-cookie']![0]!.split(';')[0]!;
    const id = session.split('=')[1]!;
    const kept = readFileSync(join(team, 'sessions.json'), 'utf8');
    expect(kept).not.toContain(id);
    // A server started again on the same team folder knows the session.
    const salt = () => findAccount(team, 'eve')?.password.salt;
    expect(teamSessions(team).find(id, salt)).toBe('eve');
    expect(teamSessions(team).find(`${id}x`, salt)).toBeUndefined();
    expect((await as(session, '/api/files')).status).toBe(200);
    await resetPassword(team, 'eve', 'eve has a new password');
    expect((await as(session, '/api/files')).status).toBe(401);
    const again = await as(undefined, '/api/session', { method: 'POST', json: { name: 'eve', password: 'eve has a new password' } });
    const second = again.headers['set-cookie']![0]!.split(';')[0]!;
    expect((await as(second, '/api/files')).status).toBe(200);
    removeAccount(team, 'eve');
    expect((await as(second, '/api/files')).status).toBe(401);
  });

  it('keeps no password in any file of the team folder', () => {
    const files = (folder: string): string[] =>
      readdirSync(folder).flatMap((name) => (statSync(join(folder, name)).isDirectory() ? files(join(folder, name)) : [join(folder, name)]));
    const written = files(team);
    expect(written.some((file) => file.endsWith('change.json'))).toBe(true);
    for (const file of written) for (const password of Object.values(passwords)) expect(readFileSync(file, 'utf8'), file).not.toContain(password);
  });
});

describe('esg edit --team: the sign-in page', () => {
  it('asks a zh-TW colleague for the account and password in Chinese, says so when one is wrong, and opens the editor as theirs', async () => {
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ locale: 'zh-TW' })).newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${editor.origin}/`);
      await page.getByRole('heading', { name: '登入以編輯報告書' }).waitFor();
      await page.getByLabel('帳號').fill('ana');
      await page.getByLabel('密碼').fill('not her password');
      await page.getByRole('button', { name: '登入' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBe('帳號或密碼不正確。');
      await page.getByLabel('密碼').fill(passwords.ana);
      await page.getByRole('button', { name: '登入' }).click();
      await page.locator('nav.files').waitFor({ timeout: 60_000 });
      await expect(page.locator('.top .member').textContent()).resolves.toContain('ana（撰稿）');
      await page.getByRole('region', { name: '審閱中的修改' }).waitFor();
      await page.getByRole('button', { name: '登出' }).click();
      await page.getByRole('heading', { name: '登入以編輯報告書' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('esg edit --team: a review in the browser', () => {
  it('takes two writers and a reviewer in zh-TW through writing, submitting, a return with a comment, the fix, approval and publishing', async () => {
    const president = 'zh_TW/pages/president.yaml';
    const people = { mei: 'writer', hao: 'writer', lin: 'reviewer' } as const;
    for (const [name, role] of Object.entries(people)) await addAccount(team, name, role, `${name} works 2025`, `${name}@example.test`);
    const browser = await launchBrowser();
    const errors: string[] = [];
    /** A colleague's browser, signed in through the sign-in page. */
    const colleague = async (name: string, password = `${name} works 2025`) => {
      const page = await (await browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 900 } })).newPage();
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${editor.origin}/`);
      await page.getByLabel('帳號').fill(name);
      await page.getByLabel('密碼').fill(password);
      await page.getByRole('button', { name: '登入' }).click();
      await page.locator('nav.files').waitFor({ timeout: 60_000 });
      return page;
    };
    const write = async (page: Page, path: string, lead: (text: string) => string) => {
      await page.goto(`${editor.origin}/#${path}`);
      const field = page.locator('#root_lead');
      await field.waitFor({ timeout: 60_000 });
      await field.fill(lead(await field.inputValue()));
      await page.locator('button.save').first().click();
      await page.getByText('已存入您的修改，等待審閱').first().waitFor({ timeout: 60_000 });
    };
    const changes = (page: Page) => page.getByRole('region', { name: '審閱中的修改' });
    /** The author's change in the panel (other tests' changes wait there too). */
    const changeOf = (page: Page, author: string) =>
      changes(page)
        .locator('li')
        .filter({ has: page.locator('strong', { hasText: new RegExp(`^${author}$`) }) });
    try {
      const mei = await colleague('mei');
      const hao = await colleague('hao');
      await write(mei, president, (text) => `${text}（初稿）`);
      // The other writer opens the same page: they see who has it open before anyone saves over the other.
      await hao.goto(`${editor.origin}/#${president}`);
      await hao.getByText('mei 也開著這一頁').waitFor({ timeout: 60_000 });
      // They work on another page instead; their change waits as a draft.
      await write(hao, 'zh_TW/pages/about.yaml', (text) => `${text}（郝的補充）`);
      await changeOf(mei, 'mei').getByText('總經理的話').first().waitFor();
      // Submitting asks what changed and why: the history shows it with the change.
      await changeOf(mei, 'mei').getByRole('button', { name: '送審' }).click();
      await changeOf(mei, 'mei').getByLabel('請簡述這次修改的內容與原因（會記在修改紀錄中）：').fill('總經理的話補上初稿說明');
      await changeOf(mei, 'mei').getByRole('button', { name: '送審' }).click();
      await changeOf(mei, 'mei').filter({ hasText: '已送審' }).waitFor();
      await changeOf(mei, 'mei').getByText('修改說明：總經理的話補上初稿說明').waitFor();

      const lin = await colleague('lin');
      await changeOf(lin, 'mei').getByRole('button', { name: '退回' }).click();
      await changeOf(lin, 'mei').getByLabel('請說明作者需要修改的地方：').fill('請寫明 2024 年的減碳成果。');
      await changeOf(lin, 'mei').getByRole('button', { name: '退回' }).click();
      await mei.reload();
      await changeOf(mei, 'mei').getByText('lin 退回：請寫明 2024 年的減碳成果。').waitFor({ timeout: 60_000 });

      await write(mei, president, (text) => text.replace('（初稿）', '（2024 年減碳 5.2%）'));
      await changeOf(mei, 'mei').getByRole('button', { name: '送審' }).click();
      await changeOf(mei, 'mei').getByLabel('請簡述這次修改的內容與原因（會記在修改紀錄中）：').fill('總經理的話寫明 2024 年減碳成果');
      await changeOf(mei, 'mei').getByRole('button', { name: '送審' }).click();
      await changeOf(mei, 'mei').filter({ hasText: '已送審' }).waitFor();
      await lin.reload();
      await changeOf(lin, 'mei').getByRole('button', { name: '核准' }).click();
      await changeOf(lin, 'mei').filter({ hasText: '已核准' }).waitFor();

      const adam = await colleague('adam', passwords.adam);
      await changeOf(adam, 'mei').getByRole('button', { name: '發布' }).click();
      await changes(adam)
        .getByText(/已發布（版本 [0-9a-f]{7}）/)
        .waitFor({ timeout: 120_000 });
      await changeOf(adam, 'mei').waitFor({ state: 'detached' });
      expect(readFileSync(join(content(), president), 'utf8')).toContain('（2024 年減碳 5.2%）');
      expect(git('log', '-1', '--format=%an <%ae>')).toBe('mei <mei@example.test>');
      expect(git('log', '-1', '--format=%s')).toBe('總經理的話寫明 2024 年減碳成果');
      expect(git('log', '-1', '--format=%(trailers:key=Approved-by,valueonly)')).toBe('lin <lin@example.test>');
      // The built site has it (the preview is the site built from content/).
      const built = async () => (await adam.request.get(`${editor.origin}/preview/zh_TW/president`)).text();
      await expect.poll(built, { timeout: 120_000 }).toContain('（2024 年減碳 5.2%）');
      // The other writer's draft is still theirs alone; they throw it away, and their form shows the published text.
      expect(readFileSync(join(content(), 'zh_TW/pages/about.yaml'), 'utf8')).not.toContain('郝的補充');
      hao.once('dialog', (dialog) => void dialog.accept());
      await changeOf(hao, 'hao').getByRole('button', { name: '捨棄' }).click();
      await changes(hao).getByText('已捨棄這筆修改：檔案維持目前發布的版本。').waitFor();
      await expect.poll(() => hao.locator('#root_lead').inputValue(), { timeout: 30_000 }).not.toContain('郝的補充');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 300_000);
});

describe('esg edit --team: accessibility', () => {
  it.each([390, 1280])('has no axe violation on the sign-in page, the changes under review and what a change would publish, and fits %i px', async (width) => {
    // A change waiting for review, so that the panel lists one with its steps.
    // An account of its own: another test tried carla's password until she was locked out.
    const name = `dora${width}` as keyof typeof passwords;
    await addAccount(team, name, 'writer', `${name} writes 2025`);
    const answer = await as(undefined, '/api/session', { method: 'POST', json: { name, password: `${name} writes 2025` } });
    const writer = answer.headers['set-cookie']![0]!.split(';')[0]!;
    expect((await save(writer, 'zh_TW/pages/president.yaml', (data) => (data.title = `${data.title}（${width}）`))).status).toBe(200);
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ locale: 'zh-TW', viewport: { width, height: 900 } })).newPage();
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
      await page.goto(`${editor.origin}/`);
      await page.getByRole('heading', { name: '登入以編輯報告書' }).waitFor();
      expect(await violations(page)).toEqual([]);
      expect(await fits()).toBe(true);
      await page.getByLabel('帳號').fill(name);
      await page.getByLabel('密碼').fill(`${name} writes 2025`);
      await page.getByRole('button', { name: '登入' }).click();
      const changes = page.getByRole('region', { name: '審閱中的修改' });
      await changes.waitFor({ timeout: 60_000 });
      await changes.getByText('president.yaml', { exact: false }).first().waitFor();
      expect(await violations(page)).toEqual([]);
      expect(await fits()).toBe(true);
      // What the change would publish: the field by its title, the published text and the new one.
      const own = changes.locator('li').filter({ has: page.locator('strong', { hasText: new RegExp(`^${name}$`) }) });
      await own.getByRole('button', { name: '查看修改內容' }).click();
      const view = page.getByRole('dialog', { name: `${name} 的修改將發布的內容` });
      await view.getByText(`（${width}）`, { exact: false }).waitFor();
      await expect(view.locator('.change-values li strong').first().textContent()).resolves.toBe('頁面標題');
      expect(await violations(page)).toEqual([]);
      expect(await fits()).toBe(true);
      await view.getByRole('button', { name: '關閉' }).click();
      await view.waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  });
});

describe('esg edit --team --trusted-header', () => {
  it("takes the account from the proxy's header, its role applying, and refuses a name without an account", async () => {
    const proxied = await startEdit({
      contentDir: content(),
      outDir: join(tempDir(), 'out'),
      port: 0,
      team: { dataDir: team, trustedHeader: 'X-Remote-User' },
    });
    const by = (name: string | undefined, path: string, options: Parameters<typeof call>[2] = {}) =>
      call(proxied, path, { ...options, token: false, headers: name ? { 'X-Remote-User': name } : {} });
    try {
      expect((await by(undefined, '/api/files')).body.error).toMatch(/X-Remote-User/);
      expect((await by('stranger', '/api/files')).status).toBe(401);
      expect((await by('rita', '/api/session')).body).toEqual({
        mode: 'team',
        member: { name: 'rita', role: 'reviewer', email: 'rita@example.test' },
        signIn: 'proxy',
      });
      const id = (await by('ana', '/api/changes')).body.changes.find((change: { author: string }) => change.author === 'rita').id;
      expect((await by('ana', `/api/changes/${id}/approve`, { method: 'POST' })).status).toBe(403);
      expect((await by(undefined, '/api/session', { method: 'POST', json: { name: 'ana', password: passwords.ana } })).status).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('esg users and esg edit --team, the commands', () => {
  const esg = (args: string[], input = '') =>
    spawnSync(process.execPath, [join(repoRoot, 'bin/esg.js'), 'users', ...args], { cwd: repository, input, encoding: 'utf8' });

  it('adds, lists, resets and removes accounts, the password read from standard input', async () => {
    const data = join(tempDir(), 'accounts');
    expect(esg(['add', 'mei', '--role', 'reviewer', '--email', 'mei@example.test', '--data', data], 'mei has a long password\n').status).toBe(0);
    expect(esg(['list', '--data', data]).stdout).toBe('mei  reviewer  mei@example.test\n');
    const kept = readFileSync(join(data, 'accounts.json'), 'utf8');
    expect(kept).not.toContain('mei has a long password');
    expect(JSON.parse(kept).accounts[0].password).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 3 });
    expect(esg(['reset', 'mei', '--data', data], 'a new long password\n').status).toBe(0);
    expect(JSON.parse(readFileSync(join(data, 'accounts.json'), 'utf8')).accounts[0].password.hash).not.toBe(JSON.parse(kept).accounts[0].password.hash);
    expect(esg(['remove', 'mei', '--data', data]).status).toBe(0);
    expect(esg(['list', '--data', data]).stdout).toBe(`no accounts in ${data}\n`);
  });

  it('esg edit --team prints its address once the preview is built, and there a member signs in', async () => {
    const running = spawn(
      process.execPath,
      [join(repoRoot, 'bin/esg.js'), 'edit', '--team', '--content', content(), '--out', join(tempDir(), 'out'), '--data', team, '--port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const origin = await new Promise<string>((found, fail) => {
        let printed = '';
        running.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const match = /^Editing .* for the team at (http:\/\/127\.0\.0\.1:\d+)\/ \(accounts in .*\)$/m.exec(printed);
          if (match) found(match[1]!);
        });
        running.once('exit', (code) => fail(new Error(`esg edit exited with ${code}: ${printed}`)));
      });
      expect((await fetch(`${origin}/api/files`)).status).toBe(401);
      const signedIn = await fetch(`${origin}/api/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'adam', password: passwords.adam }),
      });
      expect(signedIn.status).toBe(200);
      expect((await fetch(`${origin}/api/files`, { headers: { Cookie: signedIn.headers.get('set-cookie')!.split(';')[0]! } })).status).toBe(200);
    } finally {
      running.kill();
    }
  });

  it('refuses a short password, an unknown role, a known name and a folder inside content/ or out/, each with its code', () => {
    const data = join(tempDir(), 'accounts');
    expect(esg(['add', 'mei', '--role', 'writer', '--data', data], 'short\n')).toMatchObject({ status: 2, stderr: expect.stringContaining('ESG8021') });
    expect(esg(['add', 'mei', '--role', 'boss', '--data', data])).toMatchObject({ status: 2, stderr: expect.stringContaining('ESG8018') });
    expect(esg(['add', 'mei', '--role', 'writer', '--data', data], 'long enough here\n').status).toBe(0);
    expect(esg(['add', 'mei', '--role', 'writer', '--data', data], 'long enough here\n')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('ESG8019'),
    });
    expect(esg(['remove', 'nobody', '--data', data])).toMatchObject({ status: 2, stderr: expect.stringContaining('ESG8020') });
    expect(runEsg(['edit', '--team', '--content', content(), '--data', join(tempDir(), 'empty'), '--port', '0'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('ESG8022'),
    });
    expect(runEsg(['edit', '--content', content(), '--origin', publicOrigin])).toMatchObject({ code: 2, stderr: expect.stringContaining('add --team') });
    for (const inside of ['content/.esg-team', 'out/team'])
      expect(esg(['add', 'mei', '--role', 'writer', '--data', inside], 'long enough here\n')).toMatchObject({
        status: 2,
        stderr: expect.stringContaining('ESG8016'),
      });
  });
});
