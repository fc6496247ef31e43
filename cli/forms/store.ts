import { randomBytes } from 'node:crypto';
import type { FormsQuiz, FormsSubscribe, FormsSurvey } from '../../schemas/types.ts';
import { openDatabase, type DatabaseChoice, type FormsDatabase } from './database.ts';
import { migrate } from './migrations.ts';

export { databaseFile } from './database.ts';

/** A subscription as the unsubscribe page needs it. */
export interface StoredSubscription {
  id: number;
  email: string;
  locale: string;
}

/** What the receiver stores and reads, the same over SQLite and PostgreSQL. */
export interface FormsStore {
  /** The database underneath, for the `esg forms` commands (export, backup, erase, retention). */
  database: FormsDatabase;
  /** Signs unsubscribe links: `ESG_SECRET`, else the one kept in the database (made on first start). */
  secret: string;
  /** `duplicate` when the (normalised) address was already subscribed; nothing new is stored then. */
  addSubscription(subscription: FormsSubscribe): Promise<{ status: 'stored'; id: number } | { status: 'duplicate' }>;
  addQuizRecord(record: FormsQuiz): Promise<void>;
  /** The answer and all its ratings in one transaction. */
  addSurveyResponse(response: FormsSurvey): Promise<void>;
  subscription(id: number): Promise<StoredSubscription | undefined>;
  /** False when there was no such subscription (already removed). */
  removeSubscription(id: number): Promise<boolean>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions extends DatabaseChoice {
  /** Create the SQLite file when missing (the receiver); the `esg forms` commands only read an existing one. Default true. */
  create?: boolean;
}

/**
 * Opens the forms database (PostgreSQL when `databaseUrl` is set, else `<dataDir>/forms.sqlite`),
 * brings its schema up to date and reads the signing secret. Every add resolves once its rows are
 * committed, which is before the receiver answers 201.
 */
export async function openFormsStore({ create = true, ...choice }: StoreOptions): Promise<FormsStore> {
  const database = await openDatabase(choice, create);
  try {
    await migrate(database);
    const secret = process.env.ESG_SECRET || (await storedSecret(database));
    return formsStore(database, secret);
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The database's signing secret; the first receiver to start makes it, the others read that one. */
async function storedSecret(database: FormsDatabase): Promise<string> {
  await database.run("INSERT INTO settings (name, value) VALUES ('unsubscribe-secret', ?) ON CONFLICT (name) DO NOTHING", [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await database.all<{ value: string }>("SELECT value FROM settings WHERE name = 'unsubscribe-secret'");
  return row!.value;
}

function formsStore(database: FormsDatabase, secret: string): FormsStore {
  const now = () => new Date().toISOString();
  return {
    database,
    secret,
    async addSubscription(subscription) {
      const [row] = await database.all<{ id: number }>(
        'INSERT INTO subscriptions (email, name, consent, locale, created_at) VALUES (?, ?, 1, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING id',
        [subscription.email, subscription.name ?? '', subscription.locale, now()],
      );
      return row ? { status: 'stored', id: row.id } : { status: 'duplicate' };
    },
    async addQuizRecord(record) {
      await database.run(
        `INSERT INTO quiz_records (score, total, band, answers, identify, manual_identify, company, name, email, locale, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          record.score,
          record.total,
          record.band,
          JSON.stringify(record.answers),
          record.identify ?? '',
          record.manualIdentify ?? '',
          record.company ?? '',
          record.name ?? '',
          record.email ?? '',
          record.locale,
          now(),
        ],
      );
    },
    addSurveyResponse: (response) =>
      database.transaction(async (sql) => {
        const [row] = await sql.all<{ id: number }>(
          `INSERT INTO survey_responses (identity, identity_other, organisation, name, email, consent, locale, created_at)
         VALUES (?, ?, ?, ?, ?, 1, ?, ?) RETURNING id`,
          [response.identity, response.identityOther ?? '', response.organisation, response.name ?? '', response.email ?? '', response.locale, now()],
        );
        // One statement for all the ratings: on PostgreSQL each statement is a round trip.
        const ratings = Object.entries(response.ratings);
        await sql.run(
          `INSERT INTO survey_ratings (response_id, topic, concern, position) VALUES ${ratings.map(() => '(?, ?, ?, ?)').join(', ')}`,
          ratings.flatMap(([topic, concern], position) => [row!.id, topic, concern, position]),
        );
      }),
    async subscription(id) {
      const [row] = await database.all<StoredSubscription>('SELECT id, email, locale FROM subscriptions WHERE id = ?', [id]);
      return row;
    },
    removeSubscription: async (id) => (await database.run('DELETE FROM subscriptions WHERE id = ?', [id])) > 0,
    ping: async () => void (await database.all('SELECT 1 AS one')),
    close: () => database.close(),
  };
}
