import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { serveConfig } from '../../cli/server/config.ts';
import { formatUsageError, UsageError } from '../../cli/errors.ts';
import { runEsg } from '../helpers/site.ts';

/** The message `esg serve` would print for these settings. */
function refusal(flags: Record<string, string>, env: Record<string, string>): string {
  try {
    serveConfig(flags, env);
  } catch (error) {
    if (error instanceof UsageError) return formatUsageError(error).split('\n')[0]!;
    throw error;
  }
  throw new Error('the settings were expected to be refused');
}

describe('esg serve settings: flag, else environment variable, else default', () => {
  it('has a default for everything', () => {
    expect(serveConfig({}, {})).toEqual({
      outDir: resolve('out'),
      dataDir: resolve('data'),
      contentDir: resolve('content'),
      databaseUrl: undefined,
      port: 4173,
      host: '127.0.0.1',
      rateLimit: 20,
      trustProxy: 0,
      allowedOrigins: [],
      retentionMonths: 0,
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 },
    });
  });

  it('takes each environment variable', () => {
    const config = serveConfig(
      {},
      {
        ESG_OUT_DIR: '/srv/esg/out',
        ESG_DATA_DIR: '/var/lib/esg',
        ESG_CONTENT_DIR: '/srv/esg/content',
        DATABASE_URL: 'postgres://esg@db/esg',
        PORT: '8080',
        HOST: '0.0.0.0',
        ESG_RATE_LIMIT: '0',
        ESG_TRUST_PROXY: '1',
        ESG_ALLOWED_ORIGINS: 'https://esg.example.com, http://localhost:4173/',
        ESG_HEADERS_TIMEOUT: '2.5',
        ESG_REQUEST_TIMEOUT: '20',
        ESG_KEEP_ALIVE_TIMEOUT: '65',
        ESG_RETENTION_MONTHS: '24',
      },
    );
    expect(config).toEqual({
      outDir: '/srv/esg/out',
      dataDir: '/var/lib/esg',
      contentDir: '/srv/esg/content',
      databaseUrl: 'postgres://esg@db/esg',
      port: 8080,
      host: '0.0.0.0',
      rateLimit: 0,
      trustProxy: 1,
      allowedOrigins: ['https://esg.example.com', 'http://localhost:4173'],
      retentionMonths: 24,
      timeouts: { headersMs: 2_500, requestMs: 20_000, keepAliveMs: 65_000 },
    });
  });

  it('lets a flag win over its variable, and treats an empty variable as unset', () => {
    const config = serveConfig({ port: '9000', rateLimit: '5' }, { PORT: '8080', ESG_RATE_LIMIT: '0', ESG_TRUST_PROXY: '', HOST: '  ' });
    expect([config.port, config.rateLimit, config.trustProxy, config.host]).toEqual([9000, 5, 0, '127.0.0.1']);
  });
});

describe('esg serve settings: a bad value names where it came from', () => {
  it.each([
    [{}, { PORT: 'eighty' }, 'esg: ESG8010 PORT is "eighty": it must be a port number from 0 to 65535'],
    [{ port: '70000' }, { PORT: '80' }, 'esg: ESG8010 --port is "70000": it must be a port number from 0 to 65535'],
    [{}, { ESG_RATE_LIMIT: '-1' }, 'esg: ESG8010 ESG_RATE_LIMIT is "-1": it must be a whole number of submissions a minute, 0 for no limit'],
    [{}, { ESG_RATE_LIMIT: '2.5' }, 'esg: ESG8010 ESG_RATE_LIMIT is "2.5": it must be a whole number of submissions a minute, 0 for no limit'],
    [{}, { ESG_TRUST_PROXY: 'true' }, 'esg: ESG8010 ESG_TRUST_PROXY is "true": it must be the number of proxies in front, from 0 to 10'],
    [{}, { ESG_RETENTION_MONTHS: 'a year' }, 'esg: ESG8010 ESG_RETENTION_MONTHS is "a year": it must be a whole number of months, 0 to keep survey answers'],
    [{}, { ESG_HEADERS_TIMEOUT: '0' }, 'esg: ESG8010 ESG_HEADERS_TIMEOUT is "0": it must be a number of seconds above 0, at most 3600'],
    [{}, { ESG_HEADERS_TIMEOUT: '40' }, 'esg: ESG8010 ESG_HEADERS_TIMEOUT is "40": it must not be longer than the request timeout (30 s)'],
    [{ keepAliveTimeout: '5s' }, {}, 'esg: ESG8010 --keep-alive-timeout is "5s": it must be a number of seconds above 0, at most 3600'],
    [
      {},
      { ESG_ALLOWED_ORIGINS: 'https://esg.example.com, esg.example.com' },
      'esg: ESG8010 ESG_ALLOWED_ORIGINS is "esg.example.com": it must be a list of origins such as https://esg.example.com (scheme, host and port only)',
    ],
    [
      { allowedOrigins: 'https://esg.example.com/zh_TW' },
      {},
      'esg: ESG8010 --allowed-origins is "https://esg.example.com/zh_TW": it must be a list of origins such as https://esg.example.com (scheme, host and port only)',
    ],
    [
      {},
      { DATABASE_URL: 'mysql://root:secret@db/esg' },
      'esg: ESG8010 DATABASE_URL is "mysql:…": it must be a postgres:// URL, or unset for SQLite under the data folder',
    ],
    [{ database: 'sqlite:forms.db' }, {}, 'esg: ESG8010 --database is "sqlite:…": it must be a postgres:// URL, or unset for SQLite under the data folder'],
  ])('%j %j', (flags, env, message) => {
    expect(refusal(flags, env)).toBe(message);
  });

  it('never prints a database password', () => {
    expect(refusal({}, { DATABASE_URL: 'mysql://root:secret@db/esg' })).not.toContain('secret');
  });

  it('stops `esg serve` with exit code 2 before it opens anything', () => {
    const result = runEsg(['serve'], { env: { ...process.env, ESG_RATE_LIMIT: 'many' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ESG8010 ESG_RATE_LIMIT is "many"');
    const postgres = runEsg(['serve', '--out', '.'], { env: { ...process.env, DATABASE_URL: 'postgres://esg:secret@127.0.0.1:1/esg' } });
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toContain('ESG8012 cannot connect to postgres://esg:***@127.0.0.1:1/esg');
    expect(postgres.stderr).not.toContain('secret');
  });
});
