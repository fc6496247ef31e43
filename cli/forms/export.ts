import { toCsv } from '../build/csv.ts';
import type { FormKind } from '../../schemas/forms.ts';
import type { Sql } from './database.ts';

type Row = Record<string, string | number | null>;

/** Columns of each kind's CSV, in order; the survey adds one column per topic after these. */
const columns: Record<FormKind, { table: string; names: string[] }> = {
  subscribe: { table: 'subscriptions', names: ['id', 'email', 'name', 'locale', 'created_at'] },
  quiz: {
    table: 'quiz_records',
    names: ['id', 'score', 'total', 'band', 'identify', 'manual_identify', 'company', 'name', 'email', 'answers', 'locale', 'created_at'],
  },
  survey: { table: 'survey_responses', names: ['id', 'identity', 'identity_other', 'organisation', 'name', 'email', 'locale', 'created_at'] },
};

/** Every submission of one kind as CSV (UTF-8 with BOM, so Excel reads the Chinese), oldest first. */
export async function exportCsv(sql: Sql, kind: FormKind): Promise<string> {
  const { table, names } = columns[kind];
  const rows = await sql.all<Row>(`SELECT ${names.join(', ')} FROM ${table} ORDER BY id`);
  if (kind !== 'survey') return toCsv([names, ...rows.map((row) => names.map((name) => text(row[name])))]);
  const topics = await surveyTopics(sql);
  const ratings = new Map<string, number>();
  for (const rating of await sql.all<{ response_id: number; topic: string; concern: number }>('SELECT response_id, topic, concern FROM survey_ratings')) {
    ratings.set(`${rating.response_id} ${rating.topic}`, rating.concern);
  }
  return toCsv([
    [...names, ...topics],
    ...rows.map((row) => [...names.map((name) => text(row[name])), ...topics.map((topic) => text(ratings.get(`${row.id} ${topic}`)))]),
  ]);
}

/** Topics in the order of the first answer that rated them (the questionnaire's order). */
const topicOrder = 'GROUP BY topic ORDER BY MIN(response_id), MIN(position)';

async function surveyTopics(sql: Sql): Promise<string[]> {
  return (await sql.all<{ topic: string }>(`SELECT topic FROM survey_ratings ${topicOrder}`)).map((row) => row.topic);
}

export interface FormsStats {
  counts: Record<FormKind, number>;
  /** Mean concern (1–5) and number of ratings per survey topic. */
  topics: { topic: string; mean: number; ratings: number }[];
}

// PostgreSQL answers COUNT as bigint and AVG as numeric, both as strings: the casts keep numbers.
export async function formsStats(sql: Sql): Promise<FormsStats> {
  const count = async (table: string) => (await sql.all<{ count: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${table}`))[0]!.count;
  return {
    counts: { subscribe: await count('subscriptions'), quiz: await count('quiz_records'), survey: await count('survey_responses') },
    topics: await sql.all<{ topic: string; mean: number; ratings: number }>(
      `SELECT topic, CAST(AVG(concern) AS DOUBLE PRECISION) AS mean, CAST(COUNT(*) AS INTEGER) AS ratings FROM survey_ratings ${topicOrder}`,
    ),
  };
}

/** The stats as the `esg forms stats` command prints them. */
export function formatStats(stats: FormsStats): string {
  const lines = [`subscriptions     ${stats.counts.subscribe}`, `quiz records      ${stats.counts.quiz}`, `survey responses  ${stats.counts.survey}`];
  if (stats.topics.length) {
    const width = Math.max(...stats.topics.map((entry) => entry.topic.length));
    lines.push('', 'mean concern per survey topic (1–5):');
    for (const entry of stats.topics)
      lines.push(`  ${entry.topic.padEnd(width)}  ${entry.mean.toFixed(2)}  (${entry.ratings} ${entry.ratings === 1 ? 'rating' : 'ratings'})`);
  }
  return lines.join('\n');
}

/**
 * A stored value as a CSV field. Visitors wrote these values, and a spreadsheet runs a cell that
 * starts with = + - @ (or a tab or carriage return) as a formula, so such text gets a leading
 * apostrophe, which spreadsheets show as text. Numbers are ours and stay as they are.
 */
function text(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
