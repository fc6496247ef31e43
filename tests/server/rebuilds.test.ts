import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startPreview } from '../../cli/server/preview.ts';
import { startServe } from '../../cli/server/serve.ts';
import { contentCopy, editContent, repoRoot, tempDir } from '../helpers/site.ts';

/** `esg build` in a process of its own, as an operator's deploy or a writer's second terminal runs it. */
function esgBuild(contentDir: string, outDir: string, flags: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/esg.js'), 'build', '--content', contentDir, '--out', outDir, ...flags], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`esg build ${flags.join(' ')} failed: ${errors}`))));
  });
}

interface Answer {
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET on a kept-alive connection, the body exactly as sent; a connection that breaks or stalls rejects. */
function get(base: string, path: string, agent: Agent, encoding = ''): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, path, agent, headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ path, status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${path}: no whole answer in 10 s`)));
    req.on('error', fail);
    req.end();
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The bytes a page's answer carries once its transfer encoding is undone. */
function unpacked(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/** The file of out/ that answers an address, as static hosts find it. */
function fileOf(outDir: string, path: string): string | undefined {
  const name = path.replace(/^\/+|\/+$/g, '');
  return [name, `${name}.html`, `${name}/index.html`].map((candidate) => join(outDir, candidate)).find((file) => existsSync(file) && statSync(file).isFile());
}

/** Pages of every locale, the events API by its extension-less address, a data file and the client script's stylesheet's page. */
const paths = [
  '/zh_TW',
  '/zh_TW/about',
  '/zh_CN/about',
  '/en',
  '/en/about',
  '/zh_TW/report/gri',
  '/zh_TW/event',
  '/api/events.json',
  '/data/metrics.csv',
  '/sitemap.xml',
];

const servers = {
  preview: async (outDir: string) => {
    const server = await startPreview(outDir, 0);
    return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((done) => server.close(() => done())) };
  },
  serve: async (outDir: string) => {
    const running = await startServe({ outDir, dataDir: join(tempDir(), 'data'), endpoint: '/api/forms', port: 0 });
    return { port: (running.server.address() as AddressInfo).port, close: async () => void (await running.close()) };
  },
};

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe.each(Object.keys(servers) as (keyof typeof servers)[])('esg %s serves the out/ that exists now', (kind) => {
  it('answers every request whole and from one build while five builds replace out/, and the last build once they end', async () => {
    const contentDir = contentCopy();
    const outDir = join(tempDir(), 'out');
    await esgBuild(contentDir, outDir, []);
    const server = await servers[kind](outDir);
    closing.push(server.close);
    const base = `http://127.0.0.1:${server.port}`;

    // Every version of each file a build left in out/: an answer must be one of them, whole.
    const versions = new Map<string, Set<string>>(paths.map((path) => [path, new Set<string>()]));
    const remember = () => {
      for (const path of paths) versions.get(path)!.add(sha(readFileSync(fileOf(outDir, path)!)));
    };
    remember();

    const answers: Answer[] = [];
    const failures: string[] = [];
    let building = true;
    const client = async (number: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const encodings = ['', 'br', 'gzip', 'gzip, deflate, br'];
      for (let round = 0; building; round++) {
        const path = paths[(round + number) % paths.length]!;
        try {
          answers.push(await get(base, path, agent, encodings[(round + number) % encodings.length]));
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
      }
      agent.destroy();
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));

    // Each build changes every Chinese and English page (the footer's words, at a new length each time); full
    // builds swap a new out/ in, incremental ones rename changed files over the old; some write compressed copies.
    const builds: string[][] = [[], ['--incremental'], ['--compress'], ['--incremental', '--compress'], []];
    for (const [number, flags] of builds.entries()) {
      for (const locale of ['zh_TW', 'en'])
        editContent(contentDir, `${locale}/messages.yaml`, (text) => text.replace(/^(site\.copyright: ".*?)(( #+)?)"$/m, `$1 ${'#'.repeat(number + 1)}"`));
      await esgBuild(contentDir, outDir, flags);
      remember();
    }
    building = false;
    await clients;

    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(200);
    const broken = answers.filter((answer) => {
      // An answer compressed as it is sent goes in chunks, each of its own length; any other says its length.
      const length = answer.headers['content-length'];
      const whole = length === undefined ? answer.headers['transfer-encoding'] === 'chunked' : Number(length) === answer.body.length;
      if (answer.status !== 200 || !whole) return true;
      return !versions.get(answer.path)!.has(sha(unpacked(answer)));
    });
    expect(broken.map((answer) => `${answer.path} ${answer.status} ${answer.headers['content-length']}/${answer.body.length}`)).toEqual([]);
    expect(answers.some((answer) => answer.headers['content-encoding'] === 'br')).toBe(true);
    // The clients saw the pages change under them: more versions than one per address.
    expect(new Set(answers.map((answer) => `${answer.path} ${sha(unpacked(answer))}`)).size).toBeGreaterThan(paths.length * 2);

    // Once the builds have ended, every address answers with the file on disk now.
    const agent = new Agent({ keepAlive: true });
    for (const path of paths) {
      for (const encoding of ['', 'br']) {
        const answer = await get(base, path, agent, encoding);
        expect(unpacked(answer).equals(readFileSync(fileOf(outDir, path)!)), `${path} ${encoding}`).toBe(true);
      }
    }
    agent.destroy();
  }, 300_000);

  it('serves a file a build adds, answers 404 for one it removes, and changes the ETag with the content', async () => {
    const contentDir = contentCopy();
    const outDir = join(tempDir(), 'out');
    await esgBuild(contentDir, outDir, []);
    const server = await servers[kind](outDir);
    closing.push(server.close);
    const base = `http://127.0.0.1:${server.port}`;
    const agent = new Agent({ keepAlive: true });

    const added = '/zh_TW/event/2025-harbour-walk';
    expect((await get(base, added, agent)).status).toBe(404);
    const about = await get(base, '/zh_TW/about', agent);
    const source = readFileSync(join(contentDir, 'zh_TW/events/2025-safety-week.md'), 'utf8');
    writeFileSync(join(contentDir, 'zh_TW/events/2025-harbour-walk.md'), source.replace('id: 2025-safety-week', 'id: 2025-harbour-walk'));
    editContent(contentDir, 'zh_TW/messages.yaml', (text) => text.replace(/^(site\.copyright: ".*?)"$/m, '$1 Harbour"'));
    await esgBuild(contentDir, outDir, ['--incremental']);

    const page = await get(base, added, agent);
    expect(page.status).toBe(200);
    expect(page.body.equals(readFileSync(join(outDir, 'zh_TW/event/2025-harbour-walk/index.html')))).toBe(true);
    const changed = await get(base, '/zh_TW/about', agent);
    expect(changed.headers.etag).not.toBe(about.headers.etag);
    expect(about.body.toString()).not.toContain('Harbour');
    expect(changed.body.toString()).toContain('Harbour');

    rmSync(join(contentDir, 'zh_TW/events/2025-harbour-walk.md'));
    await esgBuild(contentDir, outDir, []);
    const gone = await get(base, added, agent);
    expect(gone.status).toBe(404);
    expect(gone.body.toString()).toContain('<html');
    agent.destroy();
  }, 120_000);
});
