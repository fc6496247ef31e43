import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const tsxApi = pathToFileURL(require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
const tsconfig = new URL('../../tsconfig.json', import.meta.url).pathname;

/**
 * A worker thread running one of this project's TypeScript modules. A worker does not share the
 * loader hooks of the thread that starts it, so its first act is to register tsx, as bin/esg.js
 * does, and then to import the module. `unref` lets the process end even if the worker is left.
 */
export function startThread(module: URL, workerData?: unknown): Worker {
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(module.href)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData });
  worker.unref();
  return worker;
}
