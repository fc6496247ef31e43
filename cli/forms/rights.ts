import type { DatabaseRow, Sql } from './database.ts';

/** Rows removed per table by `esg forms erase`. */
export interface Erased {
  subscriptions: number;
  quiz_records: number;
  survey_responses: number;
  survey_ratings: number;
}

/**
 * Removes everything stored under one (normalised) address: the subscription, quiz records and
 * survey answers with their ratings, in one transaction.
 */
export function eraseAddress(database: Sql, email: string): Promise<Erased> {
  return database.transaction(async (sql) => {
    // Ratings first: they refer to the answers.
    const survey_ratings = await sql.run('DELETE FROM survey_ratings WHERE response_id IN (SELECT id FROM survey_responses WHERE email = ?)', [email]);
    const survey_responses = await sql.run('DELETE FROM survey_responses WHERE email = ?', [email]);
    const quiz_records = await sql.run('DELETE FROM quiz_records WHERE email = ?', [email]);
    const subscriptions = await sql.run('DELETE FROM subscriptions WHERE email = ?', [email]);
    return { subscriptions, quiz_records, survey_responses, survey_ratings };
  });
}

/** One person's data, for `esg forms export --email`: every row that carries the address. */
export interface PersonData {
  email: string;
  subscriptions: DatabaseRow[];
  quiz_records: DatabaseRow[];
  /** Each answer with its ratings as `{ topic: concern }`. */
  survey_responses: (DatabaseRow & { ratings: Record<string, number> })[];
}

export async function personData(sql: Sql, email: string): Promise<PersonData> {
  const responses = await sql.all<DatabaseRow & { id: number }>('SELECT * FROM survey_responses WHERE email = ? ORDER BY id', [email]);
  const ratings = await sql.all<{ response_id: number; topic: string; concern: number }>(
    'SELECT response_id, topic, concern FROM survey_ratings WHERE response_id IN (SELECT id FROM survey_responses WHERE email = ?) ORDER BY response_id, position',
    [email],
  );
  return {
    email,
    subscriptions: await sql.all('SELECT * FROM subscriptions WHERE email = ? ORDER BY id', [email]),
    quiz_records: await sql.all('SELECT * FROM quiz_records WHERE email = ? ORDER BY id', [email]),
    survey_responses: responses.map((response) => ({
      ...response,
      ratings: Object.fromEntries(ratings.filter((rating) => rating.response_id === response.id).map((rating) => [rating.topic, rating.concern])),
    })),
  };
}

/** The moment `months` calendar months before `now`: answers stored earlier are past retention. */
export function retentionCutoff(months: number, now = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes survey answers (with their ratings) stored before `cutoff`; created_at is ISO 8601 UTC, so text order is time order. */
export function deleteSurveysBefore(database: Sql, cutoff: Date): Promise<{ survey_responses: number; survey_ratings: number }> {
  const before = cutoff.toISOString();
  return database.transaction(async (sql) => ({
    survey_ratings: await sql.run('DELETE FROM survey_ratings WHERE response_id IN (SELECT id FROM survey_responses WHERE created_at < ?)', [before]),
    survey_responses: await sql.run('DELETE FROM survey_responses WHERE created_at < ?', [before]),
  }));
}
