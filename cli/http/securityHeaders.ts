import type { Site } from '../../schemas/types.ts';
import type { RenderedFile } from '../siteFiles.ts';
import { cacheRules } from './caching.ts';

/** Where Google Tag Manager loads its container from and sends page views to. */
const tagManagerHosts = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.googletagmanager.com', 'https://www.google-analytics.com'],
  frame: ['https://www.googletagmanager.com'],
};

/**
 * The headers every response of the site carries. Pages load only their own files: no inline
 * scripts (the tag manager's start event is a file too), no plugins, no framing by other sites;
 * the tag manager's hosts are allowed only when site.yaml names a container.
 */
export function securityHeaders(site: Pick<Site, 'tagManager'>): Record<string, string> {
  const extra = site.tagManager.containerId ? tagManagerHosts : { script: [], connect: [], img: [], frame: [] };
  const directives = [
    `default-src 'self'`,
    `script-src ${["'self'", ...extra.script].join(' ')}`,
    `style-src 'self'`,
    `img-src ${["'self'", 'data:', ...extra.img].join(' ')}`,
    `connect-src ${["'self'", ...extra.connect].join(' ')}`,
    `font-src 'self'`,
    `frame-src ${["'self'", ...extra.frame].join(' ')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ];
  return {
    'Content-Security-Policy': directives.join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Frame-Options': 'SAMEORIGIN',
  };
}

/** The file name static hosts (Netlify, Cloudflare Pages) read response headers from. */
export const headersFileName = '_headers';

/**
 * out/_headers in the hosts' format: the security headers for every path, then the caching of the
 * folders cacheRules names. Pages get no Cache-Control line: both hosts merge the values of every
 * rule a path matches (a `/*` one would join the bundle's), and revalidate a page by default
 * (`max-age=0, must-revalidate`). `esg preview` and `esg serve` read the file too.
 */
export function headersFile(site: Pick<Site, 'tagManager'>): RenderedFile {
  const security = Object.entries(securityHeaders(site)).map(([name, value]) => `  ${name}: ${value}`);
  const caching = cacheRules.map((rule) => `/${rule.folder}/*\n  Cache-Control: ${rule.cacheControl}`);
  return { path: headersFileName, contents: `/*\n${security.join('\n')}\n${caching.join('\n')}\n` };
}

/** The `/*` headers of an _headers file. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let all = false;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      all = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (all && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
