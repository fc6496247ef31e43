/**
 * The bad-input part of bench/forms: sends bad requests to a running `esg serve` a few at a time
 * over keep-alive connections and tallies the answers per kind of mistake, then sends the
 * injection texts the rules do allow and checks SQLite holds them exactly as sent.
 */
import { Agent, request } from 'node:http';
import type { BadRequest, AcceptedProbe } from './formsBodies.ts';
import { storedRow } from './formsServer.ts';
import { normaliseEmail } from '../cli/forms/receiver.ts';

export interface Tally {
  sent: number;
  /** Count per status code; transport errors as `error`. */
  statuses: Map<string, number>;
  /** Answered with a 4xx other than the one the case was written for (still refused). */
  otherRefusal: number;
}

/** Sends one request exactly as given (header by header) and resolves with its status or error. */
export function sendRaw(
  port: number,
  path: string,
  bad: Pick<BadRequest, 'method' | 'contentType' | 'body' | 'chunked'>,
  agent?: Agent,
): Promise<number | Error> {
  const body = typeof bad.body === 'string' ? Buffer.from(bad.body) : bad.body;
  const headers: Record<string, string> = {};
  if (bad.contentType !== null) headers['content-type'] = bad.contentType ?? 'application/json';
  if (!bad.chunked) headers['content-length'] = String(body.length);
  return new Promise((done) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method: bad.method ?? 'POST', headers, agent }, (answer) => {
      answer.resume();
      answer.on('end', () => done(answer.statusCode ?? 0));
      answer.on('error', done);
    });
    outgoing.on('error', done);
    if (!bad.chunked) return void outgoing.end(body);
    for (let at = 0; at < body.length; at += 4096) outgoing.write(body.subarray(at, at + 4096));
    outgoing.end();
  });
}

/** Sends every bad request, `parallel` at a time; the tally per category. */
export async function sendBadRequests(port: number, endpoint: string, bad: BadRequest[], parallel = 16): Promise<Map<string, Tally>> {
  const agent = new Agent({ keepAlive: true, maxSockets: parallel });
  const tallies = new Map<string, Tally>();
  let next = 0;
  const worker = async () => {
    while (next < bad.length) {
      const item = bad[next++]!;
      const status = await sendRaw(port, `${endpoint}/${item.kind}`, item, agent);
      const key = status instanceof Error ? 'error' : String(status);
      const tally = tallies.get(item.category) ?? { sent: 0, statuses: new Map(), otherRefusal: 0 };
      tally.sent++;
      tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== item.expected) tally.otherRefusal++;
      tallies.set(item.category, tally);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  agent.destroy();
  return tallies;
}

/** Requests of a tally that were not refused with a 4xx (accepted, failed or never answered). */
export function notRefused(tally: Tally): number {
  return [...tally.statuses].filter(([status]) => !/^4\d\d$/.test(status)).reduce((sum, [, count]) => sum + count, 0);
}

export interface ProbeOutcome {
  sent: number;
  accepted: number;
  verbatim: number;
  /** What differed, for the report. */
  problems: string[];
}

/** Sends the allowed injection texts one by one; each must be 201 and stored byte for byte. */
export async function sendAcceptedProbes(port: number, endpoint: string, dataDir: string, probes: AcceptedProbe[]): Promise<ProbeOutcome> {
  const outcome: ProbeOutcome = { sent: 0, accepted: 0, verbatim: 0, problems: [] };
  for (const probe of probes) {
    outcome.sent++;
    const status = await sendRaw(port, `${endpoint}/${probe.kind}`, { body: JSON.stringify(probe.body) });
    if (status !== 201) {
      outcome.problems.push(`${probe.kind} ${JSON.stringify(probe.expect)}: answered ${status instanceof Error ? status.message : status}`);
      continue;
    }
    outcome.accepted++;
    const [column, value] = probe.key;
    const row = storedRow(dataDir, probe.table, column, column === 'email' ? normaliseEmail(value) : value);
    const differing = Object.entries(probe.expect).filter(([name, text]) => row?.[name] !== (name === 'email' ? normaliseEmail(text) : text));
    if (row && differing.length === 0) outcome.verbatim++;
    else
      outcome.problems.push(
        `${probe.kind}: ${row ? differing.map(([name, text]) => `${name} sent ${JSON.stringify(text)}, stored ${JSON.stringify(row[name])}`).join('; ') : 'no row found'}`,
      );
  }
  return outcome;
}
