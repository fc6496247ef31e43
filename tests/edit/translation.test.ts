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
