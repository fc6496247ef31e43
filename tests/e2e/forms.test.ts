import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { buildSample, preview, sampleContent, tempDir, type RunningServer } from '../helpers/site.ts';
import { validate } from '../../cli/build/index.ts';
import { documentOf } from '../../cli/build/model/site.ts';
import { startServe, type RunningServe } from '../../cli/server/serve.ts';
import { databaseFile } from '../../cli/forms/store.ts';
import type { Quiz } from '../../schemas/types.ts';

// The quiz as its page shows it: figures named in content/qa.yaml ({{metric year}}) written out.
let quiz: Quiz;
let browser: Browser;
let serve: RunningServe;
let site: string;
let dataDir: string;
let staticOnly: RunningServer;

beforeAll(async () => {
  const { model } = await validate(sampleContent, { verbose: false });
  quiz = documentOf(
    model.locales.find((locale) => locale.code === 'zh_TW')!,
    'qa.yaml',
    'quiz',
  )!.data;
  const outDir = await buildSample();
  dataDir = join(tempDir('esg-e2e-forms-'), 'data');
  serve = await startServe({ outDir, dataDir, endpoint: '/api/forms', port: 0 });
  site = `http://127.0.0.1:${(serve.server.address() as AddressInfo).port}`;
  staticOnly = await preview(outDir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await serve?.close();
  await staticOnly?.close();
});

/** Rows as an operator reads them from the data folder, apart from the server. */
function rows(sql: string): Record<string, unknown>[] {
  const db = new Database(join(dataDir, databaseFile), { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

/** A page in a context of its own, at `url` unless it is empty. */
async function open(url: string, width = 1440): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  if (url) await page.goto(url);
  return { page, errors };
}

/** The question on screen: the quiz page holds them all, one shown at a time. */
const shown = '.quiz-question:not([hidden])';

/** Answers every question, the first `right` ones correctly, checking the feedback of each; reloads once midway. */
async function playQuiz(page: Page, right: number): Promise<void> {
  await page.click('.quiz-start');
  for (const [index, question] of quiz.questions.entries()) {
    await page.waitForSelector('.quiz-form[data-ready]');
    if (index === 5) {
      await page.reload();
      await page.waitForSelector('.quiz-form[data-ready]');
    }
    expect(await page.textContent('.quiz-progress')).toBe(`第 ${index + 1} 題／共 19 題`);
    expect(await page.locator(shown).count()).toBe(1);
    expect(await page.textContent(`${shown} .quiz-question-title`)).toBe(question.question);
    const choice = index < right ? question.answer : question.optionList.find((option) => option !== question.answer)!;
    await page.click(`${shown} .quiz-option[data-value="${choice}"]`);
    const verdict = await page.textContent(`${shown} .quiz-verdict`);
    const answerLabel = question.answer === 'true' ? '○' : question.answer === 'false' ? '✕' : question.answer;
    expect(verdict).toBe(index < right ? '答對了！' : `Oops！正確答案是：${answerLabel}`);
    expect(await page.textContent(`${shown} .quiz-explanation`)).toBe(question.description);
    await page.click(`${shown} .quiz-next`);
  }
  await page.waitForURL('**/zh_TW/qa/qa-result');
  await page.waitForSelector('.quiz-result[data-band]');
}

/**
 * Holds back the scripts of the page (under /_esg/) that `held` picks, as a slow connection would,
 * until the returned function lets them through.
 */
async function holdScripts(page: Page, held: (path: string) => boolean): Promise<() => void> {
  const waiting: (() => void)[] = [];
  let released = false;
  await page.route('**/_esg/*.js', async (route) => {
    if (!released && held(new URL(route.request().url()).pathname)) await new Promise<void>((go) => waiting.push(go));
    await route.continue().catch(() => {});
  });
  return () => {
    released = true;
    for (const go of waiting.splice(0)) go();
  };
}

/** The scripts a page names in its HTML (its entry and the entry's preloads): the rest come later, when its code asks. */
async function namedScripts(url: string): Promise<string[]> {
  const html = await (await fetch(url)).text();
  return [...html.matchAll(/(?:src|rel="modulepreload" href)="(\/_esg\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

describe('what a reader does before the code arrives is kept', () => {
  it('an answer chosen before any script ran is sent in the address and counts', async () => {
    const { page, errors } = await open('', 390);
    const release = await holdScripts(page, (path) => path.startsWith('/_esg/client-'));
    await page.goto(`${staticOnly.url}/zh_TW/qa/qa-form?round=new`, { waitUntil: 'commit' });
    const choice = quiz.questions[0]!.answer;
    await Promise.all([page.waitForURL(/qa-form\?question=0&answer=/, { waitUntil: 'commit' }), page.click(`${shown} .quiz-option[data-value="${choice}"]`)]);
    release();
    await page.waitForSelector('.quiz-form[data-ready]');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.textContent(`${shown} .quiz-verdict`)).toBe('答對了！');
    expect(await page.textContent('.quiz-progress')).toBe('第 1 題／共 19 題');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('esg.quiz')!).choices)).toEqual([choice]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("an answer chosen before the quiz's own code came waits for it, without leaving the page", async () => {
    const { page, errors } = await open('', 390);
    const url = `${staticOnly.url}/zh_TW/qa/qa-form?round=new`;
    const firstLoad = await namedScripts(url);
    const release = await holdScripts(page, (path) => !firstLoad.includes(path));
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('.quiz-form[data-ready]').count()).toBe(0);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const wrong = quiz.questions[0]!.optionList.find((option) => option !== quiz.questions[0]!.answer)!;
    await page.click(`${shown} .quiz-option[data-value="${wrong}"]`);
    await page.waitForTimeout(300);
    expect(await page.locator(`${shown} .quiz-feedback:not([hidden])`).count()).toBe(0);
    release();
    await page.waitForSelector(`${shown} .quiz-feedback:not([hidden])`);
    expect(await page.textContent(`${shown} .quiz-verdict`)).toMatch(/^Oops！正確答案是：/);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a survey filled in and sent before its island woke is checked and sent once it has', async () => {
    const { page, errors } = await open('', 390);
    const url = `${staticOnly.url}/zh_TW/questionnaire/basic`;
    const firstLoad = await namedScripts(url);
    const release = await holdScripts(page, (path) => !firstLoad.includes(path));
    await page.goto(url);
    const identity = page.locator('input[name="identity"]').first();
    const chosen = await identity.getAttribute('value');
    await identity.check();
    await page.fill('#survey-organisation', '竹東鎮社區大學');
    await page.fill('#survey-name', '林小姐');
    await page.check('#survey-consent');
    await page.click('.survey-basic button[type="submit"]');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/zh_TW/questionnaire/basic');
    expect(await page.locator('.survey-basic[data-ready]').count()).toBe(0);
    release();
    await page.waitForURL('**/zh_TW/questionnaire/questions');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('esg.survey')!).basic)).toEqual({
      identity: chosen,
      identityOther: '',
      organisation: '竹東鎮社區大學',
      name: '林小姐',
      email: '',
      consent: true,
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('forms in Chromium against esg serve', () => {
  it('the quiz reaches band a, keeps its progress over a reload, copies its link and sends the first-answer record', async () => {
    const { page, errors } = await open(`${site}/zh_TW/qa/qa`, 390);
    await playQuiz(page, 19);
    expect(await page.getAttribute('.quiz-result', 'data-band')).toBe('a');
    expect(await page.textContent('.quiz-score')).toBe('答對 19 題／共 19 題');
    expect(await page.textContent('.quiz-band')).toBe(quiz.result.a);

    await page.click('.quiz-copy');
    expect(await page.textContent('.toast')).toBe('已複製連結');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site}/zh_TW/qa/qa`);

    await page.selectOption('select[name="identify"]', '學生');
    await page.fill('input[name="company"]', '高雄科技大學');
    await page.fill('input[name="email"]', 'not-an-address');
    await page.click('.quiz-record button[type="submit"]');
    expect(await page.textContent('#record-email-error')).toBe('請輸入有效的電子郵件地址，例如 name@example.com');
    await page.fill('input[name="email"]', 'Student@Example.edu.tw');
    await page.click('.quiz-record button[type="submit"]');
    await page.waitForSelector('.quiz-record.is-sent');
    expect(rows('SELECT score, total, band, identify, company, email FROM quiz_records')).toEqual([
      { score: 19, total: 19, band: 'a', identify: '學生', company: '高雄科技大學', email: 'student@example.edu.tw' },
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the quiz reaches band b and band c, and play again starts a new round', async () => {
    const { page, errors } = await open(`${site}/zh_TW/qa/qa`);
    await playQuiz(page, 12);
    expect(await page.getAttribute('.quiz-result', 'data-band')).toBe('b');
    expect(await page.textContent('.quiz-band')).toBe(quiz.result.b);
    await page.click('text=再玩一次');
    await page.waitForURL('**/zh_TW/qa/qa-form');
    await page.waitForSelector('.quiz-form[data-ready]');
    expect(await page.textContent('.quiz-progress')).toBe('第 1 題／共 19 題');
    await page.goto(`${site}/zh_TW/qa/qa`);
    await playQuiz(page, 3);
    expect(await page.getAttribute('.quiz-result', 'data-band')).toBe('c');
    expect(await page.textContent('.quiz-score')).toBe('答對 3 題／共 19 題');
    expect(await page.textContent('.quiz-band')).toBe(quiz.result.c);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the survey checks its fields, shows progress, and its answer lands in SQLite', async () => {
    const { page, errors } = await open(`${site}/zh_TW/questionnaire/basic`, 390);
    // Sent at once, before the island has woken: the check runs once it has.
    expect(await page.locator('.survey-basic[data-ready]').count()).toBe(0);
    await page.click('.survey-basic button[type="submit"]');
    await page.waitForSelector('#survey-identity-error');
    expect(await page.textContent('#survey-identity-error')).toBe('此欄位必填');
    expect(await page.textContent('#survey-organisation-error')).toBe('此欄位必填');
    expect(await page.textContent('#survey-consent-error')).toBe('請先勾選同意，再送出');
    await page.check('input[name="identity"][value="other"]');
    await page.fill('#survey-organisation', '南庄社區發展協會');
    await page.fill('#survey-email', 'abc');
    await page.check('#survey-consent');
    await page.click('.survey-basic button[type="submit"]');
    expect(await page.textContent('#survey-identityOther-error')).toBe('此欄位必填');
    expect(await page.textContent('#survey-email-error')).toBe('請輸入有效的電子郵件地址，例如 name@example.com');
    expect(page.url()).toMatch(/questionnaire\/basic$/);
    await page.fill('#survey-identityOther', '部落青年');
    await page.fill('#survey-email', ' Youth@Example.org ');
    await page.click('.survey-basic button[type="submit"]');

    await page.waitForURL('**/zh_TW/questionnaire/questions');
    expect(await page.locator('.survey-topic').count()).toBe(23);
    expect(await page.textContent('.survey-progress')).toBe('已評分 0／23 題');
    await page.click('.survey-questions button[type="submit"]');
    await page.waitForSelector('.survey-questions[data-ready] .survey-topic .field-error');
    expect(await page.locator('.survey-topic .field-error').count()).toBe(23);
    const topics = await page.locator('.survey-topic').evaluateAll((sets) => sets.map((set) => set.id.replace(/^topic-/, '')));
    for (const [index, topic] of topics.entries()) await page.check(`input[name="${topic}"][value="${(index % 5) + 1}"]`);
    expect(await page.textContent('.survey-progress')).toBe('已評分 23／23 題');
    expect(await page.locator('.survey-topic .field-error').count()).toBe(0);
    await page.click('.survey-questions button[type="submit"]');
    await page.waitForSelector('.survey-thanks');

    expect(rows('SELECT identity, identity_other, organisation, email FROM survey_responses')).toEqual([
      { identity: 'other', identity_other: '部落青年', organisation: '南庄社區發展協會', email: 'youth@example.org' },
    ]);
    const ratings = rows('SELECT topic, concern FROM survey_ratings ORDER BY rowid');
    expect(ratings).toHaveLength(23);
    expect(ratings[0]).toEqual({ topic: 'board-oversight', concern: 1 });
    expect(ratings[22]).toEqual({ topic: topics[22], concern: (22 % 5) + 1 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the newsletter opens from the menu entry, subscribes, and a repeat from the footer is answered kindly', async () => {
    const { page, errors } = await open(`${site}/zh_TW`);
    await page.click('.menu-category-button:has-text("互動專區")');
    await page.click('.submenu-action:has-text("訂閱電子報")');
    await page.waitForSelector('.subscriber-form');
    await page.click('.subscriber-form button[type="submit"]');
    expect(await page.textContent('#subscriber-email-error')).toBe('此欄位必填');
    await page.fill('#subscriber-email', 'Reader@Example.com');
    await page.check('#subscriber-consent');
    await page.click('.subscriber-form button[type="submit"]');
    expect(await page.textContent('.subscriber-finished-text')).toBe('謝謝您！下一期永續電子報出刊時，會寄到 Reader@Example.com。');
    expect(await page.textContent('.subscriber-unsubscribe')).toBe('日後若不想再收到電子報，隨時可以由這個連結取消： 取消訂閱');
    expect(await page.getAttribute('.subscriber-unsubscribe a', 'href')).toMatch(/^\/api\/forms\/unsubscribe\?token=1\./);
    await page.click('.modal button:has-text("完成")');
    expect(await page.locator('.modal-overlay').count()).toBe(0);

    await page.click('.sitemap-action:has-text("訂閱電子報")');
    await page.fill('#subscriber-email', 'reader@example.com ');
    await page.check('#subscriber-consent');
    await page.click('.subscriber-form button[type="submit"]');
    expect(await page.textContent('.subscriber-finished-text')).toBe('reader@example.com 已經在訂閱名單上了，不必重複訂閱。謝謝您一直關注我們的永續行動！');
    expect(await page.locator('.subscriber-unsubscribe').count()).toBe(0);
    expect(rows('SELECT email FROM subscriptions')).toEqual([{ email: 'reader@example.com' }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('where no receiver answers (esg preview), sending fails plainly, keeps what was typed and offers a retry', async () => {
    const { page } = await open(`${staticOnly.url}/zh_TW`, 390);
    await page.click('.sitemap-action:has-text("訂閱電子報")');
    await page.fill('#subscriber-email', 'offline@example.com');
    await page.check('#subscriber-consent');
    await page.click('.subscriber-form button[type="submit"]');
    await page.waitForSelector('.form-status.is-error');
    expect(await page.textContent('.form-status.is-error p')).toMatch(/^送出失敗/);
    expect(await page.inputValue('#subscriber-email')).toBe('offline@example.com');
    expect(await page.locator('.form-retry').count()).toBe(1);
    expect(await page.locator('.subscriber-finished-text').count()).toBe(0);
    await page.context().close();
  });
});
