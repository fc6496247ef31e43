import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { compressed } from './compressed.ts';
import { staticSite } from './static.ts';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';

/** `esg preview`: serves out/ with no forms receiver, as any static host would. */
export function startPreview(outDir: string, port: number, host = '127.0.0.1'): Promise<Server> {
  if (!existsSync(outDir)) throw new UsageError(errors.noBuiltSite, outDir);
  const handle = compressed(staticSite(outDir));
  const server = createServer((request, response) => handle(request, response));
  return listen(server, port, host);
}

export function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new UsageError(errors.portInUse, port) : error);
    });
    server.listen(port, host, () => resolve(server));
  });
}
