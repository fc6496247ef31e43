import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../../cli/forms/store.ts';
import { siteOrigin } from '../../cli/server/serve.ts';
import { freePort } from '../../bench/formsServer.ts';
import { repoRoot, sampleContent, tempDir } from '../helpers/site.ts';

/**
 * The production path of docs/deploying.md ("Docker"): the Dockerfile's steps run in a fresh folder holding
 * what `docker build` would be given (the project minus .dockerignore). No Docker engine runs
 * here, so the steps are read from the Dockerfile and run as they are written; only the compilers'
 * apt-get line is left to the machine. Slow: `npm ci --omit=dev` compiles better-sqlite3 from
 * source where no prebuilt binary can be downloaded (about 2 minutes on two cores).
 */

interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments dropped, each with its stage. */
function dockerfile(): Instruction[] {
  const lines = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ').split('\n');
  let stage = -1;
  return lines
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword = '', args = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
      if (keyword.toUpperCase() === 'FROM') stage++;
      return { stage, keyword: keyword.toUpperCase(), args };
    });
}

const instructions = dockerfile();
const stages = instructions.filter((instruction) => instruction.keyword === 'FROM').map((instruction) => instruction.args);
const runtime = stages.length - 1;
const of = (keyword: string, stage: number) =>
  instructions.filter((instruction) => instruction.keyword === keyword && instruction.stage === stage).map((instruction) => instruction.args);
const compilers = /^apt-get update && apt-get install .*python3 make g\+\+ libnss3/;
const buildSteps = of('RUN', 0).filter((step) => !compilers.test(step));
const runtimeEnv = Object.fromEntries(
  of('ENV', runtime)
    .flatMap((args) => args.split(/\s+/))
    .map((pair) => pair.split('=') as [string, string]),
);
const execForm = (args: string) => JSON.parse(args.replace(/^.*?(?=\[)/, '')) as string[];

/** The files `docker build .` would be sent: every file git does not ignore, minus .dockerignore's patterns. */
function buildContext(): string[] {
  const patterns = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const ignored = patterns.map((pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`));
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return listed.stdout.split('\0').filter((path) => path && !ignored.some((pattern) => pattern.test(path)));
}

describe('the Dockerfile and the systemd unit', () => {
  it('builds in one stage and runs on node:20-bookworm-slim as an unprivileged user, with a health check', () => {
    expect(stages).toEqual(['node:20-bookworm-slim AS build', 'node:20-bookworm-slim']);
    expect(buildSteps).toEqual([
      'npm ci --omit=dev --no-audit --no-fund',
      'node bin/esg.js build --pdf --compress --out out && rm -rf node_modules/.cache',
      'rm -rf content/evidence',
    ]);
    expect(of('COPY', runtime)).toEqual(['--from=build /app /app']);
    expect(of('USER', runtime)).toEqual(['node']);
    expect(of('EXPOSE', runtime)).toEqual([runtimeEnv.PORT]);
    expect(runtimeEnv).toMatchObject({ HOST: '0.0.0.0', ESG_DATA_DIR: '/var/lib/esg', ESG_OUT_DIR: '/app/out' });
    expect(of('VOLUME', runtime)).toEqual([runtimeEnv.ESG_DATA_DIR]);
    expect(execForm(of('HEALTHCHECK', runtime)[0]!)).toEqual(['node', 'deploy/healthcheck.js']);
    expect(execForm(of('CMD', runtime)[0]!)).toEqual(['node', 'bin/esg.js', 'serve']);
  });

  it('leaves the dependencies, builds and data out of the image, and keeps what the build needs', () => {
    const context = buildContext();
    expect(context.filter((path) => /^(node_modules|out|data|dist|tests|\.git)\//.test(path))).toEqual([]);
    for (const needed of ['package.json', 'package-lock.json', 'scripts/compile.js', 'cli/main.ts', 'content/site.yaml', 'deploy/healthcheck.js'])
      expect(context).toContain(needed);
    expect(context.some((path) => path.startsWith('patches/'))).toBe(true);
  });

  it('runs the systemd service as its own user, writing only its data folder, restarted on failure', () => {
    const unit = readFileSync(join(repoRoot, 'deploy/esg-serve.service'), 'utf8');
    const settings = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1]!);
    const environment = Object.fromEntries(settings('Environment').map((pair) => pair.split('=') as [string, string]));
    expect(settings('User')).toEqual(['esg']);
    expect(settings('ExecStart')).toEqual(['/usr/bin/node bin/esg.js serve']);
    expect(settings('Restart')).toEqual(['on-failure']);
    expect(settings('ReadWritePaths')).toEqual([environment.ESG_DATA_DIR]);
    expect(settings('ProtectSystem')).toEqual(['strict']);
    expect(settings('NoNewPrivileges')).toEqual(['yes']);
  });
});

describe('a production install serves the site and receives the forms', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it(
    'installs with npm ci --omit=dev, builds and checks the site, answers /healthz, refuses a foreign origin, cuts off a slow client and stops on SIGTERM',
    async () => {
      const app = join(tempDir('esg-production-'), 'app');
      for (const path of buildContext()) {
        mkdirSync(dirname(join(app, path)), { recursive: true });
        copyFileSync(join(repoRoot, path), join(app, path));
      }
      // The environment of a clean shell: nothing of the npm and vitest running this test. The
      // package cache is used first, the registry only for what it lacks.
      const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|ESG_|VITEST|NODE_ENV$|NODE_OPTIONS$)/.test(name)));
      const installEnv = { ...shell, npm_config_prefer_offline: 'true' };
      const times: string[] = [];
      for (const step of buildSteps) {
        const started = performance.now();
        const result = spawnSync('sh', ['-c', step], { cwd: app, env: installEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        times.push(`${step.split(' && ')[0]}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
        expect(result.status, `${step}\n${result.stdout}\n${result.stderr}`).toBe(0);
        if (!step.startsWith('node bin/esg.js build')) continue;
        // What CI runs on content works with the production packages alone (it loads linkinator).
        const checked = spawnSync(process.execPath, ['bin/esg.js', 'check'], { cwd: app, env: shell, encoding: 'utf8' });
        expect(checked.status, `${checked.stdout}\n${checked.stderr}`).toBe(0);
        expect(checked.stdout).toMatch(/no problems: \d+ pages built, \d+ links checked/);
      }
      console.info(`production install and build: ${times.join('; ')}`);
      expect(spawnSync('test', ['-d', join(app, 'node_modules/vitest')]).status, 'no devDependency is installed').not.toBe(0);
      // The image carries no evidence: the built site never had any, and the content folder keeps none.
      expect(existsSync(join(app, 'content/evidence'))).toBe(false);
      expect(existsSync(join(app, 'content/site.yaml'))).toBe(true);

      // The runtime's environment from the Dockerfile, its paths in the temp folder; headers must
      // come within 1 s instead of 10, so the slow client is cut off quickly.
      const port = await freePort();
      const dataDir = join(tempDir('esg-production-'), 'data');
      const env = {
        ...shell,
        ...Object.fromEntries(Object.entries(runtimeEnv).map(([name, value]) => [name, value.replace(/^\/app(?=\/|$)/, app)])),
        PORT: String(port),
        HOST: '127.0.0.1',
        ESG_DATA_DIR: dataDir,
        ESG_HEADERS_TIMEOUT: '1',
      };
      const [command, ...args] = execForm(of('CMD', runtime)[0]!);
      expect(command).toBe('node');
      const child = spawn(process.execPath, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      await new Promise<void>((done, fail) => {
        const look = () => (output.includes('Serving ') ? done() : child.exitCode !== null ? fail(new Error(output)) : setTimeout(look, 50));
        look();
      });

      const base = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true });
      const [check, ...checkArgs] = execForm(of('HEALTHCHECK', runtime)[0]!);
      expect(check).toBe('node');
      expect(spawnSync(process.execPath, checkArgs, { cwd: app, env }).status).toBe(0);
      expect((await fetch(`${base}/zh_TW/`)).status).toBe(200);
      // The image's site has its compressed copies (`esg build --compress`), and esg serve sends them.
      expect((await fetch(`${base}/zh_TW/`, { headers: { 'Accept-Encoding': 'br' } })).headers.get('content-encoding')).toBe('br');
      expect(output).not.toContain('no compressed copies');
      // The image carries the report PDF (`--pdf`), printed by the Chromium npm installed, and the GRI index its page numbers.
      const pdf = await fetch(`${base}/reports/huayue-esg-2024-zh_TW.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(await (await fetch(`${base}/zh_TW/report/gri`)).text()).toContain('chapter-page');
      const pages = (await (await fetch(`${base}/reports/huayue-esg-2024-zh_TW.pages.json`)).json()) as { madeWith: { engine: string } };
      expect(pages.madeWith.engine).toContain('@sparticuz/chromium');

      const post = (origin: string) =>
        fetch(`${base}/api/forms/subscribe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin },
          body: JSON.stringify({ email: 'production@example.com', consent: true, locale: 'en' }),
        });
      expect((await post('https://elsewhere.example')).status).toBe(403);
      expect((await post(siteOrigin(sampleContent)!)).status).toBe(201);

      const slow = await new Promise<number>((done) => {
        const started = performance.now();
        const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
        const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(drip);
          done(performance.now() - started);
        });
      });
      expect(slow).toBeLessThan(2_500);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const db = new Database(join(dataDir, databaseFile), { readonly: true });
      try {
        expect(db.prepare('SELECT email FROM subscriptions').all()).toEqual([{ email: 'production@example.com' }]);
      } finally {
        db.close();
      }
      expect(output).not.toContain('production@example.com');
    },
    20 * 60_000,
  );
});
