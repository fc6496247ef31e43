/**
 * bench/forms: the forms receiver of `esg serve` under load and faults, against its targets
 * (docs/product.md, "Quality targets"). The server runs as a real child process
 * (`node bin/esg.js serve --rate-limit 0`) on loopback:
 *   1. load: autocannon, 200 connections for --duration seconds, POSTing valid subscribe, quiz and
 *      survey bodies (each unique); every acknowledged (2xx) submission must be in SQLite;
 *   2. kill -9: the same load, the server killed halfway and restarted on the same data folder and
 *      port; nothing acknowledged before or after the kill may be missing;
 *   3. bad input: --bad (1,000) bad bodies per form, all refused with a 4xx, the server still up and
 *      no row added; injection text the rules allow must be stored verbatim;
 *   4. PostgreSQL: two servers on one database under the same load, one killed with SIGKILL halfway
 *      (bench/formsPostgres.ts); every acknowledged submission must be stored exactly once.
 * Run with `npm run bench:forms` (`-- --duration 20`, `-- --connections 100`, `-- --out DIR` to
 * serve an existing build, `-- --bad 300`, `-- --database postgres://…` for phase 4 on an existing
 * PostgreSQL instead of a private embedded one). Exits 1 when a target is missed.
 */
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { formKinds, type FormKind } from '../schemas/forms.ts';
import { formsEndpoint } from '../cli/server/serve.ts';
import { acceptedProbes, badRequests, readSiteForms, validBody } from './formsBodies.ts';
import { notRefused, sendAcceptedProbes, sendBadRequests, sendRaw } from './formsBadInput.ts';
import { runLoad, type LoadOutcome } from './formsLoad.ts';
import { twoReceiversOnPostgres } from './formsPostgres.ts';
import { buildSampleSite, freePort, killHard, readStoredForms, root, startServeProcess, tempFolder, type ServeProcess } from './formsServer.ts';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const seconds = Number(argument('--duration', '10'));
const connections = Number(argument('--connections', '200'));
const badPerForm = Number(argument('--bad', '1000'));
const contentDir = join(root, 'content');
const endpoint = formsEndpoint(contentDir);
const forms = readSiteForms(contentDir);
const run = Date.now().toString(36);
const failures: string[] = [];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const fail = (what: string) => failures.push(what);

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${load()}`);
let outDir = argument('--out', '');
if (outDir) outDir = resolve(outDir);
else {
  outDir = join(tempFolder('esg-bench-forms-'), 'out');
  const started = performance.now();
  buildSampleSite(outDir);
  console.log(`sample site built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`esg serve as a child process on 127.0.0.1, --rate-limit 0; autocannon ${connections} connections, ${seconds} s per load phase\n`);

interface Row {
  phase: string;
  outcome: LoadOutcome;
  found: number;
  missing: string[];
  storedUnacknowledged: number;
  serverErrors: number;
}

/** Looks every acknowledged marker up in the data folder's SQLite. */
function verify(phase: string, outcome: LoadOutcome, dataDir: string, servers: ServeProcess[]): Row {
  const stored = readStoredForms(dataDir, forms.topics.length);
  const missing = formKinds.flatMap((kind) => outcome.acknowledged[kind].filter((id) => !stored[kind].has(kindKey(kind, id))));
  const acknowledged = formKinds.reduce((sum, kind) => sum + outcome.acknowledged[kind].length, 0);
  const storedTotal = stored.counts.subscribe + stored.counts.quiz + stored.counts.survey;
  if (stored.surveysMissingRatings) fail(`${phase}: ${stored.surveysMissingRatings} survey answers stored without all their ratings`);
  const serverErrors = servers.reduce((sum, server) => sum + (server.output().match(/esg serve:/g)?.length ?? 0), 0);
  return { phase, outcome, found: acknowledged - missing.length, missing, storedUnacknowledged: storedTotal - (acknowledged - missing.length), serverErrors };
}
/** Acknowledgements in each second of the run (shows the gap while the server is down). */
function perSecond({ ackTimes, startedAt, result }: LoadOutcome): number[] {
  const counts = Array.from({ length: Math.max(1, Math.round(result.duration)) }, () => 0);
  for (const time of ackTimes) counts[Math.min(counts.length - 1, Math.floor((time - startedAt) / 1000))]!++;
  return counts;
}
const kindKey = (kind: FormKind, id: string) => (kind === 'survey' ? id : `${id}@bench.example.org`);

const rows: Row[] = [];
let kill = { atMs: 0, restartMs: 0, startMs: 0, firstAckMs: NaN, downtimeErrors: 0, otherErrors: 0 };

// 1. Load.
{
  const dataDir = join(tempFolder('esg-bench-forms-data-'), 'data');
  const port = await freePort();
  const server = await startServeProcess({ outDir, dataDir, port });
  const outcome = await runLoad({ port, endpoint, forms, run: `${run}l`, connections, seconds });
  rows.push(verify('load', outcome, dataDir, [server]));
  await killHard(server.child);
}

// 2. The same load, with the server killed (SIGKILL) halfway and started again.
{
  const dataDir = join(tempFolder('esg-bench-forms-data-'), 'data');
  const port = await freePort();
  const first = await startServeProcess({ outDir, dataDir, port });
  const loadStarted = performance.now();
  let killedAt = 0;
  let readyAt = 0;
  const restart = new Promise<ServeProcess>((done, failed) => {
    setTimeout(
      () => {
        killedAt = performance.now();
        killHard(first.child)
          .then(() => startServeProcess({ outDir, dataDir, port }))
          .then((second) => {
            readyAt = performance.now();
            done(second);
          }, failed);
      },
      (seconds * 1000) / 2,
    );
  });
  // The load goes on at least half the duration after the restart, however long the restart takes.
  const outcome = await runLoad({ port, endpoint, forms, run: `${run}k`, connections, seconds, extendUntil: restart, afterSeconds: seconds / 2 });
  const second = await restart;
  rows.push(verify('kill -9', outcome, dataDir, [first, second]));
  const downtime = (time: number) => time >= killedAt && time <= readyAt + 250;
  kill = {
    atMs: killedAt - loadStarted,
    restartMs: readyAt - killedAt,
    startMs: second.startMs,
    firstAckMs: Math.min(...outcome.ackTimes.filter((time) => time > killedAt)) - killedAt,
    downtimeErrors: outcome.errorTimes.filter(downtime).length,
    otherErrors: outcome.errorTimes.filter((time) => !downtime(time)).length,
  };
  await killHard(second.child);
}

console.log(
  'phase     time   requests   req/s  p50 ms  p99 ms  max ms     2xx   4xx   5xx  conn errors  acknowledged  in SQLite  missing  stored, not acknowledged',
);
for (const {
  phase,
  outcome: { result },
  found,
  missing,
  storedUnacknowledged,
} of rows) {
  const acknowledged = found + missing.length;
  console.log(
    `${phase.padEnd(8)} ${result.duration.toFixed(0).padStart(3)} s ${String(result.requests.total).padStart(9)} ${Math.round(result.requests.average).toString().padStart(7)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(result.latency.max).padStart(7)} ${String(result['2xx']).padStart(7)} ${String(result['4xx']).padStart(5)} ${String(result['5xx']).padStart(5)} ${String(result.errors).padStart(12)} ${String(acknowledged).padStart(13)} ${String(found).padStart(10)} ${String(missing.length).padStart(8)} ${String(storedUnacknowledged).padStart(10)}`,
  );
}
for (const { phase, outcome, missing, serverErrors } of rows) {
  if (outcome.result['5xx']) fail(`${phase}: ${outcome.result['5xx']} answers were 5xx`);
  if (outcome.result['4xx']) fail(`${phase}: ${outcome.result['4xx']} valid submissions were refused (4xx)`);
  if (missing.length) fail(`${phase}: ${missing.length} acknowledged submissions missing from SQLite, e.g. ${missing.slice(0, 3).join(', ')}`);
  if (outcome.duplicates) fail(`${phase}: ${outcome.duplicates} new addresses answered as duplicates`);
  if (serverErrors) fail(`${phase}: the server logged ${serverErrors} errors`);
  if (formKinds.some((kind) => outcome.acknowledged[kind].length === 0)) fail(`${phase}: some form had no acknowledged submission at all`);
}
if (!Number.isFinite(kill.firstAckMs)) fail('kill -9: nothing was acknowledged after the restart');
for (const { phase, outcome } of rows) {
  const errors = [...outcome.errorCodes].map(([code, count]) => `${code} ${count}`).join(', ');
  console.log(`${phase}: 2xx per second ${perSecond(outcome).join(' ')}${errors ? `; connection errors: ${errors}` : ''}`);
}
console.log(
  `kill -9 at ${(kill.atMs / 1000).toFixed(1)} s; restart (kill → new process serving) ${(kill.restartMs / 1000).toFixed(2)} s, of which starting Node, the esg command and the schemas ${(kill.startMs / 1000).toFixed(2)} s; first acknowledgement after the kill at +${(kill.firstAckMs / 1000).toFixed(2)} s; ` +
    `connection errors while down ${kill.downtimeErrors}, outside the downtime ${kill.otherErrors}`,
);
console.log('(latency: 2xx answers only; "stored, not acknowledged": committed, but the answer was cut off by the kill or the end of the run;');
console.log(' connection errors and timeouts are reported; the targets are no 5xx, no 4xx for valid bodies and nothing acknowledged missing)\n');

// 3. Bad input.
{
  const dataDir = join(tempFolder('esg-bench-forms-data-'), 'data');
  const port = await freePort();
  const server = await startServeProcess({ outDir, dataDir, port });
  for (const kind of formKinds) {
    const status = await sendRaw(port, `${endpoint}/${kind}`, { body: JSON.stringify(validBody(forms, kind, `${kind}-${run}-before`, 0)) });
    if (status !== 201) fail(`bad input: a valid ${kind} before the bad input was answered ${status}`);
  }
  const before = readStoredForms(dataDir).counts;
  const bad = formKinds.flatMap((kind) => badRequests(forms, kind, badPerForm));
  const started = performance.now();
  const tallies = await sendBadRequests(port, endpoint, bad);
  const badSeconds = (performance.now() - started) / 1000;
  const after = readStoredForms(dataDir).counts;

  const statuses = [...new Set([...tallies.values()].flatMap((tally) => [...tally.statuses.keys()]))].sort();
  console.log(`bad input: ${bad.length} requests (${badPerForm} per form) in ${badSeconds.toFixed(1)} s`);
  console.log(`category                      sent  ${statuses.map((status) => status.padStart(5)).join(' ')}   not 4xx  4xx other than intended`);
  for (const [category, tally] of tallies) {
    console.log(
      `${category.padEnd(28)} ${String(tally.sent).padStart(5)}  ${statuses.map((status) => String(tally.statuses.get(status) ?? 0).padStart(5)).join(' ')}   ${String(notRefused(tally)).padStart(7)}  ${String(tally.otherRefusal).padStart(6)}`,
    );
    if (notRefused(tally)) fail(`bad input: ${notRefused(tally)} "${category}" requests not refused with a 4xx`);
  }
  const changed = JSON.stringify(before) !== JSON.stringify(after);
  console.log(`rows before → after: ${JSON.stringify(before)} → ${JSON.stringify(after)}${changed ? '  CHANGED' : ' (unchanged)'}`);
  if (changed) fail('bad input: rows were added');

  const home = await fetch(`http://127.0.0.1:${port}/`);
  const valid = await sendRaw(port, `${endpoint}/subscribe`, { body: JSON.stringify(validBody(forms, 'subscribe', `subscribe-${run}-after`, 0)) });
  console.log(
    `server afterwards: GET / → ${home.status} (${home.url.replace(/^http:\/\/[^/]+/, '')}), valid POST subscribe → ${valid instanceof Error ? valid.message : valid}`,
  );
  if (home.status !== 200 || valid !== 201) fail('bad input: the server did not answer normally afterwards');

  const probes = await sendAcceptedProbes(port, endpoint, dataDir, acceptedProbes(forms, run));
  console.log(
    `allowed injection text: ${probes.sent} bodies with SQL, <script>, javascript: or NUL text in free-text fields (names, organisation, company, answers) or in an ` +
      `e-mail the address pattern admits (e.g. x';DROP--1@probe.example.org) are valid by the rules, so not counted as bad; ${probes.accepted} accepted, ${probes.verbatim} stored verbatim (bound parameters)`,
  );
  for (const problem of probes.problems) console.log(`  ${problem}`);
  if (probes.verbatim !== probes.sent) fail('bad input: allowed injection text was refused or not stored verbatim');
  await killHard(server.child);
}

// 4. PostgreSQL: two receivers on one database, one killed halfway.
{
  const databaseUrl = argument('--database', '') || undefined;
  const phase = await twoReceiversOnPostgres({ outDir, endpoint, forms, run, connections, seconds, databaseUrl });
  console.log(`\n${phase.lines.join('\n')}`);
  for (const failure of phase.failures) fail(failure);
}

console.log(`\nload average after: ${load()}`);
if (failures.length) {
  console.log(`\ntargets missed:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(
    '\nevery target met: no 5xx, nothing acknowledged missing (also across kill -9, on SQLite and on PostgreSQL with two servers), every bad request refused with a 4xx, no row from bad input',
  );
}
