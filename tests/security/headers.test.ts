import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSample, contentCopy, editContent, preview, type RunningServer } from '../helpers/site.ts';

/** A raw HTTP request: the path goes on the wire exactly as written (no URL normalizing). */
function get(base: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, method: 'GET', path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('esg preview (and esg serve, which uses the same static handler)', () => {
  let server: RunningServer;
  let outDir: string;
  beforeAll(async () => {
    outDir = await buildSample();
    server = await preview(outDir);
  });
  afterAll(() => server.close());

  it.each(['/zh_TW', '/zh_TW/about', '/_esg/', '/nowhere', '/api/events'])('sends the security headers on %s', async (path) => {
    const { headers } = await get(server.url, path);
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('googletagmanager');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  });

  it('has pages without inline scripts, so the policy blocks nothing of the site (island props are JSON data, never run)', () => {
    for (const page of ['zh_TW/index.html', 'zh_TW/about/index.html', 'en/chairman/index.html', 'index.html', '404.html']) {
      const html = readFileSync(join(outDir, page), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        // A JSON data block is not a script the browser runs: the policy does not apply to it.
        if (attributes === ' type="application/json"') {
          expect(() => JSON.parse(body!)).not.toThrow();
          continue;
        }
        expect(attributes).toMatch(/\ssrc="\//);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+="/);
    }
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/%2E%2E/package.json',
    '/_esg/..%2f..%2fpackage.json',
    '/%252e%252e/package.json',
    '/zh_TW/..%5c..%5cpackage.json',
    '/..\\package.json',
  ])('refuses the path traversal %s', async (path) => {
    const { status, body } = await get(server.url, path);
    expect([400, 404]).toContain(status);
    expect(body).not.toContain('"name": "esg-report-site"');
  });

  it('lists no directory and keeps the host header file private', async () => {
    for (const path of ['/_esg/', '/_esg', '/assets/', '/assets/images/']) {
      const { status, body } = await get(server.url, path);
      expect(status).toBe(404);
      // The site's own 404 page, not a list of the folder's files.
      expect(body).toBe(readFileSync(join(outDir, '404.html'), 'utf8'));
    }
    expect((await get(server.url, '/_headers')).status).toBe(404);
  });
});

describe('the policy with a tag manager', () => {
  it('allows the tag manager hosts only when site.yaml names a container, and its start event is a file', async () => {
    const contentDir = contentCopy();
    editContent(contentDir, 'site.yaml', (text) => text.replace(/containerId: ""/, 'containerId: "GTM-TEST123"'));
    const outDir = await buildSample(contentDir);
    const server = await preview(outDir);
    try {
      const { headers, body } = await get(server.url, '/zh_TW/about');
      const csp = String(headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
      expect(csp).toContain('https://www.google-analytics.com');
      expect(csp).not.toContain('unsafe-inline');
      // React places the async container script early in <head>; the start event is a file, not inline.
      expect(body).toContain('<script async="" src="https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"></script>');
      const start = /<script src="(\/_esg\/tagManager-[^"]+\.js)"><\/script>/.exec(body);
      expect(start).not.toBeNull();
      const script = await get(server.url, start![1]!);
      expect(script.body).toContain('gtm.start');
      expect(readFileSync(join(outDir, '_headers'), 'utf8')).toContain('googletagmanager');
    } finally {
      await server.close();
    }
  });
});
