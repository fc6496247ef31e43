import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServe } from '../../cli/server/serve.ts';
import { byteOrderMark } from '../../cli/build/csv.ts';
import { repoRoot, runEsg, tempDir } from '../helpers/site.ts';
import { usePostgres } from '../helpers/postgres.ts';
import { databaseArguments, formsDatabases, freshFormsDatabase } from '../helpers/formsDatabase.ts';

const esg = (...args: string[]) => runEsg(args);
const postgres = usePostgres();

/** Fills a new database through a real receiver, as visitors would. */
async function receivedForms(name: (typeof formsDatabases)[number]): Promise<string[]> {
  const choice = await freshFormsDatabase(name, postgres);
  const serve = await startServe({ outDir: tempDir(), ...choice, endpoint: '/api/forms', port: 0 });
  const { port } = serve.server.address() as AddressInfo;
  const post = (kind: string, body: object) =>
    fetch(`http://127.0.0.1:${port}/api/forms/${kind}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await post('subscribe', { email: 'Chen@Example.com', name: '陳, 先生', consent: true, locale: 'zh_TW' });
  await post('quiz', { score: 12, total: 19, band: 'b', answers: ['true', 'false'], company: '華岳"供應商"', locale: 'zh_TW' });
  await post('quiz', {
    score: 3,
    total: 19,
    band: 'c',
    answers: ['true'],
    company: '=HYPERLINK("http://x.example","Click")',
    name: '+886 2 1234',
    locale: 'zh_TW',
  });
  await post('survey', {
    identity: 'supplier',
    organisation: '彰化金屬',
    consent: true,
    locale: 'zh_TW',
    ratings: { 'board-oversight': 4, 'supply-chain': 5 },
  });
  await post('survey', {
    identity: 'other',
    identityOther: '里長',
    organisation: '鹿港社區',
    consent: true,
    locale: 'zh_TW',
    ratings: { 'board-oversight': 3, 'supply-chain': 2 },
  });
  await serve.close();
  return databaseArguments(choice);
}

describe.each(formsDatabases)('esg forms export and stats on %s', (name) => {
  it('export writes each form as CSV with a BOM, quoting what needs it', async () => {
    const database = await receivedForms(name);
    const out = join(tempDir(), 'subscribe.csv');
    expect(esg('forms', 'export', '--kind', 'subscribe', ...database, '--out', out).code).toBe(0);
    const subscribe = readFileSync(out, 'utf8');
    expect(subscribe.startsWith(byteOrderMark)).toBe(true);
    expect(subscribe.slice(1).split('\r\n')[0]).toBe('id,email,name,locale,created_at');
    expect(subscribe).toMatch(/^1,chen@example\.com,"陳, 先生",zh_TW,\d{4}-\d{2}-\d{2}T/m);

    const quiz = esg('forms', 'export', '--kind', 'quiz', ...database).stdout;
    expect(quiz).toContain('id,score,total,band,identify,manual_identify,company,name,email,answers,locale,created_at');
    expect(quiz).toContain('1,12,19,b,,,"華岳""供應商""",,,"[""true"",""false""]",zh_TW,');
    // Text a spreadsheet would run as a formula is kept as text.
    expect(quiz).toContain(`2,3,19,c,,,"'=HYPERLINK(""http://x.example"",""Click"")",'+886 2 1234,,"[""true""]",zh_TW,`);

    const survey = esg('forms', 'export', '--kind', 'survey', ...database)
      .stdout.slice(1)
      .split('\r\n');
    expect(survey[0]).toBe('id,identity,identity_other,organisation,name,email,locale,created_at,board-oversight,supply-chain');
    expect(survey[1]).toMatch(/^1,supplier,,彰化金屬,,,zh_TW,[^,]+,4,5$/);
    expect(survey[2]).toMatch(/^2,other,里長,鹿港社區,,,zh_TW,[^,]+,3,2$/);
  });

  it('stats counts every form and averages the concern per topic', async () => {
    const result = esg('forms', 'stats', ...(await receivedForms(name)));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/subscriptions +1\nquiz records +2\nsurvey responses +2/);
    expect(result.stdout).toMatch(/board-oversight +3\.50 +\(2 ratings\)/);
    expect(result.stdout).toMatch(/supply-chain +3\.50 +\(2 ratings\)/);
  });
});

describe('esg forms: where the database is', () => {
  it('a wrong kind or a data folder without a database is a usage error (exit 2)', () => {
    const wrong = esg('forms', 'export', '--kind', 'petition', '--data', tempDir());
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^esg: ESG8005 .*"petition"/);
    const both = esg('forms', 'export', '--kind', 'quiz', '--email', 'a@b.tw', '--data', tempDir());
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^esg: ESG8001 give either --kind subscribe\|quiz\|survey or --email ADDRESS/);
    const empty = esg('forms', 'stats', '--data', tempDir());
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^esg: ESG8006 .*forms\.sqlite/);
  });

  it('a --database or DATABASE_URL that is not PostgreSQL, or that nothing answers, is a usage error (exit 2) that hides the password', () => {
    const mysql = esg('forms', 'stats', '--database', 'mysql://esg:hunter2@db.example.org/forms');
    expect(mysql.code).toBe(2);
    expect(mysql.stderr).toMatch(/^esg: ESG8011 "mysql:\/\/esg:\*\*\*@db\.example\.org\/forms" is not a PostgreSQL address/);
    const nobody = runEsg(['forms', 'stats'], { env: { ...process.env, DATABASE_URL: 'postgres://esg:hunter2@127.0.0.1:1/forms' } });
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toMatch(/^esg: ESG8012 cannot connect to postgres:\/\/esg:\*\*\*@127\.0\.0\.1:1\/forms: .*ECONNREFUSED/);
    expect(nobody.stderr).not.toContain('hunter2');
  });

  it('esg serve creates the data folder on first start and answers forms and pages on one port', async () => {
    const dataDir = join(tempDir('esg-forms-'), 'data');
    const child = spawn(process.execPath, [join(repoRoot, 'bin/esg.js'), 'serve', '--out', tempDir(), '--data', dataDir, '--port', '0'], { cwd: repoRoot });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString()));
        child.on('exit', (code) => reject(new Error(`esg serve exited with ${code}`)));
      });
      const port = /localhost:(\d+)/.exec(line)![1];
      expect(line).toContain('forms at /api/forms/subscribe|quiz|survey');
      const answer = await fetch(`http://127.0.0.1:${port}/api/forms/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.tw', consent: true, locale: 'en' }),
      });
      expect(answer.status).toBe(201);
      expect((await fetch(`http://127.0.0.1:${port}/zh_TW/nowhere`)).status).toBe(404);
    } finally {
      child.kill();
    }
    expect(esg('forms', 'stats', '--data', dataDir).stdout).toMatch(/subscriptions +1/);
    // The operator who set ESG_DATA_DIR for the receiver finds the same forms without --data.
    const fromEnvironment = runEsg(['forms', 'export', '--kind', 'subscribe'], { env: { ...process.env, ESG_DATA_DIR: dataDir } });
    expect(fromEnvironment.code).toBe(0);
    expect(fromEnvironment.stdout).toContain(',a@b.tw,');
  });
});
