import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { staticSite } from './static.ts';
import { listen } from './preview.ts';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { openFormsStore, type FormsStore } from '../forms/store.ts';
import { formsReceiver } from '../forms/receiver.ts';
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
}

export interface RunningServe {
  server: Server;
  store: FormsStore;
  /** Stops listening, then closes the database. */
  close(): Promise<void>;
}

/**
 * `esg serve`: the built site exactly as `esg preview` serves it, plus the forms receiver at
 * `<endpoint>/subscribe|quiz|survey` storing into SQLite under the data folder, or PostgreSQL.
 */
export async function startServe(options: ServeOptions): Promise<RunningServe> {
  if (!existsSync(options.outDir)) throw new UsageError(errors.noBuiltSite, options.outDir);
  await prepareFormValidators();
  const store = await openFormsStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const receive = formsReceiver({ endpoint: options.endpoint, store, rateLimit: options.rateLimit });
  const site = staticSite(options.outDir);
  const server = createServer((request, response) => {
    receive(request, response)
      .then((handled) => handled || site(request, response))
      .catch((error: unknown) => {
        console.error('esg serve:', error);
        if (!response.headersSent) response.statusCode = 500;
        response.end();
      });
  });
  try {
    await listen(server, options.port, options.host ?? '127.0.0.1');
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    server,
    store,
    close: () => new Promise((done) => server.close(() => void store.close().then(done))),
  };
}

/** The forms endpoint from `<contentDir>/site.yaml` (`forms.endpoint`). */
export function formsEndpoint(contentDir: string): string {
  const file = join(contentDir, 'site.yaml');
  if (!existsSync(file)) throw new UsageError(errors.notContentFolder, contentDir);
  const endpoint = (parse(readFileSync(file, 'utf8')) as { forms?: { endpoint?: unknown } } | null)?.forms?.endpoint;
  if (typeof endpoint !== 'string' || !endpoint.startsWith('/')) throw new UsageError(errors.noFormsEndpoint, file);
  return endpoint.replace(/\/$/, '');
}
