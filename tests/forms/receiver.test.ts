import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { startServe, type RunningServe } from '../../cli/server/serve.ts';
import { databaseFile } from '../../cli/forms/store.ts';
import { tempDir } from '../helpers/site.ts';

const running: RunningServe[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) await serve.close();
});

/** A real `esg serve` on a free port, over an empty site folder and a new data folder. */
async function serve(dataDir = join(tempDir('esg-forms-'), 'data')) {
  const started = await startServe({ outDir: tempDir('esg-forms-out-'), dataDir, endpoint: '/api/forms', port: 0 });
  running.push(started);
  const { port } = started.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api/forms`;
  const post = async (kind: string, body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) => {
    const response = await fetch(`${base}/${kind}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { ok?: boolean; duplicate?: boolean; error?: string; fields?: { field: string; reason: string }[] } };
  };
  return { started, dataDir, base, post };
}

/** Reads the data folder's database the way an operator would, apart from the server. */
function rows(dataDir: string, sql: string): Record<string, unknown>[] {
  const db = new Database(join(dataDir, databaseFile), { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

const countAll = (dataDir: string) =>
  rows(dataDir, 'SELECT (SELECT COUNT(*) FROM subscriptions) AS subscribe, (SELECT COUNT(*) FROM quiz_records) AS quiz, (SELECT COUNT(*) FROM survey_responses) AS survey, (SELECT COUNT(*) FROM survey_ratings) AS ratings')[0];
const nothingStored = { subscribe: 0, quiz: 0, survey: 0, ratings: 0 };

const subscription = { email: 'reader@example.com', name: '林小姐', consent: true, locale: 'zh_TW' };
const survey = {
  identity: 'investor', organisation: '南港投資顧問', name: '', email: '', consent: true, locale: 'zh_TW',
  ratings: { 'board-oversight': 5, 'water-management': 3 },
};

describe('esg serve: the forms receiver refuses what it should, storing nothing', () => {
  it('creates the data folder with a WAL database and a schema version on first start', async () => {
    const { dataDir } = await serve();
    expect(existsSync(join(dataDir, databaseFile))).toBe(true);
    expect(rows(dataDir, 'PRAGMA journal_mode')[0]).toEqual({ journal_mode: 'wal' });
    expect(rows(dataDir, 'SELECT version FROM schema_version')).toEqual([{ version: 1 }]);
  });

  it('400 with a reason per field for a body that breaks the schema', async () => {
    const { post, dataDir } = await serve();
    const answer = await post('subscribe', { email: 'not-an-address', consent: false, locale: 'fr', colour: 'blue' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual(expect.arrayContaining([
      { field: 'email', reason: 'is not a valid e-mail address' },
      { field: 'consent', reason: 'must be true' },
      { field: 'locale', reason: 'must be one of: zh_TW, zh_CN, en' },
      { field: 'colour', reason: 'is not a field of this form' },
    ]));
    const missing = await post('survey', { ...survey, organisation: undefined, ratings: { 'board-oversight': 9, Bad: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual(expect.arrayContaining([
      { field: 'organisation', reason: 'is required' },
      { field: 'ratings.board-oversight', reason: 'must be <= 5' },
      { field: 'ratings.Bad', reason: 'is not an accepted name here' },
    ]));
    expect(countAll(dataDir)).toEqual(nothingStored);
  });

  it('400 for an e-mail address with a control character, angle brackets or quotes', async () => {
    const { post, dataDir } = await serve();
    for (const email of ['a\u0000b@example.com', '<script>x</script>@example.com', 'reader@exa"mple.com', 'tab\t@example.com']) {
      const answer = await post('subscribe', { ...subscription, email });
      expect(answer.status, email).toBe(400);
      expect(answer.body.fields).toEqual([{ field: 'email', reason: 'is not a valid e-mail address' }]);
    }
    expect(countAll(dataDir)).toEqual(nothingStored);
  });

  it('400 for a body that is not JSON or not an object', async () => {
    const { post, dataDir } = await serve();
    expect((await post('quiz', '{"score": 3,')).status).toBe(400);
    const list = await post('quiz', '[1, 2]');
    expect(list).toEqual({ status: 400, body: { error: 'the body must be a JSON object', fields: [{ field: '(body)', reason: 'must be an object' }] } });
    expect(countAll(dataDir)).toEqual(nothingStored);
  });

  it('413 for a body over 16 KB, 415 for anything but JSON, 405 for GET, 404 for an unknown form', async () => {
    const { post, base, dataDir } = await serve();
    const large = await post('subscribe', { ...subscription, name: 'x'.repeat(17 * 1024) });
    expect(large.status).toBe(413);
    const form = await post('subscribe', 'email=reader%40example.com', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const get = await fetch(`${base}/subscribe`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await post('petition', subscription)).status).toBe(404);
    expect(countAll(dataDir)).toEqual(nothingStored);
  });

  it('429 after 20 submissions a minute from one address, with Retry-After', async () => {
    const { post, base, dataDir } = await serve();
    for (let index = 0; index < 20; index++) expect((await post('quiz', { nonsense: index })).status).toBe(400);
    const refused = await fetch(`${base}/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(subscription) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(countAll(dataDir)).toEqual(nothingStored);
  });

  it('answers a filled honeypot with 201 and keeps nothing', async () => {
    const { post, dataDir } = await serve();
    expect(await post('subscribe', { ...subscription, website: 'https://spam.example' })).toEqual({ status: 201, body: { ok: true } });
    expect(countAll(dataDir)).toEqual(nothingStored);
  });
});

describe('esg serve: what it keeps', () => {
  it('stores a subscription once per normalised address and answers a repeat kindly', async () => {
    const { post, dataDir } = await serve();
    expect(await post('subscribe', { ...subscription, email: '  Reader@Example.COM ' })).toEqual({ status: 201, body: { ok: true } });
    expect(await post('subscribe', subscription)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    expect(rows(dataDir, 'SELECT email, name, locale FROM subscriptions')).toEqual([{ email: 'reader@example.com', name: '林小姐', locale: 'zh_TW' }]);
  });

  it('stores a survey answer with its ratings and a quiz record, and keeps them over a restart', async () => {
    const dataDir = join(tempDir('esg-forms-'), 'data');
    const first = await serve(dataDir);
    expect((await first.post('survey', survey)).status).toBe(201);
    expect((await first.post('quiz', { score: 17, total: 19, band: 'a', answers: ['true', '銅'], identify: '學生', company: '成功大學', email: 'Stu@Example.com', locale: 'zh_TW' })).status).toBe(201);
    await first.started.close();
    running.splice(running.indexOf(first.started), 1);

    const second = await serve(dataDir);
    expect(rows(dataDir, 'SELECT identity, organisation FROM survey_responses')).toEqual([{ identity: 'investor', organisation: '南港投資顧問' }]);
    expect(rows(dataDir, 'SELECT topic, concern FROM survey_ratings ORDER BY topic')).toEqual([{ topic: 'board-oversight', concern: 5 }, { topic: 'water-management', concern: 3 }]);
    expect(rows(dataDir, 'SELECT score, band, answers, email FROM quiz_records')).toEqual([{ score: 17, band: 'a', answers: '["true","銅"]', email: 'stu@example.com' }]);
    expect(rows(dataDir, 'SELECT version FROM schema_version')).toEqual([{ version: 1 }]);
    expect((await second.post('survey', { ...survey, identity: 'customer' })).status).toBe(201);
    expect(countAll(dataDir)).toEqual({ subscribe: 0, quiz: 1, survey: 2, ratings: 4 });
  });
});
