import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningEditor } from '../../cli/edit/server.ts';
import { startEdit } from '../../cli/edit/server.ts';
import { addAccount } from '../../cli/edit/team/accounts.ts';
import { sampleContent, tempDir } from '../helpers/site.ts';
import { commitAs } from '../helpers/gitAs.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { call } from './editor.ts';

// A file's changes as Git recorded them, in words; and a change undone as a new change: saved
// into content/ by the one person of `esg edit`, into the member's change in team mode.

const beach = 'zh_TW/events/2023-beach-cleanup.md';
const about = 'zh_TW/pages/about.yaml';
const training = 'zh_TW/events/2024-integrity-training.md';

let repository: string;
const content = () => join(repository, 'content');
const git = (...args: string[]) => execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
const read = (path: string) => readFileSync(join(content(), path), 'utf8');
const committed = (commit: string, path: string) => execFileSync('git', ['show', `${commit}:content/${path}`], { cwd: repository, encoding: 'utf8' });
/** Changes a content file's text in place, and fails the test when the text was not there. */
const edit = (path: string, from: string, to: string) => {
  const text = read(path);
  expect(text, `${path} holds ${from}`).toContain(from);
  writeFileSync(join(content(), path), text.replace(from, to));
};
const commits = {} as Record<'sample' | 'title' | 'summary' | 'about' | 'training', string>;

/** The sample content committed by the machine, then four changes by three people. */
beforeAll(() => {
  repository = tempDir();
  cpSync(sampleContent, content(), { recursive: true });
  git('init', '--quiet', '--initial-branch=main');
  commits.sample = commitAs(repository, 'The Machine', 'machine@example.test', '2025-09-01T08:00:00+08:00', 'sample content');
  edit(beach, 'title: "黃金海岸淨灘行動"', 'title: "2023 黃金海岸淨灘行動"');
  commits.title = commitAs(repository, '林安', 'an@example.test', '2025-10-03T14:20:00+08:00', '活動標題加上年份');
  edit(beach, '半天內清出近 500 公斤海洋廢棄物', '半天內清出近五百公斤海洋廢棄物');
  edit(beach, '響應世界海洋日', '為響應世界海洋日');
  commits.summary = commitAs(
    repository,
    '陳美',
    'mei@example.test',
    '2025-10-06T09:05:00+08:00',
    '摘要的數字改用中文寫法\n\n內文開頭也順過一次。\n\nApproved-by: 張琳 <lin@example.test>',
  );
  edit(about, 'heading: 編製依據', 'heading: 編製依據與準則');
  edit(about, '[台南精密線材廠, 台南市, 精密線材與特殊導體製造, 納入]', '[台南精密線材廠, 台南市, 精密線材、特殊導體與焊線製造, 納入]');
  commits.about = commitAs(repository, '陳美', 'mei@example.test', '2025-10-07T10:00:00+08:00', '補上焊線產品');
  edit(training, /^title: .*$/m.exec(read(training))![0], 'title: "誠信經營教育訓練（全員版）"');
  commits.training = commitAs(repository, '林安', 'an@example.test', '2025-10-03T14:20:00+08:00', '標題註明全員參加');
});

/** A request to `editor`: with its token in single-person mode, with the session cookie `session` in team mode. */
const ask = (editor: RunningEditor, path: string, options: Parameters<typeof call>[2] & { session?: string } = {}) =>
  call(editor, path, { ...options, ...(options.session ? { token: false, headers: { Cookie: options.session, ...options.headers } } : {}) });

/** Undoes `commit`'s change of `path` over the version the asker has open. */
async function undo(editor: RunningEditor, path: string, commit: string, session?: string) {
  const opened = await ask(editor, `/api/files/${path}`, { session });
  return ask(editor, `/api/history/${path}/undo`, { method: 'POST', json: { commit }, headers: { 'If-Match': opened.headers.etag! }, session });
}

describe('esg edit: a file’s history and undo', () => {
  let editor: RunningEditor;
  beforeAll(async () => {
    editor = await startEdit({ contentDir: content(), outDir: join(tempDir(), 'out'), port: 0 });
  });
  afterAll(() => editor?.close());

  it('lists the commits that changed the file, newest first, with who, when, why, the approver and the fields they changed', async () => {
    const answer = await ask(editor, `/api/history/${beach}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      tracked: true,
      entries: [
        {
          commit: commits.summary,
          author: '陳美',
          email: 'mei@example.test',
          date: '2025-10-06T09:05:00+08:00',
          message: '摘要的數字改用中文寫法\n\n內文開頭也順過一次。',
          approvedBy: '張琳',
          fields: ['summary', 'body'],
        },
        { commit: commits.title, author: '林安', email: 'an@example.test', date: '2025-10-03T14:20:00+08:00', message: '活動標題加上年份', fields: ['title'] },
        {
          commit: commits.sample,
          author: 'The Machine',
          email: 'machine@example.test',
          date: '2025-09-01T08:00:00+08:00',
          message: 'sample content',
          fields: [],
          added: true,
        },
      ],
    });
    const nested = (await ask(editor, `/api/history/${about}`)).body.entries[0];
    expect(nested).toMatchObject({ commit: commits.about, fields: ['sections/0/blocks/1/rows/2/2', 'sections/1/heading'] });
  });

  it('refuses what is not a content file as the file routes do, and says when the content keeps no history', async () => {
    expect((await ask(editor, '/api/history/zh_TW/events/nothing-here.md')).status).toBe(404);
    expect((await ask(editor, '/api/history/zh_TW/../site.yaml')).status).toBe(400);
    expect((await ask(editor, `/api/history/${beach}`, { token: false })).status).toBe(401);
    renameSync(join(repository, '.git'), join(repository, '.git-away'));
    try {
      expect((await ask(editor, `/api/history/${beach}`)).body).toEqual({ tracked: false, entries: [] });
    } finally {
      renameSync(join(repository, '.git-away'), join(repository, '.git'));
    }
  });

  it('undoes a change by saving the version from before it into content/, the later changes of other fields kept out too', async () => {
    const answer = await undo(editor, beach, commits.summary);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ path: beach, etag: answer.headers.etag, changed: true });
    expect(read(beach)).toBe(committed(commits.title, beach));
    expect(read(beach)).toContain('半天內清出近 500 公斤海洋廢棄物');
    expect(read(beach)).toContain('title: "2023 黃金海岸淨灘行動"');
    expect((await ask(editor, `/api/files/${beach}`)).headers.etag).toBe(answer.headers.etag);
    // Undone again: the file is already as it was before the change.
    expect((await undo(editor, beach, commits.summary)).body.changed).toBe(false);
  });

  it('refuses a malformed hash (400), an unknown commit (404), a commit that did not change the file or made it (409), and a stale ETag (412)', async () => {
    const opened = await ask(editor, `/api/files/${beach}`);
    const post = (json: unknown, etag = opened.headers.etag!) =>
      ask(editor, `/api/history/${beach}/undo`, { method: 'POST', json, headers: { 'If-Match': etag } });
    expect((await post({ commit: 'HEAD~1' })).status).toBe(400);
    expect((await post({ commit: `${commits.title};rm` })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post({ commit: 'deadbeef'.repeat(5) })).status).toBe(404);
    const untouched = await post({ commit: commits.about });
    expect(untouched.status).toBe(409);
    expect(untouched.body.error).toMatch(/did not change/);
    const made = await post({ commit: commits.sample });
    expect(made.status).toBe(409);
    expect(made.body.error).toMatch(/no earlier version/);
    const stale = await post({ commit: commits.title }, '"sha256-not-the-file"');
    expect(stale.status).toBe(412);
    expect((await ask(editor, `/api/history/${beach}/undo`, { method: 'POST', json: { commit: commits.title } })).status).toBe(428);
    expect((await ask(editor, `/api/history/${beach}/undo`)).status).toBe(405);
    expect(read(beach)).toContain('title: "2023 黃金海岸淨灘行動"');
  });
  it('undoes a change from the history in Chromium and says it is saved', async () => {
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei' })).newPage();
      await page.goto(editor.url);
      await page.goto(`${editor.origin}/#${beach}`);
      await page.locator('#root_title').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: '修改紀錄' }).click();
      const entry = page.getByRole('region', { name: '修改紀錄' }).getByRole('listitem').filter({ hasText: '林安' });
      await expect(entry.textContent()).resolves.toMatch(/^林安・2025\/10\/03（星期五）14:20修改了：活動標題說明：活動標題加上年份/);
      page.once('dialog', (dialog) => void dialog.accept());
      await entry.getByRole('button', { name: '還原這次修改' }).click();
      await page.getByText(/^已還原這次修改。已儲存/).waitFor({ timeout: 60_000 });
      await expect(page.locator('#root_title').inputValue()).resolves.toBe('黃金海岸淨灘行動');
      expect(read(beach)).toBe(committed(commits.sample, beach));
    } finally {
      await browser.close();
    }
  }, 120_000);
});

describe('esg edit --team: undo as a change under review', () => {
  let editor: RunningEditor;
  let folder: string;
  const team = () => folder;
  const password = (name: string) => `${name} works on the report`;
  const signIn = async (name: string) => {
    const answer = await call(editor, '/api/session', { method: 'POST', json: { name, password: password(name) }, token: false });
    expect(answer.status, answer.text).toBe(200);
    return answer.headers['set-cookie']![0]!.split(';')[0]!;
  };
  beforeAll(async () => {
    folder = join(tempDir(), 'team');
    git('add', '-A');
    git('-c', 'user.name=The Machine', '-c', 'user.email=machine@example.test', 'commit', '--quiet', '--allow-empty', '-m', 'the undone summary');
    for (const [name, role] of [
      ['ana', 'writer'],
      ['rita', 'reviewer'],
      ['adam', 'admin'],
      ['mei', 'writer'],
      ['dora', 'writer'],
    ] as const)
      await addAccount(team(), name, role, password(name), `${name}@example.test`);
    editor = await startEdit({ contentDir: content(), outDir: join(tempDir(), 'out'), port: 0, team: { dataDir: team() } });
  });
  afterAll(() => editor?.close());

  it("puts the undone change into the member's change, leaves content/ alone until it is approved and published, then records who approved it", async () => {
    const [ana, rita, adam] = [await signIn('ana'), await signIn('rita'), await signIn('adam')];
    expect((await ask(editor, `/api/history/${about}`)).status).toBe(401);
    const before = read(about);
    const answer = await undo(editor, about, commits.about, ana);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ path: about, changed: true });
    expect(read(about)).toBe(before);
    expect((await ask(editor, `/api/files/${about}`, { session: ana })).body.data.sections[1].heading).toBe('編製依據');
    expect((await ask(editor, `/api/files/${about}`, { session: rita })).body.data.sections[1].heading).toBe('編製依據與準則');
    const change = (await ask(editor, '/api/changes', { session: ana })).body.changes.find((listed: { author: string }) => listed.author === 'ana');
    expect(change).toMatchObject({ state: 'draft', files: [about] });

    const step = (session: string, name: string) => ask(editor, `/api/changes/${change.id}/${name}`, { method: 'POST', session });
    expect((await step(ana, 'submit')).status).toBe(200);
    expect((await step(rita, 'approve')).status).toBe(200);
    expect(read(about)).toBe(before);
    const published = await step(adam, 'publish');
    expect(published.status, published.text).toBe(200);
    expect(read(about)).toBe(committed(commits.sample, about));

    const newest = (await ask(editor, `/api/history/${about}`, { session: rita })).body.entries[0];
    expect(newest).toMatchObject({
      commit: published.body.commit,
      author: 'ana',
      approvedBy: 'rita',
      fields: ['sections/0/blocks/1/rows/2/2', 'sections/1/heading'],
    });
    expect(newest.message).not.toMatch(/Approved-by/);
  });

  it('shows a zh-TW member the history in words and undoes a change from it, into their change', async () => {
    const browser = await launchBrowser();
    try {
      const page = await memberPage(browser, 'mei', 1280);
      await page.goto(`${editor.origin}/#${training}`);
      await page.locator('#root_title').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: '修改紀錄' }).click();
      const history = page.getByRole('region', { name: '修改紀錄' });
      const entry = history.getByRole('listitem').filter({ hasText: '2025/10/03（星期五）14:20' });
      await entry.waitFor();
      await expect(entry.textContent()).resolves.toMatch(/林安.*2025\/10\/03（星期五）14:20.*活動標題.*標題註明全員參加/);
      const shown = (await history.textContent())!;
      for (const hidden of [commits.training.slice(0, 7), 'zh_TW/', 'commit', 'Git']) expect(shown).not.toContain(hidden);
      page.once('dialog', (dialog) => void dialog.accept());
      await entry.getByRole('button', { name: '還原這次修改' }).click();
      await page.getByText('已把還原放進你的修改，送審並核准後才會發布').waitFor({ timeout: 60_000 });
      await expect(page.locator('#root_title').inputValue()).resolves.toBe(/^title: "?(.*?)"?$/m.exec(committed(commits.sample, training))![1]);
      expect(read(training)).toContain('誠信經營教育訓練（全員版）');

      // A published change: its approver in words, and no note where the editor wrote only the file's name.
      await page.goto(`${editor.origin}/#${about}`);
      await page.locator('#root_title').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: '修改紀錄' }).click();
      const published = page.getByRole('region', { name: '修改紀錄' }).getByRole('listitem').first();
      await published.getByText('核准：rita').waitFor();
      expect(await published.textContent()).toMatch(/^ana・.*修改了：章節 1 › 內容區塊 2 › 表格列 3.*、章節 2 › 標題/);
      expect(await published.textContent()).not.toMatch(/zh_TW|說明：/);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it.each([390, 1280])(
    'has no axe violation on the history view at %i px',
    async (width) => {
      const browser = await launchBrowser();
      try {
        const page = await memberPage(browser, 'dora', width);
        await page.goto(`${editor.origin}/#${beach}`);
        await page.locator('#root_title').waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: '修改紀錄' }).click();
        await page.getByRole('region', { name: '修改紀錄' }).getByRole('listitem').first().waitFor();
        await page.getByText('核准：張琳').waitFor();
        expect(await violations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );

  /** A member's page in a zh-TW browser in Taipei's time, signed in through the sign-in form. */
  async function memberPage(browser: Browser, name: string, width: number): Promise<Page> {
    const page = await (await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei', viewport: { width, height: 900 } })).newPage();
    await page.goto(`${editor.origin}/`);
    await page.getByLabel('帳號').fill(name);
    await page.getByLabel('密碼').fill(password(name));
    await page.getByRole('button', { name: '登入' }).click();
    await page.locator('nav.files').waitFor({ timeout: 60_000 });
    return page;
  }
});
