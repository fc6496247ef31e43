import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { databaseFile, type DatabaseRow, type FormsDatabase, type Sql } from './database.ts';
import { currentVersion, schemaVersion } from './migrations.ts';
import { openFormsStore } from './store.ts';

/**
 * The portable backup: every table's rows with the schema version they follow. PostgreSQL is
 * backed up this way (no pg_dump of a matching version needed), and either database restores it.
 */
export interface FormsDump {
  format: 'esg-forms-dump';
  schemaVersion: number;
  createdAt: string;
  tables: Record<DumpTable, DatabaseRow[]>;
}

/** The tables and their columns, parents before children (the order rows are loaded in). */
const tableColumns = {
  settings: ['name', 'value'],
  subscriptions: ['id', 'email', 'name', 'consent', 'locale', 'created_at'],
  quiz_records: ['id', 'score', 'total', 'band', 'answers', 'identify', 'manual_identify', 'company', 'name', 'email', 'locale', 'created_at'],
  survey_responses: ['id', 'identity', 'identity_other', 'organisation', 'name', 'email', 'consent', 'locale', 'created_at'],
  survey_ratings: ['response_id', 'topic', 'concern', 'position'],
} as const;
type DumpTable = keyof typeof tableColumns;
const dumpTables = Object.keys(tableColumns) as DumpTable[];
const rowOrder: Record<DumpTable, string> = {
  settings: 'name',
  subscriptions: 'id',
  quiz_records: 'id',
  survey_responses: 'id',
  survey_ratings: 'response_id, position, topic',
};

/** Every row of every table. */
export async function dumpForms(sql: Sql): Promise<FormsDump> {
  const tables = {} as FormsDump['tables'];
  for (const table of dumpTables) tables[table] = await sql.all(`SELECT ${tableColumns[table].join(', ')} FROM ${table} ORDER BY ${rowOrder[table]}`);
  return { format: 'esg-forms-dump', schemaVersion: await schemaVersion(sql), createdAt: new Date().toISOString(), tables };
}

/**
 * `esg forms backup --to FILE`: SQLite's online backup (a SQLite file) or, for PostgreSQL, the
 * JSON dump. Written beside FILE first and renamed, so FILE is never half written.
 */
export async function backupForms(database: FormsDatabase, file: string): Promise<'sqlite' | 'json'> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  if (database.onlineBackup) {
    await database.onlineBackup(partial);
  } else {
    writeFileSync(partial, JSON.stringify(await dumpForms(database)));
  }
  renameSync(partial, file);
  return database.onlineBackup ? 'sqlite' : 'json';
}

/** A backup file as a dump: a JSON dump as it is, a SQLite backup read through a migrated copy. */
export async function readBackup(file: string): Promise<FormsDump> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new UsageError(errors.notFormsBackup, file, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String(error));
  }
  if (bytes.subarray(0, 16).toString('latin1') === 'SQLite format 3\0') return dumpOfSqliteFile(file);
  let dump: Partial<FormsDump>;
  try {
    dump = JSON.parse(bytes.toString('utf8')) as Partial<FormsDump>;
  } catch {
    throw new UsageError(errors.notFormsBackup, file, 'it is neither a SQLite database nor a JSON dump');
  }
  if (dump?.format !== 'esg-forms-dump' || typeof dump.schemaVersion !== 'number' || !dump.tables) {
    throw new UsageError(errors.notFormsBackup, file, 'it is JSON, but not a dump written by esg forms backup');
  }
  if (dump.schemaVersion > currentVersion) {
    throw new UsageError(
      errors.notFormsBackup,
      file,
      `it follows schema version ${dump.schemaVersion}, newer than this esg knows (${currentVersion}); restore it with a newer esg`,
    );
  }
  return dump as FormsDump;
}

/** Reads a SQLite backup from a copy, brought to the current schema, leaving the backup untouched. */
async function dumpOfSqliteFile(file: string): Promise<FormsDump> {
  const folder = mkdtempSync(join(tmpdir(), 'esg-restore-'));
  try {
    copyFileSync(file, join(folder, databaseFile));
    const store = await openFormsStore({ dataDir: folder, create: false });
    try {
      return await dumpForms(store.database);
    } finally {
      await store.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Rows in the submission tables (settings do not count: every database makes its own secret). */
async function submissionRows(sql: Sql): Promise<number> {
  let rows = 0;
  for (const table of dumpTables.filter((name) => name !== 'settings')) {
    rows += (await sql.all<{ count: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${table}`))[0]!.count;
  }
  return rows;
}

/**
 * `esg forms restore FILE`: loads a dump into the database in one transaction. A database that
 * already holds submissions is refused unless `force`, which replaces them. Rows keep their ids,
 * and the signing secret comes with them, so unsubscribe links sent before still work.
 */
export async function restoreForms(database: FormsDatabase, dump: FormsDump, force: boolean): Promise<Record<DumpTable, number>> {
  return database.transaction(async (sql) => {
    const existing = await submissionRows(sql);
    if (existing && !force) throw new UsageError(errors.restoreOverData, database.location, existing);
    for (const table of [...dumpTables].reverse()) await sql.run(`DELETE FROM ${table}`);
    const loaded = {} as Record<DumpTable, number>;
    for (const table of dumpTables) {
      const rows = dump.tables[table] ?? [];
      // Only the columns this schema has and the row carries (an older dump lacks newer ones, which take their defaults).
      const columns = tableColumns[table].filter((column) => rows.length && column in rows[0]!);
      for (let start = 0; start < rows.length; start += 500) {
        const batch = rows.slice(start, start + 500);
        await sql.run(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}`,
          batch.flatMap((row) => columns.map((column) => row[column] ?? null)),
        );
      }
      const continueIds = table === 'settings' || table === 'survey_ratings' ? null : database.dialect.continueIds(table);
      if (continueIds) await sql.all(continueIds);
      loaded[table] = rows.length;
    }
    return loaded;
  });
}
