import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { entryReader, hashOfFile, installedCacheDir, readValue, saveEntry, saveValue } from '../../cli/cache.ts';
import { buildProblems, buildSample, contentCopy, editContent, runEsg, sampleContent, tempDir } from '../helpers/site.ts';

// Each test gets a build cache of its own (cli/cache.ts), so none sees another's files.
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
    expect(existsSync(join(process.env.ESG_CACHE_DIR!, 'content-data/value.json'))).toBe(true);

    // The event file is the same, so its data comes from the cache; only its cover is gone.
    const path = 'zh_TW/events/2023-blood-drive.md';
    rmSync(join(content, 'assets/images/events/2023-blood-drive.svg'));
    const problems = await buildProblems(content);
    const problem = problems.find((entry) => entry.file.endsWith(path));
    expect(problem).toMatchObject({ code: 'ESG4004', field: 'cover', line: lineOf(readFileSync(join(content, path), 'utf8'), 'cover:'), column: 8 });
    expect(problem?.frame).toContain('cover: /assets/images/events/2023-blood-drive.svg');
  });

  it('points at the line of a later problem in a file whose parsed document was let go after it was checked', async () => {
    // An empty cache: the file's YAML is parsed, checked, let go; the missing cover is found after.
    const content = contentCopy();
    const path = 'zh_TW/events/2023-blood-drive.md';
    rmSync(join(content, 'assets/images/events/2023-blood-drive.svg'));
    const problem = (await buildProblems(content)).find((entry) => entry.file.endsWith(path));
    expect(problem).toMatchObject({ code: 'ESG4004', field: 'cover', line: lineOf(readFileSync(join(content, path), 'utf8'), 'cover:'), column: 8 });
  });

  it('reads a changed file afresh: a YAML mistake in a file built before is reported', async () => {
    const content = contentCopy();
    await buildSample(content);
    const file = join(content, 'zh_TW/menu.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^items:/m, 'items: [\n'));
    const problems = await buildProblems(content);
    expect(problems.some((problem) => problem.file.endsWith('zh_TW/menu.yaml') && problem.code === 'ESG1004')).toBe(true);
  });

  it('imports the validators compiled at install, and compiles them into the build cache when its entry is damaged', () => {
    // An empty build cache: the validators come from dist/cache, made by scripts/compile.js.
    expect(validate().code).toBe(0);
    expect(existsSync(join(process.env.ESG_CACHE_DIR!, 'validators'))).toBe(false);
    const installed = join(installedCacheDir, 'validators');
    const compiled = readdirSync(installed).filter((name) => /^validators-.*\.mjs$/.test(name));
    expect(compiled).toHaveLength(1);
    const made = readFileSync(join(installed, compiled[0]!), 'utf8');
    expect(made).toContain('export const validators');
    // The build cache's own entry comes first. A damaged one no longer hashes as its manifest
    // says: compiled afresh into it, the build unharmed.
    const folder = join(process.env.ESG_CACHE_DIR!, 'validators');
    cpSync(installed, folder, { recursive: true });
    const module = join(folder, compiled[0]!);
    writeFileSync(module, 'this is not JavaScript (');
    const again = validate();
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(module, 'utf8')).toBe(made);
  });

  it('gives back an entry only while its key and every file it was made from are unchanged', () => {
    const input = join(tempDir(), 'widget.ts');
    writeFileSync(input, 'export const a = 1;');
    expect(saveValue('example', 'key-1', { made: 1 }, [input])).toBe(true);
    expect(readValue('example', 'key-1')).toEqual({ made: 1 });
    expect(readValue('example', 'key-2')).toBeUndefined();
    writeFileSync(input, 'export const a = 2;');
    expect(readValue('example', 'key-1')).toBeUndefined();
  });

  it('checks each file of an entry against its manifest as it is read', () => {
    expect(saveEntry('reader', 'key-1', [], (folder) => ['a', 'b'].forEach((name) => writeFileSync(join(folder, name), `file ${name}`)))).toBe(true);
    const entry = entryReader('reader', 'key-1')!;
    expect(entry.read('a').toString()).toBe('file a');
    writeFileSync(join(process.env.ESG_CACHE_DIR!, 'reader', 'b'), 'changed by hand');
    expect(() => entry.read('b')).toThrow(/reader\/b is not as it was saved/);
    expect(entryReader('reader', 'key-2')).toBeUndefined();
  });

  it('reuses the zh_CN conversions of the last build, unless opencc or the report words changed', () => {
    const file = join(process.env.ESG_CACHE_DIR!, 'simplified/value.json');
    const manifest = join(process.env.ESG_CACHE_DIR!, 'simplified/manifest.json');
    // Each build in a process of its own: a process keeps the conversions it made in memory.
    const siteName = () => {
      const { outDir } = esgBuild();
      return /<span class="slogan-name">([^<]*)<\/span>/.exec(readFileSync(join(outDir, 'zh_CN/index.html'), 'utf8'))?.[1];
    };
    expect(siteName()).toBe('华岳永续报告');
    const cached = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(cached['華岳永續報告']).toBe('华岳永续报告');

    // A conversion the cache holds is used as it is: this one was put there by hand, as if made so.
    const entry = JSON.parse(readFileSync(manifest, 'utf8')) as { key: string; files: Record<string, string> };
    const putThere = (key: string) => {
      writeFileSync(file, JSON.stringify({ ...cached, 華岳永續報告: '华岳（缓存）' }));
      writeFileSync(manifest, JSON.stringify({ ...entry, key, files: { 'value.json': hashOfFile(file) } }));
    };
    putThere(entry.key);
    expect(siteName()).toBe('华岳（缓存）');
    // Made by another version of opencc (another key): converted afresh.
    putThere('another opencc');
    expect(siteName()).toBe('华岳永续报告');
    // Changed by hand without its manifest knowing: not used.
    putThere(entry.key);
    writeFileSync(file, JSON.stringify({ ...cached, 華岳永續報告: '华岳（改过）' }));
    expect(siteName()).toBe('华岳永续报告');
  });

  it("reuses the events' Markdown rendered by the last build, unless the packages changed", () => {
    const file = join(process.env.ESG_CACHE_DIR!, 'markdown/value.json');
    const manifest = join(process.env.ESG_CACHE_DIR!, 'markdown/manifest.json');
    // Each build in a process of its own: a process keeps what it rendered in memory.
    const eventBody = () => {
      const { outDir } = esgBuild();
      return readFileSync(join(outDir, 'zh_TW/event/2023-blood-drive/index.html'), 'utf8');
    };
    expect(eventBody()).toContain('<li>第一次捐血的同仁有');
    const cached = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const body = Object.keys(cached).find((text) => text.includes('第一次捐血的同仁有'));
    expect(cached[body!]).toContain('<li>第一次捐血的同仁有');

    // What the cache holds is used as it is: this HTML was put there by hand, as if rendered so.
    const entry = JSON.parse(readFileSync(manifest, 'utf8')) as { key: string; files: Record<string, string> };
    const putThere = (key: string) => {
      writeFileSync(file, JSON.stringify({ ...cached, [body!]: '<p>（快取）</p>' }));
      writeFileSync(manifest, JSON.stringify({ ...entry, key, files: { 'value.json': hashOfFile(file) } }));
    };
    putThere(entry.key);
    expect(eventBody()).toContain('<p>（快取）</p>');
    // Made with other packages (another key): rendered afresh.
    putThere('other packages');
    const again = eventBody();
    expect(again).not.toContain('（快取）');
    expect(again).toContain('<li>第一次捐血的同仁有');
  });

  it('builds without a cache where none can be written (a read-only install)', () => {
    // Below a file, no folder can be made: every cache is skipped, nothing is bundled.
    const file = join(tempDir(), 'not-a-folder');
    writeFileSync(file, '');
    const { outDir, stdout } = esgBuild({ ...process.env, ESG_CACHE_DIR: join(file, 'cache') });
    expect(stdout).toMatch(/built 266 pages/);
    expect(readdirSync(join(outDir, '_esg')).some((name) => /^search-zh_TW-[0-9a-f]{10}\.json$/.test(name))).toBe(true);
  });

  it("reuses a locale's search index while its pages are unchanged, and indexes afresh the locale whose page changed", async () => {
    const content = contentCopy();
    const searchFiles = (outDir: string) =>
      new Map(
        readdirSync(join(outDir, '_esg'))
          .filter((name) => name.startsWith('search-'))
          .map((name) => [name, readFileSync(join(outDir, '_esg', name), 'utf8')]),
      );
    const first = searchFiles(await buildSample(content));
    expect(readdirSync(process.env.ESG_CACHE_DIR!)).toEqual(expect.arrayContaining(['search-en', 'search-zh_TW', 'search-zh_CN']));
    // Unchanged: the same files, from the cache.
    const second = searchFiles(await buildSample(content));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [name, text] of second) expect(text, name).toBe(first.get(name));

    // One English event gets a word no page has: only the English index is made again, and it has the word.
    editContent(content, 'en/events/2024-integrity-training.md', (text) =>
      text.replace(/\n---\n/, '\n---\n\nThe session ended with a quiz on zygomorphic flowers.\n'),
    );
    const third = searchFiles(await buildSample(content));
    const changed = [...third.keys()].filter((name) => !first.has(name));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((name) => name.startsWith('search-en-'))).toBe(true);
    expect([...third].some(([name, text]) => name.startsWith('search-en-t') && text.includes('"zygomorphic"'))).toBe(true);
    // The cached entry now holds the changed index: an unchanged build after it gives the same files.
    const fourth = searchFiles(await buildSample(content));
    expect([...fourth.keys()].sort()).toEqual([...third.keys()].sort());
    // An entry changed behind its manifest's back is not used: the index is made again, the same.
    for (const file of ['files', 'pages.jsonl']) writeFileSync(join(process.env.ESG_CACHE_DIR!, 'search-en', file), 'damaged');
    const fifth = searchFiles(await buildSample(content));
    expect(fifth).toEqual(fourth);
    // Each entry's manifest has the hash of each of its files as written (hashed while written, not read back).
    const cache = process.env.ESG_CACHE_DIR!;
    const entries = readdirSync(cache).filter((name) => /^(search-(en|zh_TW|zh_CN)|content-data|build-record-.*)$/.test(name));
    expect(entries.length).toBeGreaterThanOrEqual(5);
    for (const entry of entries) {
      const { files } = JSON.parse(readFileSync(join(cache, entry, 'manifest.json'), 'utf8')) as { files: Record<string, string> };
      expect(Object.keys(files).length, entry).toBeGreaterThan(0);
      for (const [file, hash] of Object.entries(files)) expect(hash, `${entry}/${file}`).toBe(hashOfFile(join(cache, entry, file)));
    }
    // What the search thread wrote aside for its entries went into them: nothing is left beside.
    expect(readdirSync(process.env.ESG_CACHE_DIR!).filter((name) => /^search-(files|pages)-/.test(name))).toEqual([]);
  });
});
