import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdit, type RunningEditor } from '../../cli/edit/server.ts';
import { addAccount } from '../../cli/edit/team/accounts.ts';
import { commitAs } from '../helpers/gitAs.ts';
import { sampleContent, tempDir } from '../helpers/site.ts';
import { call, editorInBrowser, openEditorPage } from './editor.ts';

// The assurer's questions on a metric, in the editor: who answers for a figure, where it is read
// from, how it is calculated, what proves it (evidence files, downloaded and uploaded) and how its
// value changed (from Git); and a warning, as the form changes, where an assured year lacks them.

const metric = 'ghg-project-reduction';
const registry = (content: string) => join(content, 'metrics.yaml');

/** The sample content committed by one person, then the metric's 2024 figure corrected by another, whose change a third approved. */
const setup = editorInBrowser((content) => {
  execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: content });
  commitAs(content, 'The Machine', 'machine@example.test', '2025-01-15T09:00:00+08:00', '範例內容');
  const before = readFileSync(registry(content), 'utf8');
  const after = before.replace('values: { 2022: 12905, 2023: 15420, 2024: 18886 }', 'values: { 2022: 12905, 2023: 15420, 2024: 18421 }');
  expect(after).not.toBe(before);
  writeFileSync(registry(content), after);
  commitAs(content, 'mei', 'mei@example.test', '2025-03-02T10:00:00+08:00', '依量測與驗證報告更正節能專案減碳量\n\nApproved-by: rita <rita@example.test>');
});
const api = (path: string, options: Parameters<typeof call>[2] = {}) => call(setup.editor, path, options);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

describe("a figure's history", () => {
  it('answers each year’s changes of the figure, newest first: who, when, the value before and after, the message and the approver', async () => {
    const answer = await api(`/api/figures/${metric}/history`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.tracked).toBe(true);
    expect(Object.keys(answer.body.years).sort()).toEqual(['2022', '2023', '2024']);
    expect(answer.body.years['2024']).toEqual([
      { author: 'mei', date: '2025-03-02T10:00:00+08:00', message: '依量測與驗證報告更正節能專案減碳量', approvedBy: 'rita', from: 18886, to: 18421 },
      { author: 'The Machine', date: '2025-01-15T09:00:00+08:00', message: '範例內容', to: 18886 },
    ]);
    expect(answer.body.years['2023']).toEqual([{ author: 'The Machine', date: '2025-01-15T09:00:00+08:00', message: '範例內容', to: 15420 }]);
  });

  it('marks a restated figure, and has no history for a metric the registry does not have', async () => {
    const restated = (await api('/api/figures/ghg-scope2/history')).body.years['2023'];
    expect(restated).toHaveLength(1);
    expect(restated[0].restated.zh_TW).toMatch(/^依主管機關公告之 2023 年電力排放係數/);
    expect((await api('/api/figures/no-such-metric/history')).body).toEqual({ tracked: true, years: {} });
    expect((await api('/api/figures/Not%20an%20id/history')).status).toBe(400);
    expect((await api(`/api/figures/${metric}/history`, { method: 'POST' })).status).toBe(405);
  });

  it('lists a change not yet committed, and reads the history again once it is committed (the file unchanged, the commit new)', async () => {
    const file = registry(setup.content);
    writeFileSync(file, readFileSync(file, 'utf8').replace('2024: 18421 }', '2024: 18500 }'));
    expect((await api(`/api/figures/${metric}/history`)).body.years['2024'][0]).toEqual({ uncommitted: true, from: 18421, to: 18500 });
    commitAs(setup.content, 'lin', 'lin@example.test', '2025-04-10T16:30:00+08:00', '補登第四季完成的專案');
    const years = (await api(`/api/figures/${metric}/history`)).body.years;
    expect(years['2024'].map((edit: { author: string }) => edit.author)).toEqual(['lin', 'mei', 'The Machine']);
    expect(years['2024'][0]).toEqual({ author: 'lin', date: '2025-04-10T16:30:00+08:00', message: '補登第四季完成的專案', from: 18421, to: 18500 });
  });
});

describe('evidence files', () => {
  it('lists a year’s files with their size and SHA-256, subfolders included', async () => {
    const answer = await api('/api/evidence/2024');
    expect(answer.status).toBe(200);
    const bytes = readFileSync(join(setup.content, 'evidence/2024/energy-saving-projects.md'));
    expect(answer.body.files).toContainEqual({ name: 'energy-saving-projects.md', size: bytes.length, sha256: sha256(bytes) });
    expect((await api('/api/evidence/2019')).body).toEqual({ year: '2019', files: [] });
  });

  it('sends a file as an attachment that is not kept, by its name as written', async () => {
    const answer = await api('/api/evidence/2024/energy-saving-projects.md');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(readFileSync(join(setup.content, 'evidence/2024/energy-saving-projects.md'), 'utf8'));
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="energy-saving-projects.md"; filename*=UTF-8''energy-saving-projects.md`);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect((await api('/api/evidence/2024/no-such-file.pdf')).status).toBe(404);
    expect((await api('/api/evidence/2024/.hidden')).status).toBe(400);
  });

  it('takes a new file under its readable name, never over an existing one (409), and the version panel lists it', async () => {
    const name = '節能專案-量測報告.pdf';
    const address = `/api/evidence/2024?name=${encodeURIComponent(name)}`;
    const uploaded = await api(address, { method: 'POST', bytes: pdf('first'), headers: { 'Content-Type': 'application/pdf' } });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body).toEqual({ year: '2024', name, size: pdf('first').length, sha256: sha256(pdf('first')) });
    expect(readFileSync(join(setup.content, 'evidence/2024', name)).equals(pdf('first'))).toBe(true);
    const again = await api(address, { method: 'POST', bytes: pdf('second'), headers: { 'Content-Type': 'application/pdf' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/another name/);
    expect(readFileSync(join(setup.content, 'evidence/2024', name)).equals(pdf('first'))).toBe(true);
    const download = await api(`/api/evidence/2024/${encodeURIComponent(name)}`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="____-____.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect((await api('/api/git')).body.changed).toContainEqual({ path: `evidence/2024/${name}`, status: '??' });
  });

  it.each([
    ['a name that leaves the folder', '2024?name=..%2Fsecret.pdf', 400],
    ['a name with a space', '2024?name=a%20b.pdf', 400],
    ['a name starting with a dot', '2024?name=.hidden.pdf', 400],
    ['an upper-case ending', '2024?name=report.PDF', 400],
    ['a year of two digits', '24?name=report.pdf', 400],
    ['a program', '2024?name=setup.exe', 415],
    ['a file named .pdf that is not one', '2024?name=not-really.pdf&plain', 415],
  ])('refuses %s', async (_, address, status) => {
    const bytes = address.endsWith('&plain') ? Buffer.from('just text') : pdf('x');
    const answer = await api(`/api/evidence/${address}`, { method: 'POST', bytes });
    expect(answer.status, answer.text).toBe(status);
    expect(existsSync(join(setup.content, 'evidence/2024/not-really.pdf'))).toBe(false);
  });

  it('is served by no address of the preview, and to nobody without the token', async () => {
    for (const path of [
      '/preview/evidence/2024/energy-saving-projects.md',
      '/evidence/2024/energy-saving-projects.md',
      '/zh_TW/evidence/2024/energy-saving-projects.md',
    ])
      expect((await api(path)).status, path).toBe(404);
    for (const path of ['/api/evidence/2024', '/api/evidence/2024/energy-saving-projects.md', `/api/figures/${metric}/history`])
      expect((await api(path, { token: false })).status, path).toBe(401);
    expect((await api('/api/evidence/2024?name=x.pdf', { method: 'POST', bytes: pdf('x'), token: false })).status).toBe(401);
  });
});

describe('evidence in team mode', () => {
  let editor: RunningEditor;
  let repository: string;
  const content = () => join(repository, 'content');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
  const passwords = { ana: 'ana writes 2025', rita: 'rita reviews 2025', adam: 'adam publishes 2025' };
  const as = (session: string | undefined, path: string, options: Parameters<typeof call>[2] = {}) =>
    call(editor, path, { ...options, token: false, headers: { ...(session ? { Cookie: session } : {}), ...options.headers } });
  const signIn = async (name: keyof typeof passwords) =>
    (await as(undefined, '/api/session', { method: 'POST', json: { name, password: passwords[name] } })).headers['set-cookie']![0]!.split(';')[0]!;

  beforeAll(async () => {
    repository = tempDir();
    const team = join(tempDir(), 'team');
    cpSync(sampleContent, content(), { recursive: true });
    git('init', '--quiet', '--initial-branch=main');
    commitAs(repository, 'The Machine', 'machine@example.test', '2025-01-15T09:00:00+08:00', 'sample content');
    await addAccount(team, 'ana', 'writer', passwords.ana, 'ana@example.test');
    await addAccount(team, 'rita', 'reviewer', passwords.rita, 'rita@example.test');
    await addAccount(team, 'adam', 'admin', passwords.adam);
    editor = await startEdit({ contentDir: content(), outDir: join(tempDir(), 'out'), port: 0, team: { dataDir: team } });
  });
  afterAll(() => editor?.close());

  it('answers 401 without a session, and the preview serves no evidence to a member', async () => {
    for (const path of [
      '/api/evidence/2024',
      '/api/evidence/2024/energy-saving-projects.md',
      `/api/figures/${metric}/history`,
      '/preview/evidence/2024/energy-saving-projects.md',
    ])
      expect((await as(undefined, path)).status, path).toBe(401);
    expect((await as(undefined, '/api/evidence/2024?name=x.pdf', { method: 'POST', bytes: pdf('x') })).status).toBe(401);
    const ana = await signIn('ana');
    expect((await as(ana, '/api/evidence/2024')).status).toBe(200);
    expect((await as(ana, `/api/figures/${metric}/history`)).body.years['2024']).toEqual([
      { author: 'The Machine', date: '2025-01-15T09:00:00+08:00', message: 'sample content', to: 18886 },
    ]);
    for (const path of ['/preview/evidence/2024/energy-saving-projects.md', '/evidence/2024/energy-saving-projects.md'])
      expect((await as(ana, path)).status, path).toBe(404);
  });

  it("holds an uploaded file in the member's change, and commits it with the change's registry when it is published", async () => {
    const [ana, rita, adam] = [await signIn('ana'), await signIn('rita'), await signIn('adam')];
    const name = '節能專案-量測報告.pdf';
    const uploaded = await as(ana, `/api/evidence/2024?name=${encodeURIComponent(name)}`, { method: 'POST', bytes: pdf('team') });
    expect(uploaded.status, uploaded.text).toBe(201);
    // In content/ at once (the build's checks find it; evidence is never published), not committed.
    expect(readFileSync(join(content(), 'evidence/2024', name)).equals(pdf('team'))).toBe(true);
    expect(git('-c', 'core.quotePath=false', 'status', '--porcelain', '--', 'content/evidence')).toBe(`?? content/evidence/2024/${name}`);

    const opened = await as(ana, '/api/files/metrics.yaml');
    const entry = opened.body.data.metrics.find((item: { id: string }) => item.id === metric);
    entry.evidence['2024'].push(name);
    const saved = await as(ana, '/api/files/metrics.yaml', { method: 'PUT', json: { data: opened.body.data }, headers: { 'If-Match': opened.headers.etag! } });
    expect(saved.status, saved.text).toBe(200);
    const [change] = (await as(ana, '/api/changes')).body.changes;
    expect(change.files.sort()).toEqual([`evidence/2024/${name}`, 'metrics.yaml']);
    // The reviewer's view of the change reads the registry's fields; the evidence file has none.
    const diff = await as(rita, `/api/changes/${change.id}/diff`);
    expect(diff.status, diff.text).toBe(200);
    expect(diff.body.files).toContainEqual({ path: `evidence/2024/${name}`, made: true, values: [] });

    expect((await as(ana, `/api/changes/${change.id}/submit`, { method: 'POST', json: {} })).status).toBe(200);
    expect((await as(rita, `/api/changes/${change.id}/approve`, { method: 'POST', json: {} })).status).toBe(200);
    const published = await as(adam, `/api/changes/${change.id}/publish`, { method: 'POST', json: {} });
    expect(published.status, published.text).toBe(200);
    expect(git('-c', 'core.quotePath=false', 'show', '--name-only', '--format=%an', published.body.commit).split('\n').filter(Boolean)).toEqual([
      'ana',
      `content/evidence/2024/${name}`,
      'content/metrics.yaml',
    ]);
    expect(git('status', '--porcelain')).toBe('');
    const evidence = (
      parse(readFileSync(join(content(), 'metrics.yaml'), 'utf8')) as { metrics: { id: string; evidence: Record<string, string[]> }[] }
    ).metrics.find((item) => item.id === metric)!.evidence;
    expect(evidence['2024']).toEqual(['energy-saving-projects.md', name]);
  });
});

describe('the source and evidence of a metric, in Chromium', { timeout: 180_000 }, () => {
  it('shows the owner by name, the evidence and the history of a figure, warns as an assured year loses its evidence, and lists an uploaded file', async () => {
    const ids = (parse(readFileSync(registry(setup.content), 'utf8')) as { metrics: { id: string }[] }).metrics.map((item) => item.id);
    const index = ids.indexOf(metric);
    const { page, errors } = await openEditorPage(setup, { locale: 'zh-TW', path: 'metrics.yaml' });
    await page.locator('fieldset.long-list').getByRole('searchbox').fill(metric);
    const item = page.locator('.rjsf-array-item', { has: page.locator(`#root_metrics_${index}_id`) });
    await item.waitFor();
    await expect(item.locator('.trace-missing').count()).resolves.toBe(0);

    const trace = item.locator('details.metric-trace');
    await trace.locator('summary', { hasText: '數據來源與佐證' }).click();
    await expect(trace.locator('.trace-facts').innerText()).resolves.toMatch(
      /負責單位\s+永續發展辦公室\s+資料來源\s+節能減碳專案量測與驗證報告\s+計算方法\s+改善前後量測之節省電量乘以電力排放係數，年化計算；專案數為當年完成之專案。\s*所用係數：112年度電力排放係數（每度0\.494公斤CO2e）（2023）/,
    );
    const link = trace.getByRole('link', { name: 'energy-saving-projects.md' });
    await expect(link.getAttribute('href')).resolves.toBe('/api/evidence/2024/energy-saving-projects.md');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('energy-saving-projects.md');
    const history = trace.locator('.trace-history');
    await history.locator('li').first().waitFor({ timeout: 30_000 });
    await expect(history.locator('li').allTextContents()).resolves.toEqual([
      'lin 2025/04/10 18,421 → 18,500 「補登第四季完成的專案」',
      'mei 2025/03/02 18,886 → 18,421 「依量測與驗證報告更正節能專案減碳量」 核准：rita',
      'The Machine 2025/01/15 新增數值 18,886 「範例內容」',
      'The Machine 2025/01/15 新增數值 15,420 「範例內容」',
      'The Machine 2025/01/15 新增數值 12,905 「範例內容」',
    ]);
    await expect(history.locator('h5').allTextContents()).resolves.toEqual(['2024 年', '2023 年', '2022 年']);

    // The 2024 figure is assured: without its evidence file the form says so at once, before any save.
    const evidence2024 = page.locator(`#root_metrics_${index}_evidence_2024_0`);
    await expect(evidence2024.inputValue()).resolves.toBe('energy-saving-projects.md');
    await evidence2024.fill('');
    await expect.poll(() => item.locator('.trace-missing').textContent()).toBe('這項數據已列入確信範圍，2024 年尚缺佐證檔案');

    // An uploaded file is listed in the form, which ends the warning, and saved with it.
    // A button in the editor's words opens the computer's file dialog.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), trace.getByRole('button', { name: '上傳 2024 年的佐證檔案' }).click()]);
    await chooser.setFiles({ name: 'M&V Report 2024.PDF', mimeType: 'application/pdf', buffer: pdf('browser') });
    await expect
      .poll(() => trace.locator('.trace-status').textContent(), { timeout: 15_000 })
      .toBe('已上傳「m-v-report-2024.pdf」，並列入 2024 年的佐證檔案：按「儲存」後記入這項數據。');
    await expect(page.locator(`#root_metrics_${index}_evidence_2024_0`).inputValue()).resolves.toBe('m-v-report-2024.pdf');
    await expect(item.locator('.trace-missing').count()).resolves.toBe(0);
    await expect(trace.getByRole('link', { name: 'm-v-report-2024.pdf' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    await page.locator('.status.saved').waitFor({ timeout: 30_000 });
    expect(readFileSync(registry(setup.content), 'utf8')).toContain('evidence: { 2024: [m-v-report-2024.pdf] }');
    expect(readFileSync(join(setup.content, 'evidence/2024/m-v-report-2024.pdf')).equals(pdf('browser'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
