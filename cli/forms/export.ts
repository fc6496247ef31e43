import type { Database } from 'better-sqlite3';
import { toCsv } from '../pipeline/csv.ts';
import type { FormKind } from '../../schemas/forms.ts';

type Row = Record<string, string | number | null>;

/** Columns of each kind's CSV, in order; the survey adds one column per topic after these. */
const columns: Record<FormKind, { table: string; names: string[] }> = {
  subscribe: { table: 'subscriptions', names: ['id', 'email', 'name', 'locale', 'created_at'] },
  quiz: { table: 'quiz_records', names: ['id', 'score', 'total', 'band', 'identify', 'manual_identify', 'company', 'name', 'email', 'answers', 'locale', 'created_at'] },
  survey: { table: 'survey_responses', names: ['id', 'identity', 'identity_other', 'organisation', 'name', 'email', 'locale', 'created_at'] },
};

/** Every submission of one kind as CSV (UTF-8 with BOM, so Excel reads the Chinese), oldest first. */
export function exportCsv(db: Database, kind: FormKind): string {
  const { table, names } = columns[kind];
  const rows = db.prepare<Row>(`SELECT ${names.join(', ')} FROM ${table} ORDER BY id`).all();
  if (kind !== 'survey') return toCsv([names, ...rows.map((row) => names.map((name) => text(row[name])))]);
  const topics = surveyTopics(db);
  const ratings = new Map<string, number>();
  for (const rating of db.prepare<{ response_id: number; topic: string; concern: number }>('SELECT response_id, topic, concern FROM survey_ratings').all()) {
    ratings.set(`${rating.response_id} ${rating.topic}`, rating.concern);
  }
  return toCsv([
    [...names, ...topics],
    ...rows.map((row) => [...names.map((name) => text(row[name])), ...topics.map((topic) => text(ratings.get(`${row.id} ${topic}`)))]),
  ]);
}

/** Topic ids in the order they were first answered (the questionnaire's order). */
function surveyTopics(db: Database): string[] {
  return db.prepare<{ topic: string }>('SELECT topic FROM survey_ratings GROUP BY topic ORDER BY MIN(rowid)').all().map((row) => row.topic);
}

export interface FormsStats {
  counts: Record<FormKind, number>;
  /** Mean concern (1–5) and number of ratings per survey topic. */
  topics: { topic: string; mean: number; ratings: number }[];
}

export function formsStats(db: Database): FormsStats {
  const count = (table: string) => db.prepare<{ count: number }>(`SELECT COUNT(*) AS count FROM ${table}`).get()!.count;
  return {
    counts: { subscribe: count('subscriptions'), quiz: count('quiz_records'), survey: count('survey_responses') },
    topics: db
      .prepare<{ topic: string; mean: number; ratings: number }>('SELECT topic, AVG(concern) AS mean, COUNT(*) AS ratings FROM survey_ratings GROUP BY topic ORDER BY MIN(rowid)')
      .all(),
  };
}

/** The stats as the `esg forms stats` command prints them. */
export function formatStats(stats: FormsStats): string {
  const lines = [
    `subscriptions     ${stats.counts.subscribe}`,
    `quiz records      ${stats.counts.quiz}`,
    `survey responses  ${stats.counts.survey}`,
  ];
  if (stats.topics.length) {
    const width = Math.max(...stats.topics.map((entry) => entry.topic.length));
    lines.push('', 'mean concern per survey topic (1–5):');
    for (const entry of stats.topics) lines.push(`  ${entry.topic.padEnd(width)}  ${entry.mean.toFixed(2)}  (${entry.ratings} ${entry.ratings === 1 ? 'rating' : 'ratings'})`);
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
