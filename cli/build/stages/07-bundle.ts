import type { Metafile, Plugin } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { domIslands, plainWidgets, widgetNames, type WidgetName } from '../../../widgets/registry.ts';
import type { PageAssets } from '../../../templates/context.tsx';
import { freshEntry, hashOf, linkOrCopy, saveEntry } from '../../cache.ts';
import { bundleEffort, compressFiles } from '../output/compress.ts';
import { compressedCopies, bundleFolder } from '../../siteFiles.ts';
import { projectPath, projectRoot } from '../../paths.ts';

const widgetsDir = projectPath('widgets');
const require = createRequire(import.meta.url);

/**
 * Bundles the browser side: the client entry with one lazy chunk per widget (React shared in its
 * own chunk), the stylesheet, and the two tiny classic scripts (English guard, root redirect).
 */
export async function bundleClient(outDir: string, options: { minify?: boolean; compress?: boolean } = {}): Promise<PageAssets> {
  const minify = options.minify ?? true;
  const compress = options.compress ?? false;
  const target = join(outDir, bundleFolder);
  const common = {
    bundle: true,
    minify,
    sourcemap: false,
    metafile: true,
    write: true,
    outdir: target,
    absWorkingDir: projectRoot,
    logLevel: 'silent' as const,
    target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none' as const,
  };
  // What the bundle is made from besides the files esbuild reads: esbuild, its settings, the generated entry and how hard it is compressed.
  const key = hashOf((require('esbuild/package.json') as { version: string }).version, { ...common, outdir: undefined }, clientEntryCode(), bundleEffort);
  const cached = restore(key, target, compress);
  if (cached) return cached;
  // Loaded only now: most builds copy the cached bundle and never need esbuild.
  const { build } = await import('esbuild');
  // The two builds are independent; esbuild runs them at once.
  const [modules, scripts] = await Promise.all([
    build({
      ...common,
      entryPoints: { client: 'esg:client', site: join(widgetsDir, 'styles/site.css') },
      format: 'esm',
      splitting: true,
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: '[name]-[hash]',
      jsx: 'automatic',
      plugins: [clientEntry()],
    }),
    build({
      ...common,
      entryPoints: { guard: join(widgetsDir, 'guard.ts'), redirect: join(widgetsDir, 'redirect.ts'), tagManager: join(widgetsDir, 'tagManagerStart.ts') },
      format: 'iife',
      entryNames: '[name]-[hash]',
    }),
  ]);
  const modulesMeta = modules.metafile!;
  const outputs = { ...modulesMeta.outputs, ...scripts.metafile!.outputs };
  // esbuild names its outputs relative to its working directory, the project root.
  const url = (file: string) => `/${relative(outDir, join(projectRoot, file)).split('\\').join('/')}`;
  const entry = (name: string, extension: string) => {
    const file = Object.keys(outputs).find((path) => new RegExp(`/${name}-[A-Z0-9]+\\.${extension}$`).test(path));
    if (!file) throw new Error(`esbuild wrote no ${name}.${extension}`);
    return file;
  };
  const client = entry('client', 'js');
  const assets: PageAssets = {
    css: url(entry('site', 'css')),
    client: url(client),
    guard: url(entry('guard', 'js')),
    redirect: url(entry('redirect', 'js')),
    tagManager: url(entry('tagManager', 'js')),
    preload: staticImports(modulesMeta, client).map(url),
    domIslands: domIslandChunks(modulesMeta, client, url),
  };
  // Compressed once, here, and cached with the bundle: most builds copy both (the copies only
  // when they make them, `compress`).
  await compressFiles(projectRoot, Object.keys(outputs), bundleEffort);
  // Inputs outside the file system (the generated entry, `esg:client`) are covered by the key.
  const inputs = [modulesMeta, scripts.metafile!].flatMap((meta) => Object.keys(meta.inputs)).filter((input) => !input.includes(':'));
  // Only the bundle's own files: the folder also receives the search indexes and the photographs' encodings.
  const files = Object.keys(outputs)
    .flatMap((output) => [output, ...compressedCopies(output).map((copy) => copy.file)])
    .filter((file) => existsSync(join(projectRoot, file)));
  saveEntry(
    'client-bundle',
    key,
    inputs.map((input) => join(projectRoot, input)),
    (folder) => {
      mkdirSync(join(folder, 'files'));
      for (const file of files) copyFileSync(join(projectRoot, file), join(folder, 'files', basename(file)));
      writeFileSync(join(folder, 'assets.json'), JSON.stringify(assets));
    },
  );
  if (!compress) for (const file of files.filter(isCopy)) rmSync(join(projectRoot, file));
  return assets;
}

const isCopy = (name: string) => /\.(br|gz)$/.test(name);

/**
 * The client bundle of an earlier build, when the build cache (cli/cache.ts) holds one made for
 * `key` from files that are all unchanged: most builds change content only, so they reuse it
 * instead of bundling again. Its files are linked into `target` (their compressed copies when the
 * build makes them): none is ever written in place, and creating files is much of what a build
 * costs. A cache on another disk is copied.
 */
function restore(key: string, target: string, compress: boolean): PageAssets | undefined {
  const folder = freshEntry('client-bundle', key);
  if (!folder) return undefined;
  try {
    const assets = JSON.parse(readFileSync(join(folder, 'assets.json'), 'utf8')) as PageAssets;
    const files = join(folder, 'files');
    mkdirSync(target, { recursive: true });
    for (const name of readdirSync(files).filter((name) => compress || !isCopy(name)))
      if (!linkOrCopy(join(files, name), join(target, name))) throw new Error(`${name} could not be restored`);
    return assets;
  } catch {
    // Another build replaced the entry while this one copied it: bundle afresh.
    rmSync(target, { recursive: true, force: true });
    return undefined;
  }
}

/** The client entry, generated from the registry (`clientEntryCode`). */
function clientEntry(): Plugin {
  return {
    name: 'esg-client-entry',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^esg:client$/ }, () => ({ path: 'client', namespace: 'esg' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'esg' }, () => ({ resolveDir: widgetsDir, loader: 'ts', contents: clientEntryCode() }));
    },
  };
}

/**
 * The client entry: the shell's behaviours, which need no React, the holding of what is sent in a
 * form before its code is ready, the islands' scheduler with one dynamic import per registered
 * widget, and one per plain widget. React comes with the first island that wakes.
 */
function clientEntryCode(): string {
  return [
    `import { startIslands, startPlainWidgets } from './islands.ts';`,
    `import { holdEarlyInput } from './earlyInput.ts';`,
    `import { startShellBehaviours } from './shellBehaviours.ts';`,
    `import './focusScroll.ts';`,
    `holdEarlyInput();`,
    `startIslands({`,
    ...widgetNames.map((name) => `  ${name}: () => import('./${domIslands[name] ?? `${name}.tsx`}'),`),
    `});`,
    `startPlainWidgets({`,
    ...Object.entries(plainWidgets).map(([name, file]) => `  ${name}: () => import('./${file}'),`),
    `});`,
    `startShellBehaviours();`,
  ].join('\n');
}

/**
 * What each DOM island loads when it wakes, besides what the entry has: its chunk, the chunks
 * that imports, and those it loads lazily (the search results' engine), by address.
 */
function domIslandChunks(metafile: Metafile, entryFile: string, url: (file: string) => string): Partial<Record<WidgetName, string[]>> {
  const loaded = new Set([entryFile, ...staticImports(metafile, entryFile)]);
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file) || loaded.has(file)) return into;
    into.add(file);
    for (const item of metafile.outputs[file]?.imports ?? []) if (item.kind === 'import-statement' || item.kind === 'dynamic-import') closure(item.path, into);
    return into;
  };
  const chunkOf = (source: string) => {
    const file = Object.keys(metafile.outputs).find((output) => metafile.outputs[output]!.entryPoint === `widgets/${source}`);
    if (!file) throw new Error(`esbuild wrote no chunk for widgets/${source}`);
    return file;
  };
  return Object.fromEntries(Object.entries(domIslands).map(([name, source]) => [name, [...closure(chunkOf(source), new Set())].map(url)]));
}

/** Chunks the entry imports statically (code it shares with the widgets), worth a modulepreload. */
function staticImports(metafile: Metafile, entryFile: string): string[] {
  const output = metafile.outputs[entryFile];
  return (output?.imports ?? []).filter((item) => item.kind === 'import-statement').map((item) => item.path);
}
