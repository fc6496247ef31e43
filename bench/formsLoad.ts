/**
 * The load of bench/forms: autocannon POSTing valid subscribe, quiz and survey bodies in turn on
 * every connection, each with a unique marker, and remembering every marker the server
 * acknowledged (a 2xx) so that it can be looked up in SQLite afterwards.
 */
import autocannon from 'autocannon';
import type { FormKind } from '../schemas/forms.ts';
import { formKinds } from '../schemas/forms.ts';
import { marker, validBody, type SiteForms } from './formsBodies.ts';

export interface LoadSetup {
  port: number;
  endpoint: string;
  forms: SiteForms;
  /** Tells the runs of one benchmark apart, so markers never repeat. */
  run: string;
  connections: number;
  seconds: number;
  /**
   * When given, the load goes on past `seconds` until this has resolved and `afterSeconds` more
   * have passed (a slow restart must not leave the run without load after it).
   */
  extendUntil?: Promise<unknown>;
  afterSeconds?: number;
}

export interface LoadOutcome {
  result: autocannon.Result;
  /** Markers of the submissions answered 2xx, per form. */
  acknowledged: Record<FormKind, string[]>;
  /** 2xx answers that said the address was already subscribed (none expected: every e-mail is new). */
  duplicates: number;
  /** Times (performance.now) of each connection error or timeout, to tell downtime errors from others. */
  errorTimes: number[];
  /** Connection errors by code (ECONNREFUSED, ECONNRESET, …; `timeout` for autocannon's request timeout). */
  errorCodes: Map<string, number>;
  /** Times of the 2xx answers, to find the first one after a restart. */
  ackTimes: number[];
  /** When the load began (performance.now). */
  startedAt: number;
}

interface Pending {
  kind: FormKind;
  id: string;
}

/** While the server is down, a connection retries after this pause instead of at once. */
const retryPauseMs = 50;

/** Runs the load for `seconds` (or longer, see extendUntil); resolves with its result and the acknowledgements. */
export async function runLoad({ port, endpoint, forms, run, connections, seconds, extendUntil, afterSeconds = 0 }: LoadSetup): Promise<LoadOutcome> {
  const acknowledged: Record<FormKind, string[]> = { subscribe: [], quiz: [], survey: [] };
  const errorTimes: number[] = [];
  const errorCodes = new Map<string, number>();
  const ackTimes: number[] = [];
  const sent: Record<FormKind, number> = { subscribe: 0, quiz: 0, survey: 0 };
  let duplicates = 0;

  // With one request in flight per connection (no pipelining) the answer belongs to the body set
  // up last on that connection, kept in the connection's context; this also holds after autocannon
  // reconnects, when it sets up a fresh body rather than resending the lost one.
  const requests = formKinds.map((kind) => ({
    method: 'POST' as const,
    path: `${endpoint}/${kind}`,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request: autocannon.Request, context: Record<string, unknown>) => {
      const id = marker(run, kind, sent[kind]++);
      context.pending = { kind, id } satisfies Pending;
      return { ...request, body: JSON.stringify(validBody(forms, kind, id, sent[kind])) };
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>) => {
      const pending = context.pending as Pending | undefined;
      if (!pending || status < 200 || status > 299) return;
      acknowledged[pending.kind].push(pending.id);
      ackTimes.push(performance.now());
      if (body.includes('"duplicate":true')) duplicates++;
      context.pending = undefined;
    },
  }));

  const startedAt = performance.now();
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        // Stopped below; autocannon's own end is only a backstop.
        duration: seconds + 600,
        pipelining: 1,
        requests: requests as unknown as autocannon.Request[],
        setupClient: (client) => pauseBeforeReconnecting(client as unknown as ReconnectingClient, errorTimes, errorCodes),
      },
      (error, result) => (error ? fail(error) : done(result)),
    );
    void Promise.all([sleep(seconds * 1000), extendUntil?.then(() => sleep(afterSeconds * 1000))]).then(
      () => instance.stop(),
      () => instance.stop(),
    );
  });
  return { result, acknowledged, duplicates, errorTimes, errorCodes, ackTimes, startedAt };
}

/** The parts of autocannon's (internal) client that the reconnect pause touches; checked against autocannon 9. */
interface ReconnectingClient {
  destroyed: boolean;
  _connect(): void;
  pipelinedRequests: { clear(): void };
  on(event: 'connError' | 'timeout', listener: (error?: NodeJS.ErrnoException) => void): void;
}

/**
 * autocannon reconnects a refused connection at once and keeps the lost request in its queue,
 * which while the server is down means a tight loop of connects (starving the restarting server
 * of CPU on two cores) and, afterwards, latencies measured from the lost request's start. A
 * short pause and a cleared queue keep the figures those of the server.
 */
function pauseBeforeReconnecting(client: ReconnectingClient, errorTimes: number[], errorCodes: Map<string, number>): void {
  const connect = client._connect.bind(client);
  const count = (code: string) => errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
  let failed = false;
  client.on('connError', (error) => {
    errorTimes.push(performance.now());
    count(error?.code ?? error?.message ?? 'error');
    failed = true;
    client.pipelinedRequests.clear();
  });
  client.on('timeout', () => {
    errorTimes.push(performance.now());
    count('timeout');
  });
  client._connect = () => {
    if (!failed) return connect();
    failed = false;
    setTimeout(() => {
      if (!client.destroyed) connect();
    }, retryPauseMs);
  };
}
