import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readHistory, type FigureChange, type FigureHistory } from '../assurance/history.ts';
import { metricsFile } from '../content/catalog.ts';
import type { FigureEdit, FigureHistoryAnswer } from '../../schemas/editApi.ts';
import { git } from './git.ts';
import { approverNames, withoutTrailers } from './history.ts';
import { refused, sendJson } from './http.ts';

/** What one read of the registry's history gives: the history, and each metric's years in the registry as it is. */
interface Read {
  history: FigureHistory;
  years: Map<string, string[]>;
}

/**
 * `GET /api/figures/<id>/history`: the changes of a metric's figures in content/metrics.yaml, by
 * year, newest first (cli/assurance/history.ts). Reading the history walks the registry's whole
 * log, so one read serves every metric while the checkout's commit and the file's time are the
 * same; the metrics of one page of the form ask at once, and wait for that one read.
 */
export function figureHistories(contentDir: string) {
  const registry = join(contentDir, metricsFile.pattern);
  let cached: { key: string; read: Promise<Read> } | undefined;

  const current = async (): Promise<Read> => {
    const head = (await git(contentDir, ['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '')).trim();
    const key = `${head} ${statSync(registry, { throwIfNoEntry: false })?.mtimeMs ?? 'none'}`;
    if (cached?.key !== key) {
      const read = readHistory(registry).then((history) => ({ history, years: yearsOf(registry) }));
      cached = { key, read };
      // A read that failed is not kept: the next request tries again.
      read.catch(() => cached?.read === read && (cached = undefined));
    }
    return cached.read;
  };

  return {
    async send(id: string, response: ServerResponse): Promise<void> {
      if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) throw refused(400, `"${id}" is not a metric id: lower-case letters, digits and dashes`);
      const { history, years } = await current();
      // A metric not in the registry yet (added in the form, not saved) has no history.
      const answer: FigureHistoryAnswer = {
        tracked: history.tracked,
        years: Object.fromEntries((years.get(id) ?? []).map((year) => [year, history.of(id, Number(year)).map(edited).reverse()])),
      };
      sendJson(response, 200, answer);
    },
  };
}

/** A change as the editor shows it, as a file's history shows one: the message without its trailers, the approvers by name. */
function edited(change: FigureChange): FigureEdit {
  const message = change.message && withoutTrailers(change.message);
  return {
    ...(change.commit ? { author: change.author, date: change.date } : { uncommitted: true as const }),
    ...(message ? { message } : {}),
    // By name: the trailer's address is for the assurer's pack.
    ...(change.approvedBy ? { approvedBy: approverNames(change.approvedBy) } : {}),
    ...(change.from !== undefined ? { from: change.from } : {}),
    ...(change.to !== undefined ? { to: change.to } : {}),
    ...(change.restated ? { restated: change.restated } : {}),
  };
}

/** Each metric's years of the registry as it is: its values' and its restatements'. */
function yearsOf(registry: string): Map<string, string[]> {
  const years = new Map<string, string[]>();
  let data: unknown;
  try {
    data = parse(readFileSync(registry, 'utf8'));
  } catch {
    return years;
  }
  const metrics = (data as { metrics?: unknown } | null)?.metrics;
  for (const metric of Array.isArray(metrics) ? (metrics as Record<string, unknown>[]) : []) {
    if (typeof metric?.id !== 'string') continue;
    const keys = [metric.values, metric.restated].flatMap((field) => (field && typeof field === 'object' ? Object.keys(field) : []));
    years.set(
      metric.id,
      [...new Set(keys)].sort((a, b) => b.localeCompare(a)),
    );
  }
  return years;
}
