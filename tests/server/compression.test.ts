import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev } from '../../cli/server/dev.ts';
import { startEdit } from '../../cli/edit/server.ts';
import { buildSample, contentCopy, preview, sampleContent, tempDir, type RunningServer } from '../helpers/site.ts';

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

const browser = { 'Accept-Encoding': 'gzip, deflate, br' };
const gzipOnly = { 'Accept-Encoding': 'gzip, deflate' };
const unpack = { br: brotliDecompressSync, gzip: gunzipSync };

describe('esg preview and esg serve send the copies the build compressed, as static hosts do', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await preview(await buildSample(sampleContent, { compress: true }));
  });
  afterAll(() => server.close());

  it.each(['/zh_TW', '/zh_TW/report/gri', '/api/events', '/zh_TW/nowhere'])(
    'sends %s in brotli, else gzip, the same page with the same headers once unpacked',
    async (path) => {
      const plain = await get(server.url, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [accepts, encoding] of [
        [browser, 'br'],
        [gzipOnly, 'gzip'],
      ] as const) {
        const packed = await get(server.url, path, accepts);
        expect(packed.status).toBe(plain.status);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toBe('Accept-Encoding');
        for (const header of ['content-type', 'cache-control', 'content-security-policy']) expect(packed.headers[header], header).toBe(plain.headers[header]);
        expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
        expect(packed.body.length).toBeLessThan(plain.body.length / 2);
        expect(unpack[encoding](packed.body).equals(plain.body)).toBe(true);
      }
    },
  );

  it('sends the client script in brotli, cached for ever', async () => {
    const page = (await get(server.url, '/zh_TW')).body.toString('utf8');
    const client = /<script type="module" src="([^"]+)"/.exec(page)![1]!;
    const plain = await get(server.url, client);
    const packed = await get(server.url, client, browser);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(packed.body).equals(plain.body)).toBe(true);
  });

  it('answers a HEAD and a 304 for the compressed copy, a range and a PDF from the file itself', async () => {
    const pdf = await get(server.url, '/assets/reports/huayue-esg-2023-zh_TW.pdf', browser);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    const range = await get(server.url, '/zh_TW/about/', { ...browser, Range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.toString('utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(range.body.length).toBe(100);

    const whole = await get(server.url, '/zh_TW/about', browser);
    const head = await get(server.url, '/zh_TW/about', browser, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(whole.body.length));
    expect(head.body.length).toBe(0);

    const again = await get(server.url, '/zh_TW/about', { ...browser, 'If-None-Match': String(whole.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe('esg preview, esg dev and esg edit compress text as they send it where the build made no copies', () => {
  let server: RunningServer;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let devUrl: string;
  let edit: Awaited<ReturnType<typeof startEdit>>;
  beforeAll(async () => {
    server = await preview(await buildSample(contentCopy()));
    dev = await startDev({ contentDir: contentCopy(), outDir: join(tempDir(), 'out'), port: 0 });
    devUrl = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;
    edit = await startEdit({ contentDir: contentCopy(), outDir: join(tempDir(), 'out'), port: 0 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await dev?.close();
    await edit?.close();
  });

  it.each(['preview', 'dev'])('esg %s sends a page and the client script in brotli, else gzip, the same bytes once unpacked', async (name) => {
    const base = name === 'preview' ? server.url : devUrl;
    const page = (await get(base, '/zh_TW')).body.toString('utf8');
    const client = /<script type="module" src="([^"]+)"/.exec(page)![1]!;
    for (const path of ['/zh_TW', '/zh_TW/report/gri', client]) {
      const plain = await get(base, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [accepts, encoding] of [
        [browser, 'br'],
        [gzipOnly, 'gzip'],
      ] as const) {
        const packed = await get(base, path, accepts);
        expect(packed.status).toBe(200);
        expect(packed.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
        expect(packed.headers.vary).toContain('Accept-Encoding');
        expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
        expect(packed.body.length).toBeLessThan(plain.body.length / 2);
        expect(unpack[encoding](packed.body).equals(plain.body)).toBe(true);
      }
    }
    // A PDF is compressed already; a range is of the file itself.
    const pdf = await get(base, '/assets/reports/huayue-esg-2023-zh_TW.pdf', browser);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    if (name === 'preview') {
      const range = await get(base, '/zh_TW/about', { ...browser, Range: 'bytes=0-99' });
      expect(range.status).toBe(206);
      expect(range.headers['content-encoding']).toBeUndefined();
    }
  });

  it('esg dev sends its reload events one by one, uncompressed', async () => {
    const { hostname, port } = new URL(devUrl);
    const first = await new Promise<{ encoding?: string; data: string }>((done, fail) => {
      const req = request({ host: hostname, port, path: '/__esg/events', headers: browser }, (response) => {
        response.once('data', (chunk: Buffer) => {
          done({ encoding: response.headers['content-encoding'], data: chunk.toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', fail);
      req.end();
    });
    expect(first.encoding).toBeUndefined();
    expect(first.data.length).toBeGreaterThan(0);
  });

  it('esg edit sends its page’s script and the API’s answers compressed', async () => {
    const auth = { Authorization: `Bearer ${edit.token}` };
    const script = await get(edit.origin, '/editor.js', { ...browser, ...auth });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    const plain = await get(edit.origin, '/editor.js', auth);
    expect(brotliDecompressSync(script.body).equals(plain.body)).toBe(true);
    const files = await get(edit.origin, '/api/files', { ...gzipOnly, ...auth });
    expect(files.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(files.body).toString('utf8')).files.length).toBeGreaterThan(50);
  });
});
