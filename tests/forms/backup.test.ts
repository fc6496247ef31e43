import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatabaseChoice } from '../../cli/forms/database.ts';
import { runEsg, tempDir } from '../helpers/site.ts';
import { usePostgres } from '../helpers/postgres.ts';
import { databaseArguments, formsDatabases, freshFormsDatabase, queryRows, withReceiver } from '../helpers/formsDatabase.ts';

const postgres = usePostgres();
const esg = (...args: string[]) => runEsg(args);

/** Every row of every table, in a fixed order: what a round trip must keep exactly. */
async function everything(choice: DatabaseChoice) {
  const table = (sql: string) => queryRows(choice, sql);
  return {
    settings: await table('SELECT * FROM settings ORDER BY name'),
    subscriptions: await table('SELECT * FROM subscriptions ORDER BY id'),
    quiz_records: await table('SELECT * FROM quiz_records ORDER BY id'),
    survey_responses: await table('SELECT * FROM survey_responses ORDER BY id'),
    survey_ratings: await table('SELECT * FROM survey_ratings ORDER BY response_id, position'),
  };
}

/** Submissions through a real receiver, with a gap in the ids (an unsubscribed reader); returns an unsubscribe link. */
async function fill(choice: DatabaseChoice): Promise<string> {
  return withReceiver(choice, async (post, origin) => {
    const links: string[] = [];
    for (const n of [1, 2, 3])
      links.push((await post('subscribe', { email: `reader${n}@example.com`, name: `讀者 "${n}"`, consent: true, locale: 'en' })).body.unsubscribe!);
    expect((await fetch(`${origin}${links[0]}`, { method: 'POST' })).status).toBe(200);
    await post('quiz', { score: 12, total: 19, band: 'b', answers: ['true', '銅', "O'Hara"], company: '=1+1', email: 'reader2@example.com', locale: 'zh_TW' });
    for (const organisation of ['彰化金屬', '鹿港社區']) {
      await post('survey', {
        identity: 'supplier',
        organisation,
        consent: true,
        locale: 'zh_CN',
        ratings: { 'supply-chain': 5, 'board-oversight': 2, 'water-management': 3 },
      });
    }
    return links[2]!;
  });
}

describe.each(formsDatabases)('esg forms backup and restore from %s', (name) => {
  it.each(formsDatabases)('round-trips every row into a new %s database, which then goes on as the old one', async (target) => {
    const source = await freshFormsDatabase(name, postgres);
    const link = await fill(source);
    const file = join(tempDir('esg-backup-'), 'forms.backup');
    const backup = esg('forms', 'backup', '--to', file, ...databaseArguments(source));
    expect(backup.code).toBe(0);
    expect(backup.stdout).toBe(`wrote ${file} (${name === 'SQLite' ? 'SQLite online backup' : 'JSON dump'})\n`);
    const head = readFileSync(file).subarray(0, 30).toString('latin1');
    expect(head).toMatch(name === 'SQLite' ? /^SQLite format 3/ : /^{"format":"esg-forms-dump"/);

    const restored = await freshFormsDatabase(target, postgres);
    const restore = esg('forms', 'restore', file, ...databaseArguments(restored));
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^restored .*\n  settings +1\n  subscriptions +2\n  quiz_records +1\n  survey_responses +2\n  survey_ratings +6\n$/);
    expect(await everything(restored)).toEqual(await everything(source));

    // The signing secret came along (links already sent still work) and new rows get new ids.
    await withReceiver(restored, async (post, origin) => {
      expect((await post('subscribe', { email: 'new@example.com', consent: true, locale: 'en' })).body.unsubscribe).toMatch(/token=4\./);
      expect((await fetch(`${origin}${link}`, { method: 'POST' })).status).toBe(200);
    });
  });

  it('refuses to restore over submissions unless --force, which replaces them', async () => {
    const source = await freshFormsDatabase(name, postgres);
    await fill(source);
    const file = join(tempDir('esg-backup-'), 'forms.backup');
    expect(esg('forms', 'backup', '--to', file, ...databaseArguments(source)).code).toBe(0);
    const target = await freshFormsDatabase(name, postgres);
    await withReceiver(target, (post) => post('subscribe', { email: 'already@example.com', consent: true, locale: 'en' }));

    const refused = esg('forms', 'restore', file, ...databaseArguments(target));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^esg: ESG8014 .* already holds 1 row; restoring would mix two sets of submissions\n  hint: .*--force/);
    expect(esg('forms', 'restore', file, '--force', ...databaseArguments(target)).code).toBe(0);
    expect(await everything(target)).toEqual(await everything(source));
  });

  it('refuses a file that is not a forms backup', async () => {
    const folder = tempDir('esg-backup-');
    const notes = join(folder, 'notes.txt');
    writeFileSync(notes, 'not a backup');
    const json = join(folder, 'other.json');
    writeFileSync(json, '{"rows": []}');
    const target = databaseArguments(await freshFormsDatabase(name, postgres));
    expect(esg('forms', 'restore', notes, ...target).stderr).toMatch(
      /^esg: ESG8013 .*notes\.txt is not a backup of the forms: it is neither a SQLite database nor a JSON dump/,
    );
    expect(esg('forms', 'restore', json, ...target).stderr).toMatch(/^esg: ESG8013 .*other\.json is not a backup of the forms: it is JSON, but not a dump/);
    expect(esg('forms', 'restore', join(folder, 'missing.sqlite'), ...target).stderr).toMatch(/^esg: ESG8013 .*it does not exist/);
  });
});
