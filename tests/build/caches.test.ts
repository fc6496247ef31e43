import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleCache } from '../../cli/build/bundleCache.ts';
import type { PageAssets } from '../../templates/context.tsx';
import { buildProblems, buildSample, contentCopy, repoRoot, tempDir } from '../helpers/site.ts';

// Each test gets a build cache of its own (cli/cacheDir.ts), so none sees another's files.
beforeEach(() => {
  process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
});

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

  it('reads a changed file afresh: a YAML mistake in a file built before is reported', async () => {
    const content = contentCopy();
    await buildSample(content);
    const file = join(content, 'zh_TW/menu.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^items:/m, 'items: [\n'));
    const problems = await buildProblems(content);
    expect(problems.some((problem) => problem.file.endsWith('zh_TW/menu.yaml') && problem.message.startsWith('YAML syntax'))).toBe(true);
  });

  it('compiles the schemas again when the compiled validators are damaged', () => {
    const env = { ...process.env, ESG_CACHE_DIR: process.env.ESG_CACHE_DIR };
    const validate = () => spawnSync(process.execPath, [join(repoRoot, 'bin/esg.js'), 'validate', '--content', join(repoRoot, 'content')], { cwd: repoRoot, encoding: 'utf8', env });
    expect(validate().status).toBe(0);
    const compiled = readdirSync(process.env.ESG_CACHE_DIR!).filter((name) => /^validators-.*\.cjs$/.test(name));
    expect(compiled).toHaveLength(1);
    writeFileSync(join(process.env.ESG_CACHE_DIR!, compiled[0]!), 'this is not JavaScript (');
    const again = validate();
    expect(again.status, again.stderr).toBe(0);
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
});
