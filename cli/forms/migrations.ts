import type { Database } from 'better-sqlite3';

/**
 * The forms database's schema, one step per version. A step is never edited once shipped: a change
 * is a new step, so a data folder from any earlier version upgrades in order on the next start.
 */
export const migrations: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE subscriptions (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL DEFAULT '',
        consent INTEGER NOT NULL CHECK (consent = 1),
        locale TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE quiz_records (
        id INTEGER PRIMARY KEY,
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
        id INTEGER PRIMARY KEY,
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
];

/** The version the data folder's database is at (0 for a new one). */
export function schemaVersion(db: Database): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at TEXT NOT NULL)');
  const row = db.prepare<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_version').get();
  return row?.version ?? 0;
}

/** Applies every step newer than the database, each in its own transaction with its version row. */
export function migrate(db: Database): number {
  let version = schemaVersion(db);
  for (const step of migrations.filter((migration) => migration.version > version)) {
    db.transaction(() => {
      db.exec(step.sql);
      db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(step.version, new Date().toISOString());
    })();
    version = step.version;
  }
  return version;
}
