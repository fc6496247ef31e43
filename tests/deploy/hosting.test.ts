import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, validate } from '../../cli/build/index.ts';
import { cacheControl, cacheRules, hashedCache, revalidateCache } from '../../cli/http/caching.ts';
import { hostFileNames, operatorFiles, type HostSite } from '../../cli/http/hosting.ts';
import { parseHeadersFile, securityHeaders } from '../../cli/http/securityHeaders.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { buildSample, preview, runEsg, sampleContent, tempDir, type RunningServer } from '../helpers/site.ts';

const nginxBinary = '/usr/sbin/nginx';
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP GET: no redirect followed, no body decompressed, the path sent as written. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const asked = request({ host: hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    asked.on('error', fail);
    asked.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** Every file of a built folder, as site addresses (`/zh_TW/index.html`). */
function addressesOf(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(outDir, join(entry.parentPath, entry.name))}`);
}

/** A main nginx configuration around the generated snippet, all in `folder`, as a test host would have it. */
function nginxConfig(folder: string, outDir: string, snippet: string, port: number, { brotli = true } = {}): string {
  const file = join(folder, 'nginx.conf');
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${join(folder, name)};`).join(' ');
  writeFileSync(
    file,
    `${user}
${brotli ? `load_module ${brotliModule};` : ''}
worker_processes 1;
daemon off;
pid ${join(folder, 'nginx.pid')};
error_log ${join(folder, 'error.log')};
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    root ${outDir};
    include ${snippet};
  }
}
`,
  );
  return file;
}

async function startNginx(config: string, base: string): Promise<ChildProcess> {
  const nginx = spawn(nginxBinary, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  nginx.stderr!.on('data', (chunk) => (errors += chunk));
  for (let tries = 0; tries < 100; tries++) {
    if (nginx.exitCode !== null) throw new Error(`nginx stopped: ${errors}`);
    if (
      await get(base, '/').then(
        () => true,
        () => false,
      )
    )
      return nginx;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`nginx did not answer: ${errors}`);
}

const sampleSite = async (): Promise<HostSite> => (await validate(sampleContent, { verbose: false })).model.site;
let sampleBuild: Promise<string> | undefined;
/**
 * One build of the sample for the whole file, with the compressed copies nginx sends (`esg build
 * --compress`): every test here only reads it (the incremental one builds the same content again).
 */
const sampleOut = () => (sampleBuild ??= buildSample(sampleContent, { compress: true }));

describe('nginx serving the build with the snippet of `esg deploy-config --host nginx`', () => {
  let outDir: string;
  let nginx: ChildProcess;
  let base: string;
  let sitePreview: RunningServer;
  let headers: Record<string, string>;
  let snippet: string;
  let hashedScript: string;

  beforeAll(async () => {
    outDir = await sampleOut();
    const folder = tempDir('esg-nginx-');
    const written = runEsg(['deploy-config', '--host', 'nginx', '--to', join(folder, 'hosting')]);
    expect(written.stderr).toBe('');
    snippet = join(folder, 'hosting/esg.conf');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    nginx = await startNginx(nginxConfig(folder, outDir, snippet, port), base);
    sitePreview = await preview(outDir);
    headers = securityHeaders({ tagManager: { containerId: '' } });
    hashedScript = /src="(\/_esg\/client-[A-Z0-9]+\.js)"/.exec(readFileSync(join(outDir, 'zh_TW/index.html'), 'utf8'))![1]!;
  });
  afterAll(async () => {
    nginx?.kill();
    await sitePreview?.close();
  });

  it('passes `nginx -t`, with the brotli module and, made with --no-brotli, without it', async () => {
    const folder = tempDir('esg-nginx-test-');
    const withBrotli = spawnSync(nginxBinary, ['-t', '-c', nginxConfig(folder, outDir, snippet, 1)], { encoding: 'utf8' });
    expect(withBrotli.stderr).toContain('test is successful');
    expect(withBrotli.status).toBe(0);
    const plainSnippet = join(folder, 'plain.conf');
    writeFileSync(plainSnippet, operatorFiles('nginx', await sampleSite(), { brotli: false })[0]!.contents);
    expect(readFileSync(plainSnippet, 'utf8')).not.toContain('brotli');
    const plain = spawnSync(nginxBinary, ['-t', '-c', nginxConfig(folder, outDir, plainSnippet, 1, { brotli: false })], { encoding: 'utf8' });
    expect(plain.stderr).toContain('test is successful');
    // Without the module, the brotli snippet is refused: the option is needed.
    const refused = spawnSync(nginxBinary, ['-t', '-c', nginxConfig(folder, outDir, snippet, 1, { brotli: false })], { encoding: 'utf8' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('brotli_static');
  });

  it.each(['/zh_TW/about', '/en/chairman/', '/_esg/client', '/assets/images/logo.svg', '/api/events', '/en/no-such-page', '/nowhere', '/'])(
    'sends every security header on %s',
    async (path) => {
      const answer = await get(base, path === '/_esg/client' ? hashedScript : path);
      for (const [name, value] of Object.entries(headers)) expect(answer.headers[name.toLowerCase()], name).toBe(value);
    },
  );

  it('keeps hashed files for a year, named files an hour, and revalidates pages', async () => {
    expect((await get(base, hashedScript)).headers['cache-control']).toBe(hashedCache);
    expect((await get(base, '/assets/images/logo.svg')).headers['cache-control']).toBe('public, max-age=3600');
    for (const page of ['/zh_TW', '/zh_TW/about', '/en/chairman/', '/zh_CN/no-such-page'])
      expect((await get(base, page)).headers['cache-control'], page).toBe(revalidateCache);
  });

  it('answers as `esg preview` does: status, caching, headers and body of every kind of address', async () => {
    const paths = [
      '/zh_TW',
      '/zh_TW/',
      '/zh_TW/about',
      '/en/chairman',
      hashedScript,
      '/data/metrics.csv',
      '/zh_TW/report/sasb/sasb-activity.csv',
      '/api/events',
      '/api/zh_CN/events',
      '/robots.txt',
      '/sitemap.xml',
      '/en/no-such-page',
      '/zh_CN/no/such/page',
      '/nowhere',
      '/_esg/',
      '/assets/',
      '/_headers',
      '/_redirects',
      '/.nojekyll',
    ];
    for (const path of paths) {
      const [fromNginx, fromPreview] = await Promise.all([get(base, path), get(sitePreview.url, path)]);
      expect(fromNginx.status, path).toBe(fromPreview.status);
      expect(fromNginx.headers['cache-control'], path).toBe(fromPreview.headers['cache-control']);
      // The types the preview sets itself; for the others nginx and sirv each name a valid type (JavaScript's two names).
      const type = (answer: Answer) => String(answer.headers['content-type']).replace(/\s/g, '');
      if (/html|json|csv/.test(type(fromPreview))) expect(type(fromNginx), path).toBe(type(fromPreview));
      expect(fromNginx.body.equals(fromPreview.body), path).toBe(true);
    }
  });

  it('sends `/` to /zh_TW, or to the locale the language menu remembered', async () => {
    const plain = await get(base, '/');
    expect(plain.status).toBe(302);
    expect(new URL(String(plain.headers.location), base).pathname).toBe('/zh_TW');
    expect((await get(base, plain.headers.location as string)).status).toBe(200);
    const english = await get(base, '/', { cookie: 'theme=dark; i18n_redirected=en' });
    expect(new URL(String(english.headers.location), base).pathname).toBe('/en');
    const unknown = await get(base, '/', { cookie: 'i18n_redirected=fr' });
    expect(new URL(String(unknown.headers.location), base).pathname).toBe('/zh_TW');
  });

  it("answers an unknown address with its locale's 404 page and status 404", async () => {
    for (const [path, page] of [
      ['/en/no-such-page', 'en/404.html'],
      ['/zh_CN/no-such-page', 'zh_CN/404.html'],
      ['/zh_TW/a/b', 'zh_TW/404.html'],
      ['/nowhere', '404.html'],
    ] as const) {
      const answer = await get(base, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString('utf8'), path).toBe(readFileSync(join(outDir, page), 'utf8'));
    }
    expect((await get(base, '/en/no-such-page')).body.toString()).toContain('This page could not be found');
  });

  it("sends the build's .br and .gz copies to browsers that accept them", async () => {
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const page = await get(base, '/zh_TW/about', { 'accept-encoding': encoding });
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.body.equals(readFileSync(join(outDir, `zh_TW/about/index.html${suffix}`)))).toBe(true);
      const script = await get(base, hashedScript, { 'accept-encoding': encoding });
      expect(script.headers['content-encoding']).toBe(encoding);
      expect(script.headers['cache-control']).toBe(hashedCache);
    }
    const plain = await get(base, '/zh_TW/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(join(outDir, 'zh_TW/about/index.html')))).toBe(true);
  });
});

/** The rules of a Netlify / Cloudflare Pages _headers file: a path line, then its indented `Name: value` lines. */
function headerRules(text: string): { path: string; headers: [string, string][] }[] {
  const rules: { path: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: [] });
    else {
      const colon = line.indexOf(':');
      rules.at(-1)!.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** The hosts' path patterns: `*` is a splat that matches anything, `:name` one segment. */
function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z]+/g, '[^/]+'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

describe('out/_headers and out/_redirects (Netlify, Cloudflare Pages)', () => {
  let outDir: string;
  let site: HostSite;
  beforeAll(async () => {
    [outDir, site] = await Promise.all([sampleOut(), sampleSite()]);
  });

  it('gives every file of the site every security header, and the caching of caching.ts, each header from one rule only', () => {
    const rules = headerRules(readFileSync(join(outDir, '_headers'), 'utf8'));
    const expected = securityHeaders(site);
    const addresses = addressesOf(outDir);
    expect(addresses.length).toBeGreaterThan(500);
    for (const address of addresses) {
      const given = rules.filter((rule) => matches(rule.path, address)).flatMap((rule) => rule.headers);
      // Both hosts join the values of a header that two matching rules set: none may.
      expect(new Set(given.map(([name]) => name)).size, address).toBe(given.length);
      const sent = Object.fromEntries(given);
      for (const [name, value] of Object.entries(expected)) expect(sent[name], `${address} ${name}`).toBe(value);
      // Without a rule the hosts revalidate (max-age=0, must-revalidate), as revalidateCache does.
      expect(sent['Cache-Control'] ?? revalidateCache, address).toBe(cacheControl(address));
    }
    expect(cacheControl(addresses.find((address) => address.startsWith('/_esg/'))!)).toBe(hashedCache);
    expect(parseHeadersFile(readFileSync(join(outDir, '_headers'), 'utf8'))).toEqual(expected);
  });

  it("sends an unknown address under a locale to that locale's 404 page with status 404, and leaves / to index.html", () => {
    const rules = readFileSync(join(outDir, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => line.trim().split(/\s+/));
    for (const rule of rules) {
      expect(rule, rule.join(' ')).toHaveLength(3);
      // Netlify serves a file that exists rather than a rule's answer; the rule's target must exist.
      expect(existsSync(join(outDir, rule[1]!)), rule[1]).toBe(true);
    }
    // Netlify's order: a file that exists, else the first rule that matches.
    const isFile = (path: string) => existsSync(join(outDir, path)) && statSync(join(outDir, path)).isFile();
    const answer = (path: string) =>
      isFile(path)
        ? { to: path, status: '200' }
        : (() => {
            const rule = rules.find(([from]) => matches(from!, path));
            return rule ? { to: rule[1], status: rule[2] } : undefined;
          })();
    for (const code of ['zh_TW', 'zh_CN', 'en']) expect(answer(`/${code}/no-such-page`)).toEqual({ to: `/${code}/404.html`, status: '404' });
    expect(answer('/en/chairman/index.html')).toEqual({ to: '/en/chairman/index.html', status: '200' });
    expect(answer('/api/en/events')).toEqual({ to: '/api/en/events.json', status: '200' });
    expect(rules.some(([from]) => from === '/')).toBe(false);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('data-fallback="/zh_TW"');
  });

  it('has .nojekyll for GitHub Pages (Jekyll would leave out _esg) and a root 404.html', () => {
    expect(existsSync(join(outDir, '.nojekyll'))).toBe(true);
    expect(existsSync(join(outDir, '_esg'))).toBe(true);
    expect(existsSync(join(outDir, '404.html'))).toBe(true);
  });

  it("writes the hosts' files again only when they change (incremental build)", async () => {
    const again = await build({ contentDir: sampleContent, outDir, verbose: false, compress: true });
    expect(again.changed).toBeDefined();
    for (const name of hostFileNames) {
      expect(existsSync(join(outDir, name)), name).toBe(true);
      expect(again.changed!.written, name).not.toContain(name);
    }
  });
});

describe('S3 + CloudFront files of `esg deploy-config --host s3`', () => {
  let outDir: string;
  let site: HostSite;
  let folder: string;
  let handler: (event: unknown) => { uri?: string; statusCode?: number; headers?: Record<string, { value: string }> };

  beforeAll(async () => {
    [outDir, site] = await Promise.all([sampleOut(), sampleSite()]);
    folder = join(tempDir('esg-s3-'), 'hosting');
    const result = runEsg(['deploy-config', '--host', 's3', '--to', folder]);
    expect(result.code).toBe(0);
    // CloudFront runs the file as it is; here it is loaded as a CommonJS file that exports its handler.
    const loadable = join(folder, '..', 'function.cjs');
    writeFileSync(loadable, `${readFileSync(join(folder, 'cloudfront-function.js'), 'utf8')}\nmodule.exports = handler;\n`);
    handler = createRequire(import.meta.url)(loadable);
  });

  const viewerRequest = (uri: string, cookies: Record<string, { value: string }> = {}) => ({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '192.0.2.1' },
    request: { method: 'GET', uri, querystring: {}, headers: {}, cookies },
  });

  it('sends / to /zh_TW, or to the remembered locale', () => {
    const plain = handler(viewerRequest('/'));
    expect(plain.statusCode).toBe(302);
    expect(plain.headers!.location!.value).toBe('/zh_TW');
    expect(handler(viewerRequest('/', { i18n_redirected: { value: 'en' } })).headers!.location!.value).toBe('/en');
    expect(handler(viewerRequest('/', { i18n_redirected: { value: 'fr' } })).headers!.location!.value).toBe('/zh_TW');
  });

  it("turns a page's address into the key of its index.html, and leaves files as they are", () => {
    const cases = {
      '/en/': '/en/index.html',
      '/en': '/en/index.html',
      '/en/chairman': '/en/chairman/index.html',
      '/zh_TW/about/': '/zh_TW/about/index.html',
      '/api/events': '/api/events.json',
      '/api/en/events': '/api/en/events.json',
      '/data/metrics.csv': '/data/metrics.csv',
      '/404.html': '/404.html',
    };
    for (const [uri, key] of Object.entries(cases)) {
      expect(handler(viewerRequest(uri)).uri, uri).toBe(key);
      expect(existsSync(join(outDir, key)), key).toBe(true);
    }
    const event = readdirSync(join(outDir, 'api/en/events'))
      .find((name) => name.endsWith('.json'))!
      .replace(/\.json$/, '');
    expect(handler(viewerRequest(`/api/en/events/${event}`)).uri).toBe(`/api/en/events/${event}.json`);
  });

  it('has every security header in the response headers policy, with its value', () => {
    for (const tagManager of [{ containerId: '' }, { containerId: 'GTM-TEST123' }]) {
      const withTagManager = { ...site, tagManager: { ...site.tagManager, ...tagManager } };
      const policy = JSON.parse(operatorFiles('s3', withTagManager).find((file) => file.path === 'response-headers-policy.json')!.contents);
      const security = policy.SecurityHeadersConfig;
      const sent: Record<string, string> = {
        'Content-Security-Policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
        ...(security.ContentTypeOptions ? { 'X-Content-Type-Options': 'nosniff' } : {}),
        'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
        'X-Frame-Options': security.FrameOptions.FrameOption,
        ...Object.fromEntries(policy.CustomHeadersConfig.Items.map((item: { Header: string; Value: string }) => [item.Header, item.Value])),
      };
      expect(sent).toEqual(securityHeaders(withTagManager));
      expect(policy.CustomHeadersConfig.Quantity).toBe(policy.CustomHeadersConfig.Items.length);
    }
    const written = JSON.parse(readFileSync(join(folder, 'response-headers-policy.json'), 'utf8'));
    expect(written.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(securityHeaders(site)['Content-Security-Policy']);
  });

  it("uploads every file once, with its Cache-Control, and none of the hosts' files or compressed copies", () => {
    // A stand-in `aws` that records each call: the script's real commands, run with its real arguments.
    const bin = tempDir('esg-aws-');
    const log = join(bin, 'calls');
    writeFileSync(join(bin, 'aws'), `#!/bin/sh\nfor argument in "$@"; do printf '%s\\037' "$argument" >> "${log}"; done\necho >> "${log}"\n`);
    chmodSync(join(bin, 'aws'), 0o755);
    const run = spawnSync('sh', [join(folder, 's3-upload.sh'), outDir, 's3://bucket'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\x1f').slice(0, -1));
    expect(calls.length).toBe(cacheRules.length + 1);
    const syncs = calls.map((call) => {
      expect(call.slice(0, 2)).toEqual(['s3', 'sync']);
      const option = (name: string) => call.flatMap((value, index) => (call[index - 1] === name ? [value] : []));
      return { from: call[2]!, to: call[3]!, excludes: option('--exclude'), cacheControl: option('--cache-control')[0] };
    });
    // `aws s3 sync` matches --exclude against the path under the source folder; `*` crosses folders.
    const glob = (pattern: string) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );
    for (const address of addressesOf(outDir)) {
      const file = join(outDir, address);
      const uploads = syncs.filter(
        (sync) => file.startsWith(`${sync.from}/`) && !sync.excludes.some((pattern) => glob(pattern).test(relative(sync.from, file))),
      );
      const skipped = /\.(br|gz)$/.test(address) || hostFileNames.includes(address.slice(1));
      expect(uploads.length, address).toBe(skipped ? 0 : 1);
      if (!skipped) {
        expect(uploads[0]!.cacheControl, address).toBe(cacheControl(address));
        expect(`${uploads[0]!.to}/${relative(uploads[0]!.from, file)}`, address).toBe(`s3://bucket${address}`);
      }
    }
  });
});

describe('GitHub Pages: one 404.html for every address', () => {
  let nginx: ChildProcess;
  let base: string;
  let browser: Browser;
  beforeAll(async () => {
    const outDir = await sampleOut();
    const folder = tempDir('esg-pages-');
    // What GitHub Pages does: a file, a folder's index.html or `.html` added, else /404.html with status 404.
    const pages = join(folder, 'pages.conf');
    writeFileSync(pages, 'location / { try_files $uri $uri/index.html $uri.html =404; }\nerror_page 404 /404.html;\n');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    nginx = await startNginx(nginxConfig(folder, outDir, pages, port, { brotli: false }), base);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    nginx?.kill();
  });

  it("takes a visitor from the root 404 page to the 404 page of the address's locale", async () => {
    expect((await get(base, '/en/no-such-page')).body.toString()).toContain('<html lang="zh-Hant-TW"');
    const page = await browser.newPage();
    await page.goto(`${base}/en/no-such-page`);
    await page.waitForURL(`${base}/en/404.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.goto(`${base}/zh_CN/a/b`);
    await page.waitForURL(`${base}/zh_CN/404.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans-CN');
    // An address outside the locales keeps the root 404 page.
    await page.goto(`${base}/nowhere`);
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/nowhere');
    await page.close();
  });
});

describe('esg deploy-config', () => {
  it('names the files Netlify, Cloudflare Pages and GitHub Pages read from the built folder, and writes nothing for them', () => {
    const folder = join(tempDir(), 'hosting');
    const netlify = runEsg(['deploy-config', '--host', 'netlify', '--to', folder]);
    expect(netlify.code).toBe(0);
    expect(netlify.stdout).toContain('_headers and _redirects');
    expect(runEsg(['deploy-config', '--host', 'github-pages', '--to', folder]).stdout).toContain('.nojekyll');
    expect(existsSync(folder)).toBe(false);
  });

  it('refuses an unknown host with the list of hosts, and a missing --host', () => {
    const unknown = runEsg(['deploy-config', '--host', 'apache']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('esg: ESG8001 --host "apache" is not one of nginx, s3, netlify, cloudflare, github-pages');
    const missing = runEsg(['deploy-config']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--host <host>' not specified");
  });
});
