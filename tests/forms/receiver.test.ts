import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startServe, type RunningServe } from '../../cli/server/serve.ts';
import { databaseFile, type DatabaseChoice } from '../../cli/forms/database.ts';
import { tempDir } from '../helpers/site.ts';
import { usePostgres } from '../helpers/postgres.ts';
import { countRows, formsDatabases, freshFormsDatabase, queryRows } from '../helpers/formsDatabase.ts';

const postgres = usePostgres();
const running: RunningServe[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) await serve.close();
});

/** A real `esg serve` on a free port, over an empty site folder and the given (new) database. */
async function serve(choice: DatabaseChoice) {
  const started = await startServe({ outDir: tempDir('esg-forms-out-'), ...choice, endpoint: '/api/forms', port: 0 });
  running.push(started);
  const { port } = started.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api/forms`;
  const post = async (kind: string, body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) => {
    const response = await fetch(`${base}/${kind}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return {
      status: response.status,
      body: (await response.json()) as {
        ok?: boolean;
        duplicate?: boolean;
        unsubscribe?: string;
        error?: string;
        fields?: { field: string; reason: string }[];
      },
    };
  };
  return { started, base, post };
}

const nothingStored = { subscribe: 0, quiz: 0, survey: 0, ratings: 0 };

const subscription = { email: 'reader@example.com', name: '林小姐', consent: true, locale: 'zh_TW' };
const survey = {
  identity: 'investor',
  organisation: '南港投資顧問',
  name: '',
  email: '',
  consent: true,
  locale: 'zh_TW',
  ratings: { 'board-oversight': 5, 'water-management': 3 },
};

describe.each(formsDatabases)('esg serve on %s', (name) => {
  let database: DatabaseChoice;
  beforeEach(async () => {
    database = await freshFormsDatabase(name, postgres);
  });
  const rows = (sql: string) => queryRows(database, sql);

  describe('the forms receiver refuses what it should, storing nothing', () => {
    it('creates the database (SQLite: the data folder, in WAL mode) with a schema version on first start', async () => {
      await serve(database);
      if (name === 'SQLite') {
        expect(existsSync(join(database.dataDir, databaseFile))).toBe(true);
        expect(await rows('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
      } else {
        expect(existsSync(database.dataDir)).toBe(false);
      }
      expect(await rows('SELECT version FROM schema_version ORDER BY version')).toEqual([{ version: 1 }, { version: 2 }]);
    });

    it('400 with a reason per field for a body that breaks the schema', async () => {
      const { post } = await serve(database);
      const answer = await post('subscribe', { email: 'not-an-address', consent: false, locale: 'fr', colour: 'blue' });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual(
        expect.arrayContaining([
          { field: 'email', reason: 'is not a valid e-mail address' },
          { field: 'consent', reason: 'must be true' },
          { field: 'locale', reason: 'must be one of: zh_TW, zh_CN, en' },
          { field: 'colour', reason: 'is not a field of this form' },
        ]),
      );
      const missing = await post('survey', { ...survey, organisation: undefined, ratings: { 'board-oversight': 9, Bad: 1 } });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual(
        expect.arrayContaining([
          { field: 'organisation', reason: 'is required' },
          { field: 'ratings.board-oversight', reason: 'must be <= 5' },
          { field: 'ratings.Bad', reason: 'is not an accepted name here' },
        ]),
      );
      expect(await countRows(database)).toEqual(nothingStored);
    });

    it('400 for an e-mail address with a control character, angle brackets or quotes', async () => {
      const { post } = await serve(database);
      for (const email of ['a\u0000b@example.com', '<script>x</script>@example.com', 'reader@exa"mple.com', 'tab\t@example.com']) {
        const answer = await post('subscribe', { ...subscription, email });
        expect(answer.status, email).toBe(400);
        expect(answer.body.fields).toEqual([{ field: 'email', reason: 'is not a valid e-mail address' }]);
      }
      expect(await countRows(database)).toEqual(nothingStored);
    });

    it('400 for a body that is not JSON or not an object', async () => {
      const { post } = await serve(database);
      expect((await post('quiz', '{"score": 3,')).status).toBe(400);
      const list = await post('quiz', '[1, 2]');
      expect(list).toEqual({ status: 400, body: { error: 'the body must be a JSON object', fields: [{ field: '(body)', reason: 'must be an object' }] } });
      expect(await countRows(database)).toEqual(nothingStored);
    });

    it('413 for a body over 16 KB, 415 for anything but JSON, 405 for GET, 404 for an unknown form', async () => {
      const { post, base } = await serve(database);
      const large = await post('subscribe', { ...subscription, name: 'x'.repeat(17 * 1024) });
      expect(large.status).toBe(413);
      const form = await post('subscribe', 'email=reader%40example.com', { 'Content-Type': 'application/x-www-form-urlencoded' });
      expect(form.status).toBe(415);
      const get = await fetch(`${base}/subscribe`);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect((await post('petition', subscription)).status).toBe(404);
      expect(await countRows(database)).toEqual(nothingStored);
    });

    it('429 after 20 submissions a minute from one address, with Retry-After', async () => {
      const { post, base } = await serve(database);
      for (let index = 0; index < 20; index++) expect((await post('quiz', { nonsense: index })).status).toBe(400);
      const refused = await fetch(`${base}/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(subscription) });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await countRows(database)).toEqual(nothingStored);
    });

    it('answers a filled honeypot with 201 and keeps nothing', async () => {
      const { post } = await serve(database);
      expect(await post('subscribe', { ...subscription, website: 'https://spam.example' })).toEqual({ status: 201, body: { ok: true } });
      expect(await countRows(database)).toEqual(nothingStored);
    });
  });

  describe('what it keeps', () => {
    it('stores a subscription once per normalised address and answers a repeat kindly', async () => {
      const { post } = await serve(database);
      expect(await post('subscribe', { ...subscription, email: '  Reader@Example.COM ' })).toEqual({
        status: 201,
        body: { ok: true, unsubscribe: expect.stringMatching(/^\/api\/forms\/unsubscribe\?token=1\.[\w-]{43}$/) },
      });
      expect(await post('subscribe', subscription)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
      expect(await rows('SELECT email, name, locale FROM subscriptions')).toEqual([{ email: 'reader@example.com', name: '林小姐', locale: 'zh_TW' }]);
    });

    it('stores a survey answer with its ratings and a quiz record, and keeps them over a restart', async () => {
      const first = await serve(database);
      expect((await first.post('survey', survey)).status).toBe(201);
      expect(
        (
          await first.post('quiz', {
            score: 17,
            total: 19,
            band: 'a',
            answers: ['true', '銅'],
            identify: '學生',
            company: '成功大學',
            email: 'Stu@Example.com',
            locale: 'zh_TW',
          })
        ).status,
      ).toBe(201);
      await first.started.close();
      running.splice(running.indexOf(first.started), 1);

      const second = await serve(database);
      expect(await rows('SELECT identity, organisation FROM survey_responses')).toEqual([{ identity: 'investor', organisation: '南港投資顧問' }]);
      expect(await rows('SELECT topic, concern FROM survey_ratings ORDER BY topic')).toEqual([
        { topic: 'board-oversight', concern: 5 },
        { topic: 'water-management', concern: 3 },
      ]);
      expect(await rows('SELECT score, band, answers, email FROM quiz_records')).toEqual([
        { score: 17, band: 'a', answers: '["true","銅"]', email: 'stu@example.com' },
      ]);
      expect(await rows('SELECT version FROM schema_version ORDER BY version')).toEqual([{ version: 1 }, { version: 2 }]);
      expect((await second.post('survey', { ...survey, identity: 'customer' })).status).toBe(201);
      expect(await countRows(database)).toEqual({ subscribe: 0, quiz: 1, survey: 2, ratings: 4 });
    });
  });
});
