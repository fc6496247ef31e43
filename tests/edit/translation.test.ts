import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, editorInBrowser, openEditorPage } from './editor.ts';

// A translator works beside the source: each field of the English file shows its zh_TW text, and
// the fields whose zh_TW text changed since the English was last saved are marked with the change,
// taken from Git history. A zh_CN override starts from the converted Simplified text.

const setup = editorInBrowser(() => {
  const first = '2026-01-05T09:00:00Z';
  git(first, 'init', '--quiet', '--initial-branch=main');
  git(first, 'config', 'user.name', 'Translation Test');
  git(first, 'config', 'user.email', 'translation@example.test');
  git(first, 'add', '.');
  git(first, 'commit', '--quiet', '-m', 'sample content');
  // A month later the zh_TW about page changes one heading; the English file is left as it was.
  writeFileSync(join(setup.content, 'zh_TW/pages/about.yaml'), read('zh_TW/pages/about.yaml').replace('heading: 編製依據', 'heading: 報告書編製依據與標準'));
  git('2026-02-05T09:00:00Z', 'commit', '--quiet', '-am', 'about: a clearer heading');
});
const read = (path: string) => readFileSync(join(setup.content, path), 'utf8');
/** git in the copy's repository, its commits dated as given. */
const git = (date: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: dirname(setup.content), encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } }).trim();

const openAs = (locale: string, path: string) => openEditorPage(setup, { locale, width: 1440, path });

describe('translations side by side', { timeout: 120_000 }, () => {
  it('gives a translation’s zh_TW source now and as it was when the translation last changed', async () => {
    const answer = await call(setup.editor, '/api/translation/en/pages/about.yaml');
    expect(answer.status).toBe(200);
    expect(answer.body.source.path).toBe('zh_TW/pages/about.yaml');
    expect(answer.body.source.data.sections[1].heading).toBe('報告書編製依據與標準');
    expect(answer.body.before.data.sections[1].heading).toBe('編製依據');
    expect(answer.body.translated).toBe('2026-01-05T09:00:00.000Z');
    expect((await call(setup.editor, '/api/translation/zh_TW/pages/about.yaml')).status).toBe(400);
  });

  it('shows each field’s zh_TW text under the English one, marks the changed field with its change, until reviewed', async () => {
    const { page, errors } = await openAs('zh-TW', 'en/pages/about.yaml');
    /** The source note under a field: after the field's box, in its group. */
    const sourceOf = (id: string) => page.locator(`#${id}`).locator("xpath=ancestor::div[@class='figure-field'][1]/following-sibling::div[1]");
    const changed = sourceOf('root_sections_1_heading');
    await page.locator('.source-changed').waitFor({ timeout: 30_000 });
    await expect(changed.getAttribute('class')).resolves.toBe('source-text source-changed');
    await expect(changed.locator('del').allTextContents()).resolves.toEqual([]);
    await expect(changed.locator('ins').allTextContents()).resolves.toEqual(['報告書', '與標準']);
    await expect(changed.locator('.source-label').textContent()).resolves.toBe('中文原文在此譯文之後有修改：');
    // Every other text field shows its source, unmarked.
    await expect(sourceOf('root_sections_0_heading').textContent()).resolves.toBe('中文原文： 報告期間與邊界');
    await expect(page.locator('.source-changed').count()).resolves.toBe(1);
    await changed.getByRole('button', { name: '標示為已校閱' }).click();
    await expect(changed.getAttribute('class')).resolves.toBe('source-text');
    await expect(page.locator('.source-changed').count()).resolves.toBe(0);
    await expect(sourceOf('root_sections_1_heading').textContent()).resolves.toBe('中文原文： 報告書編製依據與標準');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('records a review: saved with every change checked, the English file says when, is no longer to update and shows no change', async () => {
    const path = 'en/pages/about.yaml';
    const before = read(path);
    const { page, errors } = await openAs('en', path);
    await page.locator('.source-changed').waitFor({ timeout: 30_000 });
    await expect(page.locator('.files li', { hasText: 'zh_TW/pages/about.yaml' }).textContent()).resolves.toContain('English version to update');
    await page.getByRole('button', { name: 'Mark as reviewed' }).click();
    await page.getByRole('status').filter({ hasText: 'Every change of the zh_TW text is reviewed' }).waitFor();
    // After the save, the source's changes are read again.
    const reread = page.waitForResponse((response) => response.url().includes('/api/translation/'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.status.saved').waitFor({ timeout: 30_000 });
    // One comment line more, the text as it was.
    const after = read(path);
    expect(after).toMatch(/^# reviewed against zh_TW at \d{4}-\d\d-\d\dT\d\d:\d\dZ\n/);
    expect(after.split('\n').slice(1).join('\n')).toBe(before);
    await expect
      .poll(() => page.locator('.files li', { hasText: 'zh_TW/pages/about.yaml' }).textContent(), { timeout: 20_000 })
      .not.toContain('English version to update');
    // From the save on, no change is marked: not while the source's changes are read again, not after.
    await expect(page.locator('.source-changed').count()).resolves.toBe(0);
    await reread;
    await expect(page.locator('.source-changed').count()).resolves.toBe(0);
    // Opened again: the change is not marked; the source still shows under the field.
    await page.reload();
    await page.locator('#root_sections_1_heading').waitFor({ timeout: 30_000 });
    await page.locator('.source-text').first().waitFor();
    await expect(page.locator('.source-changed').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses a review of a file that translates nothing, and replaces the review line rather than adding one', async () => {
    const zh = await call(setup.editor, '/api/files/zh_TW/pages/about.yaml');
    const refused = await call(setup.editor, '/api/files/zh_TW/pages/about.yaml', {
      method: 'PUT',
      headers: { 'If-Match': zh.headers.etag as string },
      json: { data: zh.body.data, reviewed: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^only a translation/);
    const event = 'en/events/2023-rooftop-solar-inauguration.md';
    const text = read(event);
    const opened = await call(setup.editor, `/api/files/${event}`);
    const saved = await call(setup.editor, `/api/files/${event}`, {
      method: 'PUT',
      headers: { 'If-Match': opened.headers.etag as string },
      json: { data: opened.body.data, body: opened.body.body, reviewed: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.changed).toBe(true);
    // In a Markdown file the line goes inside its front matter; the rest is as it was.
    const stamp = /^---\n(# reviewed against zh_TW at \d{4}-\d\d-\d\dT\d\d:\d\dZ)\n/.exec(read(event))?.[1];
    expect(stamp).toBeDefined();
    expect(read(event).replace(`${stamp}\n`, '')).toBe(text);
    // An earlier review's line is replaced by the next one's.
    writeFileSync(join(setup.content, event), read(event).replace(stamp!, '# reviewed against zh_TW at 2026-01-01T00:00Z'));
    const again = await call(setup.editor, `/api/files/${event}`);
    await call(setup.editor, `/api/files/${event}`, {
      method: 'PUT',
      headers: { 'If-Match': again.headers.etag as string },
      json: { data: again.body.data, body: again.body.body, reviewed: true },
    });
    expect(read(event).match(/# reviewed against zh_TW at [^\n]+/g)).toEqual([stamp]);
  });

  it('starts a zh_CN override from the zh_TW text converted to Simplified', async () => {
    const { page, errors } = await openAs('zh-TW', 'zh_TW/pages/kiwi.yaml');
    await page.getByRole('button', { name: '新增簡體版' }).click();
    await page.locator('main h2', { hasText: 'zh_CN/pages/kiwi.yaml' }).waitFor({ timeout: 60_000 });
    const traditional = read('zh_TW/pages/kiwi.yaml');
    const simplified = read('zh_CN/pages/kiwi.yaml');
    const title = /^title: (.*)$/m.exec(traditional)![1]!;
    const converted = /^title: (.*)$/m.exec(simplified)![1]!;
    expect(converted).not.toBe(title);
    expect(converted).toMatch(/[\u4e00-\u9fff]/);
    expect(simplified).not.toContain('報告');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
