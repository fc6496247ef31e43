import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Site } from '../../schemas/types.ts';
import type { RenderedFile } from '../siteFiles.ts';
import { cacheRules, hashedCache, revalidateCache } from './caching.ts';
import { headersFile, headersFileName, securityHeaders } from './securityHeaders.ts';
import { localeCookieName } from '../../widgets/localeCookie.ts';

/**
 * What each static host needs to answer as `esg preview` does (cli/server/static.ts): the security
 * headers of securityHeaders.ts on every response, the caching of caching.ts, each locale's 404
 * page with status 404, and `/` sending the visitor to the remembered locale, else the default one.
 * Netlify, Cloudflare Pages and GitHub Pages read their files from the published folder: the build
 * writes them into out/ (`publishedHostFiles`). nginx and S3 + CloudFront are set up by an operator:
 * `esg deploy-config` writes their files elsewhere (`operatorFiles`), never into out/.
 */

/** What of site.yaml the host files depend on. */
export type HostSite = Pick<Site, 'tagManager' | 'locales' | 'defaultLocale'>;

/** The file Netlify and Cloudflare Pages read rewrites and redirects from. */
export const redirectsFileName = '_redirects';
/** Tells GitHub Pages not to run Jekyll, which leaves out folders starting with `_`, such as the bundle's `_esg`. */
export const noJekyllFileName = '.nojekyll';
/** The files of out/ that hosts read as configuration: not part of the site. */
export const hostFileNames: readonly string[] = [headersFileName, redirectsFileName, noJekyllFileName];

/** The hosts `esg deploy-config --host` knows. */
export const hosts = ['nginx', 's3', 'netlify', 'cloudflare', 'github-pages'] as const;
export type Host = (typeof hosts)[number];

/** The files of out/ each host reads its configuration from (besides the pages' 404.html). */
export const publishedFilesOf: Record<Host, readonly string[]> = {
  netlify: [headersFileName, redirectsFileName],
  cloudflare: [headersFileName, redirectsFileName],
  'github-pages': [noJekyllFileName, '404.html'],
  nginx: [],
  s3: [],
};

/** A file `esg deploy-config` writes, its path relative to the folder it writes into. */
export interface OperatorFile {
  path: string;
  contents: string;
}

/** The `esg build` files of out/ for the hosts that read their configuration from it. */
export function publishedHostFiles(site: HostSite): RenderedFile[] {
  return [headersFile(site), redirectsFile(site), { path: noJekyllFileName, contents: '' }];
}

/**
 * out/_redirects (Netlify's format, which Cloudflare Pages shares): the events API without
 * `.json`, and each locale's 404. `/` has no rule: out/index.html sends the visitor to the locale
 * the language menu remembered, which a rule cannot read.
 */
export function redirectsFile(site: HostSite): RenderedFile {
  const codes = localeCodes(site);
  const eventLists = ['/api/events', ...codes.map((code) => `/api/${code}/events`)].map((path) => `${path} ${path}.json 200`);
  const notFound = codes.map((code) => `/${code}/* /${code}/404.html 404`);
  const contents = [
    '# The events list without .json, as `esg preview` answers it.',
    ...eventLists,
    "# An unknown address under a locale gets that locale's 404 page (Netlify; Cloudflare Pages skips",
    '# these lines and serves the nearest 404.html itself). Any other gets /404.html.',
    ...notFound,
  ];
  return { path: redirectsFileName, contents: `${contents.join('\n')}\n` };
}

/** The files an operator of `host` copies into place; none for the hosts that read out/ itself. */
export function operatorFiles(host: Host, site: HostSite, { brotli = true } = {}): OperatorFile[] {
  if (host === 'nginx') return [{ path: 'esg.conf', contents: nginxSnippet(site, { brotli }) }];
  if (host === 's3') {
    return [
      { path: 'cloudfront-function.js', contents: cloudFrontFunction(site) },
      { path: 'response-headers-policy.json', contents: `${JSON.stringify(responseHeadersPolicy(site), null, 2)}\n` },
      { path: 's3-upload.sh', contents: s3Upload() },
    ];
  }
  return [];
}

/** Writes the operator's files of `host` into `folder`; their paths, relative to it. */
export function writeOperatorFiles(host: Host, site: HostSite, folder: string, options: { brotli?: boolean } = {}): string[] {
  const files = operatorFiles(host, site, options);
  if (files.length) mkdirSync(folder, { recursive: true });
  for (const file of files) writeFileSync(join(folder, file.path), file.contents, { mode: file.path.endsWith('.sh') ? 0o755 : 0o644 });
  return files.map((file) => file.path);
}

function localeCodes(site: HostSite): string[] {
  return site.locales.map((locale) => locale.code);
}

/**
 * A server-block include for nginx. Every location repeats every header: nginx drops the
 * server's add_header lines in a location that has its own (Cache-Control here).
 */
export function nginxSnippet(site: HostSite, { brotli = true } = {}): string {
  const headers = securityHeaders(site);
  const codes = localeCodes(site);
  // nginx's mime.types has no CSV: it would send the reports' tables as application/octet-stream.
  const csv = 'location ~ \\.csv$ { default_type "text/csv; charset=utf-8"; }';
  const location = (match: string, cache: string, body: string[]) => [
    `location ${match} {`,
    ...Object.entries({ ...headers, 'Cache-Control': cache }).map(([name, value]) => `    add_header ${name} "${value}" always;`),
    ...body.map((line) => `    ${line}`),
    '}',
  ];
  const lines = [
    '# Made by `esg deploy-config --host nginx` from site.yaml and the code (cli/http/hosting.ts):',
    '# make it again rather than edit it. Include it in the server block whose root is the built site:',
    '#   server {',
    '#     listen 80;',
    '#     server_name esg.example.com;',
    '#     root /srv/esg/out;',
    '#     include /etc/nginx/snippets/esg.conf;',
    '#   }',
    '',
    '# `esg build --compress` writes a .gz and a .br copy beside every text file worth compressing.',
    'gzip_static on;',
    'gzip_vary on;',
    ...(brotli ? ['# Needs the brotli static module (Debian: libnginx-mod-http-brotli-static); `--no-brotli` leaves it out.', 'brotli_static on;'] : []),
    'charset utf-8;',
    'charset_types text/css text/plain text/xml application/javascript application/json image/svg+xml;',
    'autoindex off;',
    // A folder without index.html is 403 to nginx; to a visitor it is a page that does not exist.
    'error_page 403 404 =404 /404.html;',
    '',
    `# The language menu remembers the visitor's choice in the ${localeCookieName} cookie.`,
    ...location('= /', revalidateCache, [
      `if ($cookie_${localeCookieName} ~ "^(${codes.join('|')})$") { return 302 /$1; }`,
      `return 302 /${site.defaultLocale};`,
    ]),
    ...hostFileNames.map((name) => `location = /${name} { return 404; }`),
    ...cacheRules.flatMap((rule) =>
      location(`/${rule.folder}/`, rule.cacheControl, [
        // The events API answers without `.json` too (`/api/events`, `/api/en/events/<id>`).
        rule.folder === 'api' ? 'try_files $uri $uri.json =404;' : 'try_files $uri =404;',
        csv,
      ]),
    ),
    ...codes.flatMap((code) =>
      location(`/${code}/`, revalidateCache, ['try_files $uri $uri/index.html =404;', `error_page 403 404 =404 /${code}/404.html;`, csv]),
    ),
    ...location('/', revalidateCache, ['try_files $uri $uri/index.html =404;', csv]),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * A CloudFront Function (viewer request, runtime cloudfront-js-2.0): `/` to the remembered locale,
 * else the default one; a page's address to its index.html, as S3 knows only whole keys; the
 * events API without `.json`.
 */
export function cloudFrontFunction(site: HostSite): string {
  const codes = JSON.stringify(localeCodes(site));
  return `// Made by \`esg deploy-config --host s3\` (cli/http/hosting.ts): make it again rather than edit it.
// CloudFront Function, viewer request, runtime cloudfront-js-2.0.
var locales = ${codes};
var defaultLocale = ${JSON.stringify(site.defaultLocale)};
var localeCookie = ${JSON.stringify(localeCookieName)};

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/') {
    var remembered = request.cookies[localeCookie];
    var locale = remembered && locales.indexOf(remembered.value) >= 0 ? remembered.value : defaultLocale;
    return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/' + locale }, 'cache-control': { value: ${JSON.stringify(revalidateCache)} } } };
  }
  var last = uri.slice(uri.lastIndexOf('/') + 1);
  if (last === '') request.uri = uri + 'index.html';
  else if (last.indexOf('.') < 0) request.uri = uri + (/^\\/api\\/([a-zA-Z_]+\\/)?events(\\/|$)/.test(uri) ? '.json' : '/index.html');
  return request;
}
`;
}

/** The headers CloudFront sets from a response headers policy's SecurityHeadersConfig; it takes any other as a custom header. */
const cloudFrontSecurityHeaders = ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options'];

/**
 * A CloudFront response headers policy with every header of securityHeaders.ts, for
 * `aws cloudfront create-response-headers-policy --response-headers-policy-config file://…`.
 */
export function responseHeadersPolicy(site: HostSite) {
  const headers = securityHeaders(site);
  const custom = Object.entries(headers)
    .filter(([name]) => !cloudFrontSecurityHeaders.includes(name))
    .map(([Header, Value]) => ({ Header, Value, Override: true }));
  return {
    Name: 'esg-security-headers',
    Comment: 'The ESG report site: the headers of cli/http/securityHeaders.ts',
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { ContentSecurityPolicy: headers['Content-Security-Policy'], Override: true },
      // The only value CloudFront has for it: nosniff.
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: headers['Referrer-Policy'], Override: true },
      FrameOptions: { FrameOption: headers['X-Frame-Options'], Override: true },
    },
    CustomHeadersConfig: { Quantity: custom.length, Items: custom },
  };
}

/**
 * Uploads out/ to a bucket with each folder's Cache-Control: the hashed files first, so that no
 * uploaded page names a file not there yet; old hashed files are kept for the pages still open.
 * The .br and .gz copies stay behind (CloudFront compresses by itself), and so do the hosts' files.
 */
export function s3Upload(): string {
  const skip = '--exclude "*.br" --exclude "*.gz"';
  const folders = cacheRules.map(
    (rule) =>
      `aws s3 sync "$out/${rule.folder}" "$bucket/${rule.folder}" ${skip} --cache-control "${rule.cacheControl}"${rule.cacheControl === hashedCache ? '' : ' --delete'}`,
  );
  const others = [...cacheRules.map((rule) => `${rule.folder}/*`), ...hostFileNames].map((pattern) => `--exclude "${pattern}"`).join(' ');
  return `#!/bin/sh
# Made by \`esg deploy-config --host s3\` (cli/http/hosting.ts): make it again rather than edit it.
# Usage: sh s3-upload.sh out s3://your-bucket
set -eu
out="\${1:?the built folder, e.g. out}"
bucket="\${2:?the bucket, e.g. s3://esg-report-site}"
${folders.join('\n')}
aws s3 sync "$out" "$bucket" ${skip} ${others} --cache-control "${revalidateCache}" --delete
`;
}
