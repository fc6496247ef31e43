import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FormsQuiz, FormsSubscribe, FormsSurvey } from '../../schemas/types.ts';
import { migrate } from './migrations.ts';

/** The database file inside the data folder. */
export const databaseFile = 'forms.sqlite';

export interface FormsStore {
  /** `duplicate` when the (normalised) address was already subscribed; nothing new is stored then. */
  addSubscription(subscription: FormsSubscribe): 'stored' | 'duplicate';
  addQuizRecord(record: FormsQuiz): void;
  addSurveyResponse(response: FormsSurvey): void;
  /** Throws when the database does not answer (`esg serve`'s /healthz). */
  ping(): void;
  close(): void;
}

/**
 * Opens (creating on first start) `<dataDir>/forms.sqlite` in WAL mode and brings its schema up to
 * date. synchronous=FULL: a row is on disk when its insert returns, which is before the 201 answer.
 */
export function openStore(dataDir: string): FormsStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, databaseFile));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const now = () => new Date().toISOString();
  const insertSubscription = db.prepare(
    'INSERT INTO subscriptions (email, name, consent, locale, created_at) VALUES (?, ?, 1, ?, ?) ON CONFLICT (email) DO NOTHING',
  );
  const insertQuiz = db.prepare(
    `INSERT INTO quiz_records (score, total, band, answers, identify, manual_identify, company, name, email, locale, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSurvey = db.prepare(
    `INSERT INTO survey_responses (identity, identity_other, organisation, name, email, consent, locale, created_at)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const insertRating = db.prepare('INSERT INTO survey_ratings (response_id, topic, concern) VALUES (?, ?, ?)');
  // One transaction: a survey answer is stored with all its ratings or not at all.
  const addSurvey = db.transaction((response: FormsSurvey) => {
    const { lastInsertRowid } = insertSurvey.run(
      response.identity, response.identityOther ?? '', response.organisation, response.name ?? '', response.email ?? '', response.locale, now(),
    );
    for (const [topic, concern] of Object.entries(response.ratings)) insertRating.run(lastInsertRowid, topic, concern);
  });

  return {
    addSubscription: (subscription) =>
      insertSubscription.run(subscription.email, subscription.name ?? '', subscription.locale, now()).changes ? 'stored' : 'duplicate',
    addQuizRecord: (record) => {
      insertQuiz.run(
        record.score, record.total, record.band, JSON.stringify(record.answers), record.identify ?? '', record.manualIdentify ?? '',
        record.company ?? '', record.name ?? '', record.email ?? '', record.locale, now(),
      );
    },
    addSurveyResponse: (response) => addSurvey(response),
    ping: () => {
      db.prepare('SELECT 1').get();
    },
    close: () => db.close(),
  };
}
