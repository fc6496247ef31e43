import { afterEach, describe, expect, it } from 'vitest';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startServe, type RunningServe, type ServeOptions } from '../../cli/server/serve.ts';
import { serveConfig } from '../../cli/server/config.ts';
import { databaseFile } from '../../cli/forms/store.ts';
import { tempDir } from '../helpers/site.ts';

const running: RunningServe[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) if (serve.server.listening) await serve.close();
});

/** A real `esg serve` on a free port over an empty site folder, its request log kept in `lines`. */
async function serve(options: Partial<ServeOptions> = {}) {
  const lines: string[] = [];
  const dataDir = join(tempDir('esg-serve-'), 'data');
  const started = await startServe({
    outDir: tempDir('esg-serve-out-'),
    dataDir,
    endpoint: '/api/forms',
    port: 0,
    log: (line) => lines.push(line),
    ...options,
  });
  running.push(started);
  const { port } = started.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const post = async (kind: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}/api/forms/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { ok?: boolean; error?: string } };
  };
  return { started, port, base, post, lines, dataDir };
}

function subscriptions(dataDir: string): number {
  const db = new Database(join(dataDir, databaseFile), { readonly: true });
  try {
    return db.prepare<{ count: number }>('SELECT COUNT(*) AS count FROM subscriptions').get()!.count;
  } finally {
    db.close();
  }
}

const subscription = { email: 'reader@example.com', consent: true, locale: 'en' };

/** Opens a raw connection, sends `first`, then `drip` every 200 ms; resolves with what came back and when the server closed it. */
function slowClient(port: number, first: string, drip: string): Promise<{ closedAfterMs: number; received: string }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(first));
    let received = '';
    const timer = setInterval(() => socket.writable && socket.write(drip), 200);
    const giveUp = setTimeout(() => fail(new Error('the server kept the slow connection open for 8 s')), 8_000);
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      done({ closedAfterMs: performance.now() - started, received });
    });
  });
}

describe('esg serve: /healthz', () => {
  it('answers 200 {"ok":true} while the database answers, 503 once it does not', async () => {
    const { base, started, lines } = await serve();
    const healthy = await fetch(`${base}/healthz`);
    expect(healthy.status).toBe(200);
    expect(healthy.headers.get('cache-control')).toBe('no-store');
    expect(await healthy.json()).toEqual({ ok: true });
    await started.store.close();
    const broken = await fetch(`${base}/healthz`);
    expect(broken.status).toBe(503);
    expect(await broken.json()).toEqual({ ok: false, error: 'the forms database does not answer' });
    // A passing check is not logged (a probe every few seconds would drown the log); a failing one is.
    expect(lines.map((line) => JSON.parse(line) as { path: string; status: number })).toEqual([expect.objectContaining({ path: '/healthz', status: 503 })]);
  });
});

describe('esg serve: the Origin of a form post', () => {
  it('refuses a post from a foreign origin with 403 and a reason, storing nothing', async () => {
    const { post, dataDir } = await serve({ allowedOrigins: ['https://esg.example.com'] });
    for (const origin of ['https://evil.example', 'null', 'https://esg.example.com.evil.example', 'http://esg.example.com']) {
      const answer = await post('subscribe', subscription, { Origin: origin });
      expect(answer, origin).toEqual({ status: 403, body: { error: `forms are accepted from this site's pages only, not from ${origin}` } });
    }
    expect(subscriptions(dataDir)).toBe(0);
  });

  it("accepts the configured origins, the receiver's own, and posts with no Origin", async () => {
    const { post, port, dataDir } = await serve({ allowedOrigins: ['https://esg.example.com'] });
    expect((await post('subscribe', { ...subscription, email: 'a@example.com' }, { Origin: 'HTTPS://ESG.example.com:443' })).status).toBe(201);
    expect((await post('subscribe', { ...subscription, email: 'b@example.com' }, { Origin: `http://127.0.0.1:${port}` })).status).toBe(201);
    expect((await post('subscribe', { ...subscription, email: 'c@example.com' })).status).toBe(201);
    expect(subscriptions(dataDir)).toBe(3);
  });

  it('takes the scheme of its own origin from X-Forwarded-Proto only behind a trusted proxy', async () => {
    const trusting = await serve({ trustProxy: 1 });
    const ownHttps = { Origin: `https://127.0.0.1:${trusting.port}`, 'X-Forwarded-Proto': 'https' };
    expect((await trusting.post('subscribe', subscription, ownHttps)).status).toBe(201);
    const direct = await serve();
    expect((await direct.post('subscribe', subscription, { Origin: `https://127.0.0.1:${direct.port}`, 'X-Forwarded-Proto': 'https' })).status).toBe(403);
  });
});

describe('esg serve: the client address behind proxies (ESG_TRUST_PROXY)', () => {
  const invalid = { nonsense: true };

  it('with one proxy, counts the rightmost X-Forwarded-For address against the rate limit and logs it', async () => {
    const { post, lines } = await serve({ trustProxy: 1, rateLimit: { limit: 1 } });
    expect((await post('quiz', invalid, { 'X-Forwarded-For': '198.51.100.7, 203.0.113.5' })).status).toBe(400);
    // The left part is the client's own claim: changing it does not make another client.
    expect((await post('quiz', invalid, { 'X-Forwarded-For': '192.0.2.1, 203.0.113.5' })).status).toBe(429);
    expect((await post('quiz', invalid, { 'X-Forwarded-For': '203.0.113.6' })).status).toBe(400);
    expect(lines.map((line) => (JSON.parse(line) as { client: string }).client)).toEqual(['203.0.113.5', '203.0.113.5', '203.0.113.6']);
  });

  it('with none (the default), ignores X-Forwarded-For', async () => {
    const { post, lines } = await serve({ rateLimit: { limit: 1 } });
    expect((await post('quiz', invalid, { 'X-Forwarded-For': '203.0.113.5' })).status).toBe(400);
    expect((await post('quiz', invalid, { 'X-Forwarded-For': '203.0.113.6' })).status).toBe(429);
    expect(lines.map((line) => (JSON.parse(line) as { client: string }).client)).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

describe('esg serve: the request log', () => {
  it('writes one JSON line per request, without query strings, bodies or e-mail addresses', async () => {
    const { base, post, lines } = await serve();
    expect((await post('subscribe', { ...subscription, email: 'Private.Reader@Example.com' })).status).toBe(201);
    expect((await post('subscribe', { ...subscription, email: 'bad address' })).status).toBe(400);
    expect((await fetch(`${base}/zh_TW/search?query=private.reader@example.com`)).status).toBe(404);
    expect((await fetch(`${base}/unsubscribe/private.reader%40example.com`)).status).toBe(404);
    expect(lines).toHaveLength(4);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed[0]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: 'POST',
      path: '/api/forms/subscribe',
      status: 201,
      ms: expect.any(Number),
      bytes: expect.any(Number),
      client: '127.0.0.1',
      form: 'subscribe',
    });
    expect(parsed[0]!.bytes).toBeGreaterThan(100);
    expect(parsed.map((line) => [line.path, line.status])).toEqual([
      ['/api/forms/subscribe', 201],
      ['/api/forms/subscribe', 400],
      ['/zh_TW/search', 404],
      ['/unsubscribe/[redacted]', 404],
    ]);
    expect(lines.join('\n')).not.toMatch(/reader|@|%40|address/i);
  });
});

describe('esg serve: slow clients are cut off', () => {
  it('disconnects a client that has not sent its whole headers within the headers timeout (slow loris)', async () => {
    const { port, dataDir } = await serve({ timeouts: { headersMs: 1_000, requestMs: 5_000, keepAliveMs: 5_000 } });
    const { closedAfterMs, received } = await slowClient(port, 'POST /api/forms/subscribe HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n');
    expect(closedAfterMs).toBeGreaterThan(900);
    // The timeout plus Node's check interval (a quarter of the timeout here).
    expect(closedAfterMs).toBeLessThan(2_500);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(subscriptions(dataDir)).toBe(0);
  });

  it('disconnects a client that stalls in the middle of its body (request timeout)', async () => {
    const { port, dataDir, lines } = await serve({ timeouts: { headersMs: 1_000, requestMs: 1_500, keepAliveMs: 5_000 } });
    const body = JSON.stringify(subscription);
    const head = `POST /api/forms/subscribe HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { closedAfterMs } = await slowClient(port, head + body.slice(0, 10), '');
    expect(closedAfterMs).toBeGreaterThan(1_400);
    expect(closedAfterMs).toBeLessThan(3_000);
    expect(subscriptions(dataDir)).toBe(0);
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/api/forms/subscribe', form: 'subscribe', status: 0, aborted: true });
  });

  it('gives clients 10 s for their headers, 30 s for a request and 5 s of kept-alive idleness unless configured', async () => {
    const { timeouts } = serveConfig({}, {});
    expect(timeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
    const { started } = await serve({ timeouts });
    expect(started.server.headersTimeout).toBe(10_000);
    expect(started.server.requestTimeout).toBe(30_000);
    expect(started.server.keepAliveTimeout).toBe(5_000);
    const unconfigured = await serve({ timeouts: undefined });
    expect(unconfigured.started.server.headersTimeout).toBe(10_000);
  });
});

describe('esg serve: DATABASE_URL', () => {
  it('stops with a usage error, listening on nothing, when no PostgreSQL answers there', async () => {
    await expect(serve({ databaseUrl: 'postgres://esg@127.0.0.1:1/esg' })).rejects.toMatchObject({ code: 'ESG8012' });
  });
});
