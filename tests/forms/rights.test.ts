import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { page } from '../helpers/html.ts';
import { runEsg, tempDir } from '../helpers/site.ts';
import { startServe } from '../../cli/server/serve.ts';
import { usePostgres } from '../helpers/postgres.ts';
import { countRows, databaseArguments, formsDatabases, freshFormsDatabase, queryRows, withReceiver } from '../helpers/formsDatabase.ts';

const postgres = usePostgres();
const esg = (...args: string[]) => runEsg(args);

const surveyOf = (organisation: string, email: string) => ({
  identity: 'investor',
  organisation,
  email,
  consent: true,
  locale: 'zh_TW',
  ratings: { 'board-oversight': 4, 'water-management': 2 },
});
const quizOf = (email: string) => ({ score: 10, total: 19, band: 'b', answers: ['true'], email, locale: 'en' });

/** The answer's page as a visitor sees it: language, heading, paragraphs, the form and any script. */
async function shown(response: Response) {
  const html = page(await response.text());
  const [form] = html.byTag('form');
  return {
    status: response.status,
    lang: html.byTag('html')[0]!.attribs.lang,
    heading: html.text(html.byTag('h1')[0]!),
    text: html.byTag('p').map(html.text).join(' '),
    form: form ? { method: form.attribs.method, action: form.attribs.action } : null,
    scripts: html.byTag('script').length,
  };
}

describe.each(formsDatabases)("subscribers' rights on %s", (name) => {
  it('a subscription answers an unsubscribe link: GET asks in the subscriber’s locale, POST removes, a spent or forged token gets 400', async () => {
    const database = await freshFormsDatabase(name, postgres);
    await withReceiver(database, async (post, origin) => {
      const answer = await post('subscribe', { email: 'Reader@Example.com', consent: true, locale: 'zh_CN' });
      expect(answer.status).toBe(201);
      const link = `${origin}${answer.body.unsubscribe}`;

      const asked = await fetch(link);
      expect(asked.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(asked.headers.get('referrer-policy')).toBe('no-referrer');
      // The page's own style block is the one style the page's CSP allows, by its hash.
      const css = /<style>([\s\S]*?)<\/style>/.exec(await asked.clone().text())?.[1] ?? '';
      expect(css).toContain('#0f5c55');
      expect(asked.headers.get('content-security-policy')).toContain(`style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`);
      expect(await shown(asked)).toEqual({
        status: 200,
        lang: 'zh-Hans-CN',
        heading: '取消订阅永续电子报',
        text: '确定不再收到寄往 reader@example.com 的永续电子报吗？ 回到首页',
        form: { method: 'post', action: answer.body.unsubscribe },
        scripts: 0,
      });
      expect(await countRows(database)).toMatchObject({ subscribe: 1 });

      const done = await shown(await fetch(link, { method: 'POST' }));
      expect(done).toMatchObject({ status: 200, heading: '已取消订阅', text: expect.stringContaining('reader@example.com 已从订阅名单移除') });
      expect(await countRows(database)).toMatchObject({ subscribe: 0 });

      const again = await shown(await fetch(link, { method: 'POST', headers: { 'Accept-Language': 'en-GB,en;q=0.8' } }));
      expect(again).toMatchObject({ status: 400, lang: 'en', heading: 'This link does not work', form: null });

      // Someone else subscribing next may get the same id (SQLite reuses the highest): the old
      // link names the old address and must not remove the new subscription.
      expect((await post('subscribe', { email: 'someone@example.com', consent: true, locale: 'en' })).status).toBe(201);
      expect((await fetch(link, { method: 'POST' })).status).toBe(400);
      const forged = `${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
      expect((await fetch(`${origin}/api/forms/unsubscribe?token=1.x`)).status).toBe(400);
      expect((await fetch(`${origin}/api/forms/unsubscribe`)).status).toBe(400);
      expect(await countRows(database)).toMatchObject({ subscribe: 1 });
    });
  });

  it('export --email gives one person’s rows as JSON; erase --email removes them everywhere and says what it removed', async () => {
    const database = await freshFormsDatabase(name, postgres);
    await withReceiver(database, async (post) => {
      for (const email of ['ming@example.com', 'other@example.com']) {
        expect((await post('subscribe', { email, consent: true, locale: 'zh_TW' })).status).toBe(201);
        expect((await post('quiz', quizOf(email))).status).toBe(201);
        expect((await post('quiz', quizOf(email))).status).toBe(201);
        expect((await post('survey', surveyOf(`org of ${email}`, email))).status).toBe(201);
      }
      expect((await post('survey', surveyOf('anonymous', ''))).status).toBe(201);
    });

    const exported = esg('forms', 'export', '--email', ' Ming@Example.COM', ...databaseArguments(database));
    expect(exported.code).toBe(0);
    const person = JSON.parse(exported.stdout) as {
      email: string;
      subscriptions: { email: string }[];
      quiz_records: { email: string }[];
      survey_responses: { organisation: string; ratings: object }[];
    };
    expect(person.email).toBe('ming@example.com');
    expect(person.subscriptions).toEqual([expect.objectContaining({ email: 'ming@example.com', locale: 'zh_TW' })]);
    expect(person.quiz_records.map((record) => record.email)).toEqual(['ming@example.com', 'ming@example.com']);
    expect(person.survey_responses).toEqual([
      expect.objectContaining({ organisation: 'org of ming@example.com', ratings: { 'board-oversight': 4, 'water-management': 2 } }),
    ]);

    const erased = esg('forms', 'erase', '--email', 'MING@example.com ', ...databaseArguments(database));
    expect(erased.code).toBe(0);
    expect(erased.stdout).toBe('erased ming@example.com\n  subscriptions     1\n  quiz_records      2\n  survey_responses  1\n  survey_ratings    2\n');
    const left = JSON.parse(esg('forms', 'export', '--email', 'ming@example.com', ...databaseArguments(database)).stdout);
    expect(left).toEqual({ email: 'ming@example.com', subscriptions: [], quiz_records: [], survey_responses: [] });
    // Everyone else's rows stay.
    expect(await countRows(database)).toEqual({ subscribe: 1, quiz: 2, survey: 2, ratings: 4 });
    expect(esg('forms', 'erase', '--email', 'ming@example.com', ...databaseArguments(database)).stdout).toMatch(/^nothing stored under ming@example\.com\n/);
  });

  it('retention deletes survey answers (and their ratings) older than N months, and nothing newer', async () => {
    const database = await freshFormsDatabase(name, postgres);
    await withReceiver(database, async (post) => {
      for (const organisation of ['old-1', 'old-2', 'recent', 'new']) expect((await post('survey', surveyOf(organisation, ''))).status).toBe(201);
      expect((await post('quiz', quizOf('keep@example.com'))).status).toBe(201);
    });
    const monthsAgo = (months: number) => {
      const date = new Date();
      date.setUTCMonth(date.getUTCMonth() - months);
      return date.toISOString();
    };
    const age = (organisation: string, createdAt: string) =>
      queryRows(database, 'UPDATE survey_responses SET created_at = ? WHERE organisation = ?', [createdAt, organisation], { write: true });
    await age('old-1', monthsAgo(30));
    await age('old-2', monthsAgo(13));
    await age('recent', monthsAgo(11));

    const result = esg('forms', 'retention', '--months', '12', ...databaseArguments(database));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^deleted 2 survey answers \(4 ratings\) stored before \d{4}-\d{2}-\d{2}T/);
    expect((await queryRows(database, 'SELECT organisation FROM survey_responses ORDER BY id')).map((row) => row.organisation)).toEqual(['recent', 'new']);
    expect(await countRows(database)).toEqual({ subscribe: 0, quiz: 1, survey: 2, ratings: 4 });

    const wrong = esg('forms', 'retention', '--months', '0', ...databaseArguments(database));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('must be a whole number of months, 1 or more');
  });

  it('esg serve with a retention setting deletes the answers past it when it starts, and says how many', async () => {
    const database = await freshFormsDatabase(name, postgres);
    await withReceiver(database, async (post) => {
      for (const organisation of ['old', 'new']) expect((await post('survey', surveyOf(organisation, ''))).status).toBe(201);
    });
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 7);
    await queryRows(database, 'UPDATE survey_responses SET created_at = ? WHERE organisation = ?', [old.toISOString(), 'old'], { write: true });

    const lines: string[] = [];
    const serve = await startServe({ outDir: tempDir(), ...database, endpoint: '/api/forms', port: 0, retentionMonths: 6, log: (line) => lines.push(line) });
    try {
      // Applied before the receiver takes its first submission.
      expect((await queryRows(database, 'SELECT organisation FROM survey_responses')).map((row) => row.organisation)).toEqual(['new']);
      expect(lines.map((line) => JSON.parse(line) as { retention?: object }).find((line) => line.retention)?.retention).toMatchObject({
        months: 6,
        survey_responses: 1,
        survey_ratings: 2,
      });
    } finally {
      await serve.close();
    }
    expect(await countRows(database)).toMatchObject({ survey: 1, ratings: 2 });
  });
});
