import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BundleCache, bundleKey } from './bundleCache.ts';
import { tempDir } from '../tempDir.ts';

const require = createRequire(import.meta.url);
const tsxApi = pathToFileURL(require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
const tsconfig = new URL('../../tsconfig.json', import.meta.url).pathname;
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Bundles being made for the next build's threads; `threadBundlesSaved` waits for them. */
const saving = new Set<Promise<void>>();

/**
 * A worker thread running one of this project's TypeScript modules. `unref` lets the process end
 * even if the worker is left.
 *
 * A worker does not share the loader hooks of the thread that starts it. Through tsx it would
 * start a loader thread of its own and compile each of its modules on request, which took the
 * search thread 0.3–0.4 s, a quarter of a build of the sample site. So the module is bundled by
 * esbuild into one CommonJS script, kept in the build cache (bundleCache.ts) with the hash of every
 * file it was made from, and the worker runs that script as it is. When there is no fresh bundle
 * (the first build, or after a change to the thread's code) the worker starts through tsx, as
 * bin/esg.js does, and the bundle is made meanwhile for the next build.
 */
export function startThread(module: URL, workerData?: unknown): Worker {
  const file = fileURLToPath(module);
  const cache = new BundleCache<ThreadBundle>(`threads/${basename(file).replace(/\.tsx?$/, '')}`);
  const key = bundleKey({ file: relative(projectRoot, file), node: process.version }, [fileURLToPath(import.meta.url)]);
  const script = bundled(cache, key);
  if (script === undefined) saveBundle(cache, key, file);
  const worker =
    script !== undefined
      ? new Worker(script, { eval: true, workerData })
      : new Worker(`import(${JSON.stringify(tsxApi)}).then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(module.href)}); })`, { eval: true, workerData });
  worker.unref();
  return worker;
}

/** Resolves when the bundles started by this process's threads are saved (or failed to be). */
export async function threadBundlesSaved(): Promise<void> {
  await Promise.all(saving);
}

/** What is kept with a thread's script: its hash, so that a damaged script is made again rather than run. */
interface ThreadBundle {
  sha1: string;
}

/** The cached script, read at once so that a build replacing the cache meanwhile cannot take it away. */
function bundled(cache: BundleCache<ThreadBundle>, key: string): string | undefined {
  const cached = cache.lookup(key);
  if (!cached) return undefined;
  try {
    const script = readFileSync(join(cached.folder, 'thread.cjs'), 'utf8');
    return sha1(script) === cached.meta.sha1 ? script : undefined;
  } catch {
    return undefined;
  }
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64');

function saveBundle(cache: BundleCache<ThreadBundle>, key: string, entry: string): void {
  const folder = tempDir('esg-thread-');
  const made = build({
    entryPoints: [entry],
    outfile: join(folder, 'thread.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node}`,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: projectRoot,
    plugins: [fileUrls()],
    write: false,
  }).then(({ metafile, outputFiles }) => {
    const script = outputFiles[0]!.text;
    writeFileSync(join(folder, 'thread.cjs'), script);
    cache.save(key, folder, Object.keys(metafile.inputs).map((input) => join(projectRoot, input)), { sha1: sha1(script) });
  });
  const done = made.catch(() => undefined).finally(() => saving.delete(done));
  saving.add(done);
}

/**
 * The project's modules find files next to their own (`new URL('…', import.meta.url)`, a
 * `createRequire(import.meta.url)` for a package loaded on demand). In the bundle each keeps the
 * address of its source file, so those files are found where they are.
 */
function fileUrls(): Plugin {
  return {
    name: 'esg-file-urls',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.tsx?$/ }, ({ path }) => {
        if (path.includes('/node_modules/')) return undefined;
        const contents = readFileSync(path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href));
        return { contents, loader: path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
