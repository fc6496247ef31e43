import { resolve } from 'node:path';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { originOf } from '../forms/origin.ts';

/**
 * The settings of `esg serve`. Each comes from its flag, else its environment variable, else its
 * default — one rule, in `settingText`. This module loads nothing heavy: `esg --help` reads the
 * table below for its text.
 */
export interface ServeConfig {
  /** The built site (`--out`, `ESG_OUT_DIR`; default `out`). */
  outDir: string;
  /** Folder of the SQLite forms database, created on first start (`--data`, `ESG_DATA_DIR`; default `data`). */
  dataDir: string;
  /** Content folder whose site.yaml names the forms endpoint and the site's origin (`--content`, `ESG_CONTENT_DIR`). */
  contentDir: string;
  /** A `postgres://` URL (`--database`, `DATABASE_URL`: the variable keeps a password out of the process list); unset = SQLite under `dataDir`. */
  databaseUrl?: string;
  /** `--port`, `PORT`; default 4173. */
  port: number;
  /** Address to listen on (`--host`, `HOST`; default 127.0.0.1, `0.0.0.0` in a container). */
  host: string;
  /** Submissions one client address may make a minute, 0 = no limit (`--rate-limit`, `ESG_RATE_LIMIT`; default 20). */
  rateLimit: number;
  /** Proxies in front whose X-Forwarded-For and X-Forwarded-Proto are believed (`--trust-proxy`, `ESG_TRUST_PROXY`; default 0). */
  trustProxy: number;
  /** Origins besides the site's (site.yaml `baseUrl`) and the receiver's own whose pages may post the forms (`--allowed-origins`, `ESG_ALLOWED_ORIGINS`). */
  allowedOrigins: string[];
  /** Survey answers older than this many months are deleted at start and daily, 0 = kept (`--retention-months`, `ESG_RETENTION_MONTHS`). */
  retentionMonths: number;
  timeouts: ServeTimeouts;
}

/** How long a client may take, in milliseconds; each setting is given in seconds. */
export interface ServeTimeouts {
  /** To send its whole request line and headers, else it is disconnected (`ESG_HEADERS_TIMEOUT`; default 10 s). */
  headersMs: number;
  /** To send its whole request, body included, else 408 and disconnected (`ESG_REQUEST_TIMEOUT`; default 30 s). */
  requestMs: number;
  /** An idle kept-alive connection stays open (`ESG_KEEP_ALIVE_TIMEOUT`; default 5 s). */
  keepAliveMs: number;
}

export const defaultTimeouts: ServeTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** The flags as commander gives them: text, undefined when not given. */
export type ServeFlags = Partial<Record<FlagName, string>>;

interface Setting {
  /** commander's option, e.g. `--rate-limit <n>`. */
  flag: string;
  env: string;
  fallback: string;
  description: string;
}

const serveSettings = {
  out: { flag: '--out <dir>', env: 'ESG_OUT_DIR', fallback: 'out', description: 'built site to serve' },
  data: { flag: '--data <dir>', env: 'ESG_DATA_DIR', fallback: 'data', description: 'folder of the forms database (created on first start)' },
  database: {
    flag: '--database <url>',
    env: 'DATABASE_URL',
    fallback: '',
    description:
      'a postgres:// URL: keep the forms in PostgreSQL instead of SQLite under --data (prefer the variable: it keeps the password out of the process list)',
  },
  content: {
    flag: '--content <dir>',
    env: 'ESG_CONTENT_DIR',
    fallback: 'content',
    description: "content folder whose site.yaml names the forms endpoint and the site's origin",
  },
  port: { flag: '--port <n>', env: 'PORT', fallback: '4173', description: 'port to listen on' },
  host: { flag: '--host <host>', env: 'HOST', fallback: '127.0.0.1', description: 'address to listen on (0.0.0.0: every interface)' },
  rateLimit: {
    flag: '--rate-limit <n>',
    env: 'ESG_RATE_LIMIT',
    fallback: '20',
    description: 'form submissions one client address may make a minute (0 = no limit, e.g. for a load test)',
  },
  trustProxy: {
    flag: '--trust-proxy <n>',
    env: 'ESG_TRUST_PROXY',
    fallback: '0',
    description: 'proxies in front (nginx: 1); the client address is then the n-th from the right of X-Forwarded-For',
  },
  allowedOrigins: {
    flag: '--allowed-origins <list>',
    env: 'ESG_ALLOWED_ORIGINS',
    fallback: '',
    description: "comma-separated origins whose pages may post the forms, besides site.yaml's baseUrl and the receiver's own",
  },
  retentionMonths: {
    flag: '--retention-months <n>',
    env: 'ESG_RETENTION_MONTHS',
    fallback: '0',
    description: 'delete survey answers older than this many months, at start and daily (0 = keep them)',
  },
  headersTimeout: {
    flag: '--headers-timeout <s>',
    env: 'ESG_HEADERS_TIMEOUT',
    fallback: String(defaultTimeouts.headersMs / 1000),
    description: 'seconds a client has to send its request headers before it is disconnected',
  },
  requestTimeout: {
    flag: '--request-timeout <s>',
    env: 'ESG_REQUEST_TIMEOUT',
    fallback: String(defaultTimeouts.requestMs / 1000),
    description: 'seconds a client has to send its whole request, body included',
  },
  keepAliveTimeout: {
    flag: '--keep-alive-timeout <s>',
    env: 'ESG_KEEP_ALIVE_TIMEOUT',
    fallback: String(defaultTimeouts.keepAliveMs / 1000),
    description: 'seconds an idle kept-alive connection stays open',
  },
} satisfies Record<string, Setting>;

type FlagName = keyof typeof serveSettings;

/** The options of `esg serve` for commander: no defaults there, so a missing flag can fall back to its variable. */
export const serveOptions = Object.values(serveSettings).map(({ flag, env, fallback, description }) => ({
  flag,
  description: `${description} (env ${env}; default ${fallback || 'none'})`,
}));

/**
 * The settings of `esg serve` from its flags and environment, each checked; a bad value is a
 * UsageError naming the flag or variable it came from.
 */
export function serveConfig(flags: ServeFlags, env: NodeJS.ProcessEnv): ServeConfig {
  const text = (name: FlagName) => settingText(serveSettings[name], flags[name], env);
  const seconds = (name: FlagName) => secondsSetting(text(name));
  const timeouts = { headersMs: seconds('headersTimeout'), requestMs: seconds('requestTimeout'), keepAliveMs: seconds('keepAliveTimeout') };
  // Node refuses a server whose headers may take longer than the whole request.
  if (timeouts.headersMs > timeouts.requestMs) {
    const { source, value } = text('headersTimeout');
    throw new UsageError(errors.badServeSetting, source, value, `must not be longer than the request timeout (${timeouts.requestMs / 1000} s)`);
  }
  return {
    outDir: resolve(text('out').value),
    dataDir: resolve(text('data').value),
    contentDir: resolve(text('content').value),
    databaseUrl: databaseUrl(text('database')),
    port: wholeNumber(text('port'), 0, 65535, 'must be a port number from 0 to 65535'),
    host: text('host').value,
    rateLimit: wholeNumber(text('rateLimit'), 0, Number.MAX_SAFE_INTEGER, 'must be a whole number of submissions a minute, 0 for no limit'),
    trustProxy: wholeNumber(text('trustProxy'), 0, 10, 'must be the number of proxies in front, from 0 to 10'),
    allowedOrigins: originList(text('allowedOrigins')),
    retentionMonths: wholeNumber(text('retentionMonths'), 0, 1200, 'must be a whole number of months, 0 to keep survey answers'),
    timeouts,
  };
}

/** A setting's text and where it came from, for messages: the flag, else the variable, else the default. */
function settingText(setting: Setting, flag: string | undefined, env: NodeJS.ProcessEnv): { source: string; value: string } {
  if (flag !== undefined) return { source: setting.flag.split(' ')[0]!, value: flag };
  // An empty variable counts as unset, as in a unit file's `Environment=PORT=`.
  const variable = env[setting.env];
  if (variable !== undefined && variable.trim() !== '') return { source: setting.env, value: variable.trim() };
  return { source: `the default of ${setting.env}`, value: setting.fallback };
}

function wholeNumber({ source, value }: { source: string; value: string }, min: number, max: number, expected: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < min || number > max) throw new UsageError(errors.badServeSetting, source, value, expected);
  return number;
}

/** Seconds (fractions allowed: 0.5) as milliseconds. */
function secondsSetting({ source, value }: { source: string; value: string }): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0 || number > 3600) {
    throw new UsageError(errors.badServeSetting, source, value, 'must be a number of seconds above 0, at most 3600');
  }
  return Math.round(number * 1000);
}

/** `https://esg.example.com, http://localhost:4173` as origins, each as browsers send it in `Origin`. */
function originList({ source, value }: { source: string; value: string }): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const origin = originOf(item);
      if (!origin)
        throw new UsageError(errors.badServeSetting, source, item, 'must be a list of origins such as https://esg.example.com (scheme, host and port only)');
      return origin;
    });
}

function databaseUrl({ source, value }: { source: string; value: string }): string | undefined {
  if (value.trim() === '') return undefined;
  if (!/^postgres(ql)?:\/\//i.test(value.trim())) {
    // The value may hold a password: only its scheme is shown.
    throw new UsageError(
      errors.badServeSetting,
      source,
      `${value.trim().split(':')[0]}:…`,
      'must be a postgres:// URL, or unset for SQLite under the data folder',
    );
  }
  return value.trim();
}
