import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { compressed } from './compressed.ts';
import { staticSite } from './static.ts';
import { listen } from './preview.ts';
import { defaultTimeouts, type ServeTimeouts } from './config.ts';
import { requestLogger } from './requestLog.ts';
import { inFlight } from './shutdown.ts';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { openFormsStore, type FormsStore } from '../forms/store.ts';
import { formsReceiver } from '../forms/receiver.ts';
import { deleteSurveysBefore, retentionCutoff } from '../forms/rights.ts';
import { prepareFormValidators } from '../forms/validation.ts';
import type { RateLimitOptions } from '../forms/rateLimit.ts';

export interface ServeOptions {
  outDir: string;
  /** Folder of the SQLite forms database, created on first start. */
  dataDir: string;
  /** `postgres://…`: keep the forms in PostgreSQL instead (`--database`, `DATABASE_URL`). */
  databaseUrl?: string;
  /** Path prefix of the forms (site.yaml `forms.endpoint`). */
  endpoint: string;
  port: number;
  host?: string;
  rateLimit?: RateLimitOptions;
  /** Origins whose pages may post the forms besides the receiver's own (site.yaml `baseUrl`, ESG_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Proxies in front whose X-Forwarded-For/-Proto are believed; default 0. */
  trustProxy?: number;
  /** Default: cli/server/config.ts `defaultTimeouts`. */
  timeouts?: ServeTimeouts;
  /** Receives one JSON line per request (cli/server/requestLog.ts); default: no log. */
  log?: (line: string) => void;
  /** Survey answers older than this many months are deleted at start and then daily; 0 or unset keeps them. */
  retentionMonths?: number;
}

export interface RunningServe {
  server: Server;
  store: FormsStore;
  /**
   * Stops accepting connections, lets the requests under way finish (a submission being received
   * is stored and answered), then closes the database. Resolves false when the shutdown deadline
   * cut some requests off.
   */
  close(): Promise<boolean>;
}

/** Requests one kept-alive connection may carry before it is closed, so no client holds one for ever. */
const maxRequestsPerSocket = 1000;

/**
 * `esg serve`: the built site exactly as `esg preview` serves it, plus the forms receiver at
 * `<endpoint>/subscribe|quiz|survey` storing into SQLite under the data folder or PostgreSQL, and `/healthz`.
 */
export async function startServe(options: ServeOptions): Promise<RunningServe> {
  if (!existsSync(options.outDir)) throw new UsageError(errors.noBuiltSite, options.outDir);
  await prepareFormValidators();
  const store = await openFormsStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const trustProxy = options.trustProxy ?? 0;
  const receive = formsReceiver({ endpoint: options.endpoint, store, rateLimit: options.rateLimit, allowedOrigins: options.allowedOrigins, trustProxy });
  const site = compressed(staticSite(options.outDir));
  const logRequest = options.log && requestLogger({ endpoint: options.endpoint, trustProxy, write: options.log });
  const requests = inFlight();
  const timeouts = options.timeouts ?? defaultTimeouts;
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node looks for late clients every 30 s by default: a 10 s headers timeout would allow up to 40.
      connectionsCheckingInterval: Math.min(1000, Math.max(100, timeouts.headersMs / 4)),
    },
    (request, response) => {
      requests.track(response);
      logRequest?.(request, response);
      if ((request.url ?? '').split('?')[0] === '/healthz') {
        void health(store, request, response);
        return;
      }
      receive(request, response)
        .then((handled) => handled || site(request, response))
        .catch((error: unknown) => {
          // A client that left mid-request, or was cut off by a timeout, is no fault of the server's.
          if (request.socket.destroyed && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
          console.error('esg serve:', error);
          if (!response.headersSent) response.statusCode = 500;
          response.end();
        });
    },
  );
  const retention = options.retentionMonths ? keepRetention(store, options.retentionMonths, options.log) : undefined;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.maxRequestsPerSocket = maxRequestsPerSocket;
  try {
    await listen(server, options.port, options.host ?? '127.0.0.1');
  } catch (error) {
    clearInterval(retention?.timer);
    await retention?.first;
    await store.close();
    throw error;
  }
  await retention?.first;
  return {
    server,
    store,
    close: async () => {
      clearInterval(retention?.timer);
      const finished = await requests.stop(server);
      await store.close();
      return finished;
    },
  };
}

/** Retention is checked once a day: answers pass their limit by days, not by milliseconds. */
const retentionCheckMs = 24 * 60 * 60 * 1000;

/**
 * The retention setting: deletes the survey answers (with their ratings) older than `months`, now
 * and then daily. Several receivers of one database may each do it; a delete finds nothing twice.
 */
function keepRetention(store: FormsStore, months: number, log?: (line: string) => void): { first: Promise<void>; timer: NodeJS.Timeout } {
  const apply = async () => {
    try {
      const cutoff = retentionCutoff(months);
      const removed = await deleteSurveysBefore(store.database, cutoff);
      log?.(JSON.stringify({ time: new Date().toISOString(), retention: { months, before: cutoff.toISOString(), ...removed } }));
    } catch (error) {
      console.error('esg serve: could not apply the retention setting:', error);
    }
  };
  const timer = setInterval(() => void apply(), retentionCheckMs);
  // The daily check alone must not keep the process alive.
  timer.unref();
  return { first: apply(), timer };
}

/** `/healthz`: 200 when the database answers, 503 when it does not (for Docker's HEALTHCHECK, a load balancer). */
async function health(store: FormsStore, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let answers = true;
  try {
    await store.ping();
  } catch {
    answers = false;
  }
  response.statusCode = answers ? 200 : 503;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.end(request.method === 'HEAD' ? undefined : JSON.stringify(answers ? { ok: true } : { ok: false, error: 'the forms database does not answer' }));
}

/** The forms endpoint from `<contentDir>/site.yaml` (`forms.endpoint`). */
export function formsEndpoint(contentDir: string): string {
  const file = join(contentDir, 'site.yaml');
  const endpoint = siteYaml(contentDir).forms?.endpoint;
  if (typeof endpoint !== 'string' || !endpoint.startsWith('/')) throw new UsageError(errors.noFormsEndpoint, file);
  return endpoint.replace(/\/$/, '');
}

/** The origin the site is published at (site.yaml `baseUrl`), whose pages post the forms; undefined without one. */
export function siteOrigin(contentDir: string): string | undefined {
  const baseUrl = siteYaml(contentDir).baseUrl;
  if (typeof baseUrl !== 'string') return undefined;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}

function siteYaml(contentDir: string): { baseUrl?: unknown; forms?: { endpoint?: unknown } } {
  const file = join(contentDir, 'site.yaml');
  if (!existsSync(file)) throw new UsageError(errors.notContentFolder, contentDir);
  return (parse(readFileSync(file, 'utf8')) as { baseUrl?: unknown; forms?: { endpoint?: unknown } } | null) ?? {};
}
