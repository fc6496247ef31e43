import { createServer, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { compressed } from './compressed.ts';
import { staticSite } from './static.ts';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';

/**
 * `esg preview`: serves out/ with no forms receiver, as any static host would. With `buildFirst`
 * (`esg preview --build`, which `npm start` runs) the port is taken before the build, so a port in
 * use is said at once; until the build is done, pages answer 503 with a minute's wait.
 */
export async function startPreview(outDir: string, port: number, host = '127.0.0.1', buildFirst?: () => Promise<unknown>): Promise<Server> {
  if (!buildFirst && !existsSync(outDir)) throw new UsageError(errors.noBuiltSite, outDir);
  const handle = compressed(staticSite(outDir));
  let building = buildFirst !== undefined;
  const server = createServer((request, response) => (building ? stillBuilding(response) : handle(request, response)));
  await listen(server, port, host);
  try {
    await buildFirst?.();
  } catch (error) {
    server.close();
    throw error;
  }
  building = false;
  return server;
}

function stillBuilding(response: ServerResponse): void {
  response.statusCode = 503;
  response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.setHeader('Retry-After', '5');
  response.end('The site is being built; reload in a moment.\n');
}

export function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new UsageError(errors.portInUse, port) : error);
    });
    server.listen(port, host, () => resolve(server));
  });
}
