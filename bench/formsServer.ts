/**
 * The real `esg serve` as a child process for bench/forms and tests/forms/faults: build the sample
 * site, find a free loopback port, start the server, kill it with SIGKILL, and read what reached
 * its SQLite file. Every child and temp folder made here is removed when the process exits, also
 * after an error or Ctrl-C, so a failed run leaves no server listening.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { databaseFile } from '../cli/forms/store.ts';

export const root = resolve(import.meta.dirname, '..');
const esg = join(root, 'bin/esg.js');

const children = new Set<ChildProcess>();
const tempFolders = new Set<string>();

function cleanUp(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of tempFolders) rmSync(folder, { recursive: true, force: true });
  tempFolders.clear();
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** A temp folder removed when this process exits. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  tempFolders.add(folder);
  return folder;
}

/** Removes a temp folder now (and forgets it). */
export function removeTempFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
  tempFolders.delete(folder);
}

/** `esg build` of the sample content in its own process, as an operator would run it (`options`: `--compress`, say). */
export function buildSampleSite(outDir: string, options: string[] = []): void {
  const built = spawnSync(process.execPath, [esg, 'build', '--out', outDir, ...options], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`esg build failed:\n${built.stdout}\n${built.stderr}`);
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

export interface ServeProcess {
  child: ChildProcess;
  /** From spawn to the "Serving …" line (the port is listening and the database is open). */
  startMs: number;
  /** What the server printed so far (stdout and stderr), for a failure message. */
  output(): string;
}

export interface ServeSetup {
  outDir: string;
  dataDir: string;
  /** `postgres://…`: the server keeps the forms in PostgreSQL (`--database`) instead of under dataDir. */
  databaseUrl?: string;
  port: number;
  /** Submissions per minute from one address; 0 (no limit) lets one loopback client load it. */
  rateLimit?: number;
}

/** Starts `node bin/esg.js serve` and resolves once it says it is serving. */
export function startServeProcess({ outDir, dataDir, databaseUrl, port, rateLimit = 0 }: ServeSetup): Promise<ServeProcess> {
  const started = performance.now();
  const database = databaseUrl ? ['--database', databaseUrl] : [];
  const child = spawn(
    process.execPath,
    [
      esg,
      'serve',
      '--out',
      outDir,
      '--data',
      dataDir,
      ...database,
      '--content',
      join(root, 'content'),
      '--port',
      String(port),
      '--rate-limit',
      String(rateLimit),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  let printed = '';
  const output = () => printed;
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`esg serve did not start within 60 s:\n${printed}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Serving ')) {
        clearTimeout(timer);
        done({ child, startMs: performance.now() - started, output });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`esg serve exited (${signal ?? code}) before serving:\n${printed}`));
    });
  });
}

/** `kill -9`: no chance to close the database or answer anything in flight. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

export interface StoredForms {
  /** The unique marker of each stored row: subscription and quiz e-mail, survey organisation. */
  subscribe: Set<string>;
  quiz: Set<string>;
  survey: Set<string>;
  counts: { subscribe: number; quiz: number; survey: number; ratings: number };
  /** Survey answers stored without all their ratings (a torn transaction would show here). */
  surveysMissingRatings: number;
}

/** Reads the data folder's database read-only, apart from the server, as an operator would. */
export function readStoredForms(dataDir: string, ratingsPerSurvey?: number): StoredForms {
  const db = new Database(join(dataDir, databaseFile), { readonly: true, fileMustExist: true });
  try {
    const column = (sql: string) =>
      new Set(
        db
          .prepare<{ value: string }>(sql)
          .all()
          .map((row) => row.value),
      );
    const count = (table: string) => db.prepare<{ count: number }>(`SELECT COUNT(*) AS count FROM ${table}`).get()!.count;
    const torn =
      ratingsPerSurvey === undefined
        ? 0
        : db
            .prepare<{ count: number }>(
              'SELECT COUNT(*) AS count FROM survey_responses r WHERE (SELECT COUNT(*) FROM survey_ratings WHERE response_id = r.id) <> ?',
            )
            .get(ratingsPerSurvey)!.count;
    return {
      subscribe: column('SELECT email AS value FROM subscriptions'),
      quiz: column('SELECT email AS value FROM quiz_records'),
      survey: column('SELECT organisation AS value FROM survey_responses'),
      counts: { subscribe: count('subscriptions'), quiz: count('quiz_records'), survey: count('survey_responses'), ratings: count('survey_ratings') },
      surveysMissingRatings: torn,
    };
  } finally {
    db.close();
  }
}

/** readStoredForms for a PostgreSQL database (`esg serve --database`). */
export async function readStoredFormsFromPostgres(databaseUrl: string, ratingsPerSurvey: number): Promise<StoredForms> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const column = async (sql: string) => new Set((await client.query<{ value: string }>(sql)).rows.map((row) => row.value));
    const count = async (table: string) => (await client.query<{ count: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${table}`)).rows[0]!.count;
    const torn = await client.query<{ count: number }>(
      'SELECT CAST(COUNT(*) AS INTEGER) AS count FROM survey_responses r WHERE (SELECT COUNT(*) FROM survey_ratings WHERE response_id = r.id) <> $1',
      [ratingsPerSurvey],
    );
    return {
      subscribe: await column('SELECT email AS value FROM subscriptions'),
      quiz: await column('SELECT email AS value FROM quiz_records'),
      survey: await column('SELECT organisation AS value FROM survey_responses'),
      counts: {
        subscribe: await count('subscriptions'),
        quiz: await count('quiz_records'),
        survey: await count('survey_responses'),
        ratings: await count('survey_ratings'),
      },
      surveysMissingRatings: torn.rows[0]!.count,
    };
  } finally {
    await client.end();
  }
}

/** One row of a table as stored, found by a column's value (for checking text is kept verbatim). */
export function storedRow(dataDir: string, table: string, column: string, value: string): Record<string, unknown> | undefined {
  const db = new Database(join(dataDir, databaseFile), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<Record<string, unknown>>(`SELECT * FROM ${table} WHERE ${column} = ?`).get(value);
  } finally {
    db.close();
  }
}
