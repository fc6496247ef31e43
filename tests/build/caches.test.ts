import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleCache } from '../../cli/build/bundleCache.ts';
import type { PageAssets } from '../../templates/context.tsx';
import { buildProblems, buildSample, contentCopy, runEsg, sampleContent, tempDir } from '../helpers/site.ts';

// Each test gets a build cache of its own (cli/cacheDir.ts), so none sees another's files.
beforeEach(() => {
  process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
});

/** `esg build` of the sample content in a process of its own, as an editor runs it; its output folder. */
function esgBuild(env?: NodeJS.ProcessEnv): { outDir: string; stdout: string } {
  const outDir = join(tempDir(), 'out');
  const built = runEsg(['build', '--content', sampleContent, '--out', outDir], { env });
  expect(built.code, built.stderr).toBe(0);
  return { outDir, stdout: built.stdout };
}

const validate = () => runEsg(['validate', '--content', sampleContent]);

const lineOf = (text: string, start: string) => text.split('\n').findIndex((line) => line.startsWith(start)) + 1;

describe('the build cache', () => {
  it('keeps parsed content, and a later problem in an unchanged file still points at its line', async () => {
    const content = contentCopy();
    await buildSample(content);
    expect(existsSync(join(process.env.ESG_CACHE_DIR!, 'content-data-v1.json'))).toBe(true);

    // The event file is the same, so its data comes from the cache; only its cover is gone.
    const path = 'zh_TW/events/2023-blood-drive.md';
    rmSync(join(content, 'assets/images/events/2023-blood-drive.svg'));
    const problems = await buildProblems(content);
    const problem = problems.find((entry) => entry.file.endsWith(path));
    expect(problem).toMatchObject({ field: 'cover', line: lineOf(readFileSync(join(content, path), 'utf8'), 'cover:'), column: 8 });
    expect(problem?.frame).toContain('cover: /assets/images/events/2023-blood-drive.svg');
  });

  it('points at the line of a later problem in a file whose parsed document was let go after it was checked', async () => {
    // An empty cache: the file's YAML is parsed, checked, let go; the missing cover is found after.
    const content = contentCopy();
    const path = 'zh_TW/events/2023-blood-drive.md';
    rmSync(join(content, 'assets/images/events/2023-blood-drive.svg'));
    const problem = (await buildProblems(content)).find((entry) => entry.file.endsWith(path));
    expect(problem).toMatchObject({ field: 'cover', line: lineOf(readFileSync(join(content, path), 'utf8'), 'cover:'), column: 8 });
  });

  it('reads a changed file afresh: a YAML mistake in a file built before is reported', async () => {
    const content = contentCopy();
    await buildSample(content);
    const file = join(content, 'zh_TW/menu.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^items:/m, 'items: [\n'));
    const problems = await buildProblems(content);
    expect(problems.some((problem) => problem.file.endsWith('zh_TW/menu.yaml') && problem.message.startsWith('YAML syntax'))).toBe(true);
  });

  it('compiles the schemas again when the compiled validators are damaged', () => {
    expect(validate().code).toBe(0);
    const compiled = readdirSync(process.env.ESG_CACHE_DIR!).filter((name) => /^validators-.*\.cjs$/.test(name));
    expect(compiled).toHaveLength(1);
    writeFileSync(join(process.env.ESG_CACHE_DIR!, compiled[0]!), 'this is not JavaScript (');
    const again = validate();
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(process.env.ESG_CACHE_DIR!, compiled[0]!), 'utf8')).toMatch(/^"use strict";exports\./);
  });

  it('gives back a bundle only while every file it was made from is unchanged', () => {
    const sources = tempDir();
    const input = join(sources, 'widget.ts');
    writeFileSync(input, 'export const a = 1;');
    const built = join(tempDir(), '_esg');
    mkdirSync(built);
    writeFileSync(join(built, 'client-ABC.js'), 'console.log(1)');
    const assets: PageAssets = { css: '/_esg/site.css', client: '/_esg/client-ABC.js', guard: '/g.js', redirect: '/r.js', preload: [] };
    bundleCache.save('key-1', built, [input], assets);

    const restored = join(tempDir(), '_esg');
    expect(bundleCache.restore('key-1', restored)).toEqual(assets);
    expect(readFileSync(join(restored, 'client-ABC.js'), 'utf8')).toBe('console.log(1)');
    expect(bundleCache.restore('key-2', join(tempDir(), '_esg'))).toBeUndefined();
    writeFileSync(input, 'export const a = 2;');
    expect(bundleCache.restore('key-1', join(tempDir(), '_esg'))).toBeUndefined();
  });

  it('reuses the zh_CN conversions of the last build, unless opencc or the report words changed', () => {
    const file = join(process.env.ESG_CACHE_DIR!, 'simplified-v1.json');
    // Each build in a process of its own: a process keeps the conversions it made in memory.
    const siteName = () => {
      const { outDir } = esgBuild();
      return /<span class="slogan-name">([^<]*)<\/span>/.exec(readFileSync(join(outDir, 'zh_CN/index.html'), 'utf8'))?.[1];
    };
    expect(siteName()).toBe('华岳永续报告');
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { key: string; value: Record<string, string> };
    expect(cached.value['華岳永續報告']).toBe('华岳永续报告');

    // A conversion the cache holds is used as it is: this one was put there by hand.
    writeFileSync(file, JSON.stringify({ ...cached, value: { ...cached.value, 華岳永續報告: '华岳（缓存）' } }));
    expect(siteName()).toBe('华岳（缓存）');
    // Made by another version of opencc: converted afresh.
    writeFileSync(file, JSON.stringify({ key: 'another opencc', value: { ...cached.value, 華岳永續報告: '华岳（缓存）' } }));
    expect(siteName()).toBe('华岳永续报告');
  });

  it('runs the search thread from its cached bundle, and bundles it again when the bundle is damaged', async () => {
    const folder = join(process.env.ESG_CACHE_DIR!, 'threads/searchThread');
    const script = join(folder, 'files/thread.cjs');
    const searchFiles = (outDir: string) => readdirSync(join(outDir, '_esg')).filter((name) => name.startsWith('search-')).sort();
    const first = searchFiles(await buildSample());
    const made = readFileSync(script, 'utf8');
    expect(made).toContain('sectionsOfPage');

    // A bundle that also leaves a mark, with its hash in the manifest: the next build runs it.
    const mark = markBundle(folder, 'thread.cjs', `require('node:fs').writeFileSync`);
    expect(searchFiles(await buildSample())).toEqual(first);
    expect(readFileSync(mark, 'utf8')).toBe('yes');

    // A damaged bundle is not run: the build starts the thread from the sources and bundles it again.
    writeFileSync(script, 'this is not JavaScript (');
    expect(searchFiles(await buildSample())).toEqual(first);
    expect(readFileSync(script, 'utf8')).toBe(made);
  });

  it('runs the esg command from its cached bundle, and from the sources when the bundle is damaged', () => {
    const folder = join(process.env.ESG_CACHE_DIR!, 'cli');
    const script = join(folder, 'files/cli.mjs');
    // No bundle yet: the command runs through tsx and leaves its bundle for the next one.
    expect(validate().stdout).toContain('content is valid');
    const made = readFileSync(script, 'utf8');
    expect(made).toContain('function program()');

    const mark = markBundle(folder, 'cli.mjs', `(await import('node:fs')).writeFileSync`);
    const marked = validate();
    expect(marked.code, marked.stderr).toBe(0);
    expect(marked.stdout).toContain('content is valid');
    expect(readFileSync(mark, 'utf8')).toBe('yes');

    writeFileSync(script, 'this is not JavaScript (');
    const again = validate();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('content is valid');
    expect(readFileSync(script, 'utf8')).toBe(made);
  });

  it('builds without a cache where none can be written (a read-only install)', () => {
    // Below a file, no folder can be made: every cache is skipped, nothing is bundled.
    const file = join(tempDir(), 'not-a-folder');
    writeFileSync(file, '');
    const { outDir, stdout } = esgBuild({ ...process.env, ESG_CACHE_DIR: join(file, 'cache') });
    expect(stdout).toMatch(/built 260 pages/);
    expect(readdirSync(join(outDir, '_esg')).some((name) => /^search-zh_TW-[0-9a-f]{10}\.json$/.test(name))).toBe(true);
  });

  it('builds the same site whether the command and the search thread run from bundles or from the sources', () => {
    const build = () => esgBuild().outDir;
    const files = (outDir: string) => readdirSync(outDir, { recursive: true, encoding: 'utf8' }).sort();
    // From the sources; the two bundles are made meanwhile.
    const fromSources = build();
    expect(existsSync(join(process.env.ESG_CACHE_DIR!, 'cli/files/cli.mjs'))).toBe(true);
    // The command from its bundle; the thread's bundle made by the bundled command, then run.
    rmSync(join(process.env.ESG_CACHE_DIR!, 'threads'), { recursive: true });
    build();
    const fromBundles = build();
    expect(readFileSync(join(process.env.ESG_CACHE_DIR!, 'threads/searchThread/files/thread.cjs'), 'utf8')).not.toMatch(/import_meta\.url/);
    expect(files(fromBundles)).toEqual(files(fromSources));
    for (const page of ['zh_TW/index.html', 'zh_CN/search/index.html', 'en/about/index.html']) expect(readFileSync(join(fromBundles, page), 'utf8')).toBe(readFileSync(join(fromSources, page), 'utf8'));
  });
});

/**
 * Puts a line that writes a mark file at the top of a cached bundle, and its new hash in the
 * manifest, as if the bundle had been made so: the mark shows that the next process ran it.
 */
function markBundle(folder: string, file: string, writeFile: string): string {
  const mark = join(tempDir(), 'ran');
  const script = join(folder, 'files', file);
  const marked = `${writeFile}(${JSON.stringify(mark)}, 'yes');\n${readFileSync(script, 'utf8')}`;
  writeFileSync(script, marked);
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { assets: { sha1: string } };
  manifest.assets.sha1 = createHash('sha1').update(marked).digest('base64');
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest));
  return mark;
}
