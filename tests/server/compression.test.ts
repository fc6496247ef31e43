import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSample, preview, type RunningServer } from '../helpers/site.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP request, so the body arrives exactly as sent (fetch would decompress it). */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('esg preview and esg serve compress text as static hosts do', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await preview(await buildSample());
  });
  afterAll(() => server.close());

  it.each(['/zh_TW', '/zh_TW/report/gri', '/api/events', '/zh_TW/nowhere'])('sends %s gzipped, the same page once unpacked', async (path) => {
    const plain = await get(server.url, path);
    const packed = await get(server.url, path, gzip);
    expect(packed.status).toBe(plain.status);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toBe('Accept-Encoding');
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(packed.body.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(packed.body).equals(plain.body)).toBe(true);
  });

  it('sends the client script gzipped from the second request on as well (kept per file version)', async () => {
    const page = (await get(server.url, '/zh_TW')).body.toString('utf8');
    const client = /<script type="module" src="([^"]+)"/.exec(page)![1]!;
    const first = await get(server.url, client, gzip);
    const second = await get(server.url, client, gzip);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.body.equals(first.body)).toBe(true);
  });

  it('leaves alone what should not be compressed: a PDF, a range, a HEAD, a 304', async () => {
    const pdf = await get(server.url, '/assets/reports/huayue-esg-2024-zh_TW.pdf', gzip);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    const range = await get(server.url, '/zh_TW/about/', { ...gzip, Range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.length).toBe(100);

    const head = await get(server.url, '/zh_TW/about', gzip, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const etag = String((await get(server.url, '/zh_TW/about', gzip)).headers.etag);
    const again = await get(server.url, '/zh_TW/about', { ...gzip, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
