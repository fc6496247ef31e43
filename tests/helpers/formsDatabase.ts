import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import Database from 'better-sqlite3';
import { databaseFile, type DatabaseChoice } from '../../cli/forms/database.ts';
import { startServe } from '../../cli/server/serve.ts';
import { tempDir } from './site.ts';

/** The two databases every forms test runs on. */
export const formsDatabases = ['SQLite', 'PostgreSQL'] as const;
export type FormsDatabaseName = (typeof formsDatabases)[number];

/** An empty forms database of the kind: a new data folder, or a new PostgreSQL database (with a data folder nothing is written to). */
export async function freshFormsDatabase(name: FormsDatabaseName, postgres: { newDatabase(): Promise<string> }): Promise<DatabaseChoice> {
  const dataDir = join(tempDir('esg-forms-'), 'data');
  return name === 'SQLite' ? { dataDir } : { dataDir, databaseUrl: await postgres.newDatabase() };
}

/** Rows of a query (with `?` placeholders), read apart from the code under test, as an operator would. */
export async function queryRows(choice: DatabaseChoice, sql: string, parameters: unknown[] = [], { write = false } = {}): Promise<Record<string, unknown>[]> {
  if (choice.databaseUrl) {
    const client = new pg.Client({ connectionString: choice.databaseUrl });
    await client.connect();
    try {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          parameters,
        )
      ).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(choice.dataDir, databaseFile), { readonly: !write, fileMustExist: true });
  try {
    const statement = db.prepare(sql);
    return statement.reader ? statement.all(...parameters) : (statement.run(...parameters), []);
  } finally {
    db.close();
  }
}

/** Rows in each forms table. */
export async function countRows(choice: DatabaseChoice): Promise<{ subscribe: number; quiz: number; survey: number; ratings: number }> {
  const [row] = await queryRows(
    choice,
    `SELECT CAST((SELECT COUNT(*) FROM subscriptions) AS INTEGER) AS subscribe, CAST((SELECT COUNT(*) FROM quiz_records) AS INTEGER) AS quiz,
     CAST((SELECT COUNT(*) FROM survey_responses) AS INTEGER) AS survey, CAST((SELECT COUNT(*) FROM survey_ratings) AS INTEGER) AS ratings`,
  );
  return row as { subscribe: number; quiz: number; survey: number; ratings: number };
}

/** The options that point an `esg forms` command at the database. */
export const databaseArguments = (choice: DatabaseChoice) => (choice.databaseUrl ? ['--database', choice.databaseUrl] : ['--data', choice.dataDir]);

export type Post = (kind: string, body: object) => Promise<{ status: number; body: { ok?: boolean; duplicate?: boolean; unsubscribe?: string } }>;

/** Runs `work` against a real receiver (`startServe` on a free port) over the database, then closes it. */
export async function withReceiver<T>(choice: DatabaseChoice, work: (post: Post, origin: string) => Promise<T>): Promise<T> {
  const serve = await startServe({ outDir: tempDir(), ...choice, endpoint: '/api/forms', port: 0 });
  const origin = `http://127.0.0.1:${(serve.server.address() as AddressInfo).port}`;
  const post: Post = async (kind, body) => {
    const response = await fetch(`${origin}/api/forms/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  try {
    return await work(post, origin);
  } finally {
    await serve.close();
  }
}
