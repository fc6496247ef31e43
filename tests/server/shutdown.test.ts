import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../../cli/forms/store.ts';
import { inFlight } from '../../cli/server/shutdown.ts';
import { freePort } from '../../bench/formsServer.ts';
import { repoRoot, sampleContent, tempDir } from '../helpers/site.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * The real `esg serve` in its own process, configured through its environment as a container
 * would be. Only the forms matter here, so the site folder is empty.
 */
async function serveProcess() {
  const port = await freePort();
  const dataDir = join(tempDir('esg-shutdown-'), 'data');
  const child = spawn(process.execPath, [join(repoRoot, 'bin/esg.js'), 'serve'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ESG_OUT_DIR: tempDir('esg-shutdown-out-'), ESG_DATA_DIR: dataDir, ESG_CONTENT_DIR: sampleContent },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  /** Resolves once the output holds `text`. */
  const printed = (text: string) =>
    new Promise<void>((done, fail) => {
      const look = () => {
        if (output.includes(text)) return done();
        if (child.exitCode !== null) return fail(new Error(`esg serve exited before printing "${text}":\n${output}`));
        setTimeout(look, 20);
      };
      look();
    });
  await printed('Serving ');
  return { child, port, dataDir, exited, printed, output: () => output };
}

/** A raw HTTP/1.1 request whose body is sent in two parts, the second when `finish()` is called. */
function slowUpload(port: number, body: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<string>((done) => socket.once('close', () => done(answer)));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/forms/subscribe HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return { finish: () => socket.write(body.slice(half)), closed };
}

describe('esg serve stops gracefully', () => {
  it('on SIGTERM, refuses new connections, finishes the submission under way (201, stored), closes the database and exits 0', async () => {
    const serve = await serveProcess();
    const upload = slowUpload(serve.port, JSON.stringify({ email: 'late@example.com', consent: true, locale: 'zh_TW' }));
    // Let the server take the headers and the first half of the body.
    await new Promise((done) => setTimeout(done, 300));
    serve.child.kill('SIGTERM');
    await serve.printed('SIGTERM: finishing the requests under way');
    await expect(fetch(`http://127.0.0.1:${serve.port}/healthz`)).rejects.toThrow();
    upload.finish();
    const answer = await upload.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    // Told not to send more on this connection: the server is going away.
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toMatch(/\r\n\r\n\{"ok":true,"unsubscribe":"\/api\/forms\/unsubscribe\?token=1\.[\w-]{43}"\}$/);
    expect(await serve.exited).toBe(0);
    expect(serve.output()).toContain('esg serve: stopped');
    expect(serve.output()).toContain('"path":"/api/forms/subscribe","status":201');

    const db = new Database(join(serve.dataDir, databaseFile), { readonly: true });
    try {
      expect(db.prepare('SELECT email FROM subscriptions').all()).toEqual([{ email: 'late@example.com' }]);
    } finally {
      db.close();
    }
  });

  it('on SIGINT (Ctrl-C) with nothing under way, exits 0 at once', async () => {
    const serve = await serveProcess();
    expect((await fetch(`http://127.0.0.1:${serve.port}/healthz`)).status).toBe(200);
    const started = performance.now();
    serve.child.kill('SIGINT');
    expect(await serve.exited).toBe(0);
    // The kept-alive connection of the fetch above is idle: it does not hold the shutdown.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('the shutdown deadline', () => {
  it('cuts off a request that does not finish in time, and says so', async () => {
    const requests = inFlight();
    const server = createServer((request, response) => {
      requests.track(response);
      // Answers only once the whole body is in, which this client never sends.
      request.on('end', () => response.end('done'));
      request.resume();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const upload = slowUpload((server.address() as AddressInfo).port, JSON.stringify({ email: 'never@example.com' }));
    await new Promise((done) => setTimeout(done, 200));
    const started = performance.now();
    expect(await requests.stop(server, 300)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await upload.closed).toBe('');
  });
});

describe('esg serve at start', () => {
  it('says when the site it serves has no compressed copies (built without --compress), and still serves it', async () => {
    const serve = await serveProcess();
    await serve.printed('has no compressed copies, so text is compressed as it is sent: build it with `esg build --compress` to spare that work');
    expect((await fetch(`http://127.0.0.1:${serve.port}/healthz`)).status).toBe(200);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  });
});
