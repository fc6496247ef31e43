import type { Plugin } from 'esbuild';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BundleCache } from './bundleCache.ts';
import { cacheDir, freshScript, hashOfText } from '../../bin/cache.js';
import { tempDir } from '../tempDir.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * One of this project's own modules, bundled by esbuild with everything it imports into a single
 * script that Node runs as it is. Through tsx, each module is compiled on request by a loader
 * thread: starting the command took over a second, and the search thread a third of one. The
 * script is kept in the build cache (bundleCache.ts) with the hash of every file it was made from;
 * what is saved with it is the script's own hash, so a damaged script is made again, not run.
 */
export interface ModuleBundle {
  /** The cache's folder for it, under the build cache. */
  name: string;
  /** The module, a .ts file of this project. */
  entry: string;
  /** The script's file name: `.cjs` to run in a worker (`eval`), `.mjs` to import. */
  file: string;
  /**
   * Packages stay where they are, imported from their own files, or go into the script. A worker's
   * script has them inside; the command's cannot (esbuild and better-sqlite3 bring native parts).
   */
  packages: 'inside' | 'outside';
  /** What else the script depends on (bin/cache.js `bundleKey`). */
  key: string;
}

/** The cached script's text when it is fresh and whole (bin/cache.js `freshScript`). */
export function cachedScript(bundle: ModuleBundle): string | undefined {
  return freshScript(bundle.name, bundle.key, bundle.file)?.text;
}

/**
 * Makes the script in the background (esbuild's own process) and keeps it in the cache. Resolves
 * when it is saved, or could not be (a read-only cache: tsx loads the sources next time too).
 */
export function saveModuleBundle(bundle: ModuleBundle): Promise<void> {
  // Where the cache cannot be written (a read-only install), bundling would be wasted each time.
  if (!writable(cacheDir())) return Promise.resolve();
  const folder = tempDir('esg-bundle-');
  const made = import('esbuild').then(({ build }) => build({
    entryPoints: [bundle.entry],
    bundle: true,
    platform: 'node',
    format: bundle.file.endsWith('.cjs') ? 'cjs' : 'esm',
    target: `node${process.versions.node}`,
    metafile: true,
    write: false,
    outfile: join(folder, bundle.file),
    logLevel: 'silent',
    absWorkingDir: projectRoot,
    plugins: [ownFileUrls(), ...(bundle.packages === 'outside' ? [packagesWhereTheyAre()] : [])],
  })).then(({ metafile, outputFiles }) => {
    const script = outputFiles[0]!.text;
    writeFileSync(join(folder, bundle.file), script);
    const inputs = Object.keys(metafile.inputs).map((input) => join(projectRoot, input));
    new BundleCache<{ sha1: string }>(bundle.name).save(bundle.key, folder, inputs, { sha1: hashOfText(script) });
  });
  return made.catch(() => undefined);
}

function writable(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The project's modules find files next to their own (`new URL('…', import.meta.url)`,
 * `import.meta.dirname`, a `createRequire(import.meta.url)` for a package loaded on demand). In the
 * script each keeps the address of its source file, so those files are found where they are.
 */
function ownFileUrls(): Plugin {
  return {
    name: 'esg-own-file-urls',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.(tsx?|js)$/ }, ({ path }) => {
        if (path.includes('/node_modules/')) return undefined;
        // A pattern, not the words themselves: this module is bundled too, and the words in it would be replaced.
        const contents = readFileSync(path, 'utf8').replace(/\bimport\.meta\.(url|dirname)\b/g, (_, property: string) => JSON.stringify(property === 'url' ? pathToFileURL(path).href : dirname(path)));
        return { contents, loader: path.endsWith('.tsx') ? 'tsx' : path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * Imports of packages stay imports, of the very file Node would load for them (esbuild resolves
 * with the same conditions), by its absolute path: the script then runs from any folder, the
 * build cache's included.
 */
function packagesWhereTheyAre(): Plugin {
  return {
    name: 'esg-packages-where-they-are',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, async ({ path, kind, resolveDir, pluginData }) => {
        if (path.startsWith('node:') || (pluginData as { resolving?: boolean } | undefined)?.resolving) return undefined;
        const found = await esbuild.resolve(path, { kind, resolveDir, pluginData: { resolving: true } });
        if (found.errors.length || !found.path.includes('/node_modules/')) return undefined;
        return { path: pathToFileURL(found.path).href, external: true };
      });
    },
  };
}
