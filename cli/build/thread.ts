import { createRequire } from 'node:module';
import { basename, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundleKey } from '../../bin/cache.js';
import { cachedScript, saveModuleBundle, type ModuleBundle } from './moduleBundle.ts';

const require = createRequire(import.meta.url);
const tsxApi = pathToFileURL(require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
const tsconfig = new URL('../../tsconfig.json', import.meta.url).pathname;
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A worker thread running one of this project's TypeScript modules. `unref` lets the process end
 * even if the worker is left.
 *
 * It runs the module's bundle (moduleBundle.ts) when the build cache has a fresh one. Otherwise
 * (the first build, or after a change to the thread's code) it starts through tsx, as bin/esg.js
 * does without its bundle — a worker does not share the loader hooks of the thread that starts
 * it — and the bundle is made meanwhile for the next build: `bundleSaved` resolves when it is kept.
 */
export function startThread(module: URL, workerData?: unknown): { worker: Worker; bundleSaved: Promise<void> } {
  const entry = fileURLToPath(module);
  const bundle: ModuleBundle = {
    name: `threads/${basename(entry).replace(/\.tsx?$/, '')}`,
    entry,
    file: 'thread.cjs',
    packages: 'inside',
    key: bundleKey({ entry: relative(projectRoot, entry), node: process.version }, [fileURLToPath(new URL('./moduleBundle.ts', import.meta.url))]),
  };
  const script = cachedScript(bundle);
  const bundleSaved = script === undefined ? saveModuleBundle(bundle) : Promise.resolve();
  const worker = new Worker(script ?? `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(module.href)}); })`, {
    eval: true,
    workerData,
    // The script is CommonJS; a process started with `--input-type=module -e` would read it as a module.
    execArgv: process.execArgv.filter((argument) => !argument.startsWith('--input-type')),
  });
  worker.unref();
  return { worker, bundleSaved };
}
