import type { Dialect, Sql } from './database.ts';

/**
 * The forms database's schema, one step per version, the same steps for SQLite and PostgreSQL
 * (where the dialects differ, the step reads it from the dialect). A step is never edited once
 * shipped: a change is a new step, so a database from any earlier version upgrades in order.
 */
export const migrations: { version: number; sql: (dialect: Dialect) => string }[] = [
  {
    version: 1,
    sql: ({ idColumn }) => `
      CREATE TABLE subscriptions (
        id ${idColumn},
        email TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL DEFAULT '',
        consent INTEGER NOT NULL CHECK (consent = 1),
        locale TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE quiz_records (
        id ${idColumn},
        score INTEGER NOT NULL,
        total INTEGER NOT NULL,
        band TEXT NOT NULL CHECK (band IN ('a', 'b', 'c')),
        answers TEXT NOT NULL,
        identify TEXT NOT NULL DEFAULT '',
        manual_identify TEXT NOT NULL DEFAULT '',
        company TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '',
        locale TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE survey_responses (
        id ${idColumn},
        identity TEXT NOT NULL,
        identity_other TEXT NOT NULL DEFAULT '',
        organisation TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '',
        consent INTEGER NOT NULL CHECK (consent = 1),
        locale TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE survey_ratings (
        response_id INTEGER NOT NULL REFERENCES survey_responses (id),
        topic TEXT NOT NULL,
        concern INTEGER NOT NULL CHECK (concern BETWEEN 1 AND 5),
        PRIMARY KEY (response_id, topic)
      );
    `,
  },
  {
    // PostgreSQL has no rowid to keep the questionnaire's topic order by, so each rating keeps its
    // place in its answer (existing SQLite rows get theirs from the order they were inserted in).
    // Settings hold the secret that signs unsubscribe links, shared by every receiver of the
    // database. The indexes serve erase/export by address and the retention cut-off.
    version: 2,
    sql: ({ insertionOrder }) => `
      ALTER TABLE survey_ratings ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
      UPDATE survey_ratings SET position = (
        SELECT COUNT(*) FROM survey_ratings AS earlier
        WHERE earlier.response_id = survey_ratings.response_id AND earlier.${insertionOrder} < survey_ratings.${insertionOrder}
      );
      CREATE TABLE settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE INDEX quiz_records_email ON quiz_records (email);
      CREATE INDEX survey_responses_email ON survey_responses (email);
      CREATE INDEX survey_responses_created_at ON survey_responses (created_at);
    `,
  },
];

/** The newest schema version. */
export const currentVersion = migrations.at(-1)!.version;

/** The version the database is at (0 for a new one). */
export async function schemaVersion(sql: Sql): Promise<number> {
  await sql.script('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TEXT NOT NULL)');
  const [row] = await sql.all<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_version');
  return row?.version ?? 0;
}

/**
 * Applies every step newer than the database, each in its own transaction with its version row,
 * while no other receiver of the same database migrates (see FormsDatabase.alone). The version is
 * read again inside each step's transaction, so a step another process applied meanwhile is skipped.
 */
export async function migrate(database: Sql & { dialect: Dialect; alone: <T>(work: (sql: Sql) => Promise<T>) => Promise<T> }): Promise<number> {
  return database.alone(async (sql) => {
    let version = await schemaVersion(sql);
    for (const step of migrations.filter((migration) => migration.version > version)) {
      await sql.transaction(async (inside) => {
        if ((await schemaVersion(inside)) >= step.version) return;
        await inside.script(step.sql(database.dialect));
        await inside.run('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)', [step.version, new Date().toISOString()]);
      });
      version = step.version;
    }
    return version;
  });
}
