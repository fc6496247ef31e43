import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSample, contentCopy, preview, repoRoot, runEsg, tempDir, type RunningServer } from '../helpers/site.ts';

const esg = (...args: string[]) => runEsg(args);
const esgIn = (cwd: string, ...args: string[]) => runEsg(args, { cwd });

describe('esg commands', () => {
  it('build writes the site and prints one line per stage, run from any folder', () => {
    const out = join(tempDir(), 'out');
    // Another working folder: the templates' JSX must still compile with the project's tsconfig.
    const result = esgIn(tempDir(), 'build', '--content', join(repoRoot, 'content'), '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/✓ validate/);
    expect(result.stdout).toMatch(/✓ render/);
    expect(result.stdout).toMatch(/built \d+ pages into/);
    expect(existsSync(join(out, 'zh_TW/index.html'))).toBe(true);
  });

  it('validate exits 1 with every problem at file:line:col and no stack trace', () => {
    const content = contentCopy();
    writeFileSync(join(content, 'zh_TW/menu.yaml'), 'items:\n  - name: 永續\n    to: 42\n    color: red\n');
    const result = esg('validate', '--content', content);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/zh_TW\/menu\.yaml:3:9 {2}ESG2007 items\[0\]\.to: /);
    expect(result.stderr).toMatch(/content\/zh_TW\/menu\.yaml:4:5 {2}ESG2002 items\[0\]\.color: /);
    expect(result.stderr).toContain('2 content problems found.');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on wrong usage, with a message', () => {
    const bogus = esg('build', '--bogus');
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toMatch(/^esg: ESG8001 /);
    const missing = esg('build', '--content', join(tempDir(), 'nothing-here'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^esg: ESG1001 .*nothing-here/);
    expect(esg('preview', '--port', 'eighty').code).toBe(2);
  });

  it('has help for each command', () => {
    for (const command of ['build', 'validate', 'preview']) {
      const result = esg(command, '--help');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: esg ${command}`);
      expect(result.stdout).toContain('Example:');
    }
  });
});

describe('esg preview', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await preview(await buildSample());
  });
  afterAll(() => server.close());

  it('serves pages with no-cache and hashed bundles as immutable', async () => {
    const page = await fetch(`${server.url}/zh_TW/about`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/_esg\/client-[A-Z0-9]+\.js)"/.exec(await page.text())![1]!;
    const bundle = await fetch(server.url + script);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown paths with the locale 404 page and status 404', async () => {
    const english = await fetch(`${server.url}/en/no-such-page`);
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('This page could not be found');
    const chinese = await fetch(`${server.url}/zh_TW/no-such-page`);
    expect(chinese.status).toBe(404);
    expect(await chinese.text()).toContain('<html lang="zh-Hant-TW"');
  });
});

/** Every warning printed is followed by its hint: what to do next. */
function expectHints(printed: string) {
  const lines = printed.split('\n');
  lines.forEach((line, at) => {
    if (line.startsWith('⚠')) expect(lines[at + 1], line).toMatch(/^ {2}hint: \S/);
  });
}

describe('npm start', () => {
  const npmStart = (...args: string[]) => ['start', '--', ...args];

  it('with its port taken, fails before building and says how to pass another port', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await new Promise((done) => holder.once('listening', done));
    const port = (holder.address() as AddressInfo).port;
    const out = join(tempDir(), 'out');
    try {
      const result = spawnSync('npm', npmStart('--port', String(port), '--out', out), { cwd: repoRoot, encoding: 'utf8' });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(`ESG8003 port ${port} is already in use`);
      expect(result.stderr).toContain(`npm start -- --port ${port + 1}`);
      expect(result.stdout).not.toMatch(/✓ (load|validate|render)/);
      expect(existsSync(out)).toBe(false);
    } finally {
      holder.close();
    }
  });

  it('builds the site with its report PDF and serves it, and every warning it prints says what to do next', async () => {
    const out = join(tempDir(), 'out');
    // A fresh clone: no build cache, so the book is printed (by the Chromium npm installed) before the site is served.
    const env = { ...process.env, ESG_CACHE_DIR: tempDir('esg-start-cache-') };
    const started = spawn('npm', npmStart('--port', '0', '--out', out), { cwd: repoRoot, env, detached: true });
    let printed = '';
    started.stdout.on('data', (chunk) => (printed += chunk));
    started.stderr.on('data', (chunk) => (printed += chunk));
    try {
      const address = await new Promise<string>((done, fail) => {
        started.stdout.on('data', () => {
          const serving = /Serving .* at (http:\/\/localhost:\d+)/.exec(printed);
          if (serving) done(serving[1]!);
        });
        started.once('exit', (code) => fail(new Error(`npm start exited ${code}:\n${printed}`)));
      });
      expect(printed).toMatch(/huayue-esg-2024-zh_TW\.pdf: \d+ pages/);
      expect((await fetch(`${address}/reports/huayue-esg-2024-zh_TW.pdf`)).status).toBe(200);
      // The GRI index shows the book's page numbers, and the download page offers this year's report.
      expect(await (await fetch(`${address}/zh_TW/report/gri`)).text()).toMatch(/class="chapter-page">p\.\d+</);
      expect(await (await fetch(`${address}/zh_TW/report-download`)).text()).toContain('huayue-esg-2024-zh_TW.pdf');
      expectHints(printed);
    } finally {
      process.kill(-started.pid!, 'SIGTERM');
    }
  }, 240_000);

  it('warns without the PDF that the page numbers are left out, and says how to make them (ESG4103)', () => {
    // Content no PDF was made from: the book's page numbers are left out.
    const content = contentCopy();
    const about = join(content, 'zh_TW/pages/about.yaml');
    writeFileSync(about, readFileSync(about, 'utf8').replace('title: 關於本報告書', 'title: 關於本報告'));
    const built = esg('build', '--content', content, '--out', join(tempDir(), 'out'));
    expect(built.code).toBe(0);
    expect(built.stderr).toContain('⚠ ESG4103');
    expect(built.stderr).toContain('npx esg build --pdf');
    expectHints(built.stderr);
  });
});
