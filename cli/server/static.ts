import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { cacheControl, revalidateCache } from '../http/caching.ts';
import { hostFileNames } from '../http/hosting.ts';
import { headersFileName, parseHeadersFile, securityHeaders } from '../http/securityHeaders.ts';
import { compressedCopies } from '../siteFiles.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, next?: () => void) => void;

/**
 * Serves out/ as a static host would: each file cached as cli/http/caching.ts says (hashed
 * bundle files for ever, pages revalidated on every visit), text as the build compressed it
 * (cli/build/output/compress.ts) to browsers that accept it, and unknown paths answered with the locale's 404.html and status 404. The extension-less
 * events addresses (`/api/events`, `/api/events/<id>`; docs/product.md, "Events API") are answered
 * from the .json files.
 */
export function staticSite(outDir: string): Handler {
  const files = sirv(outDir, {
    dev: false,
    etag: true,
    extensions: ['html'],
    dotfiles: false,
    brotli: true,
    gzip: true,
    setHeaders(response, pathname) {
      response.setHeader('Cache-Control', cacheControl(pathname));
      if (pathname.endsWith('.json')) response.setHeader('Content-Type', 'application/json; charset=utf-8');
      if (pathname.endsWith('.csv')) response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    },
  });
  const headers = siteHeaders(outDir);
  return (request, response) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    // A range is of the file itself, as static hosts answer it: sirv would cut it from the compressed copy.
    if (request.headers.range) delete request.headers['accept-encoding'];
    const path = (request.url ?? '').split('?')[0]!;
    if (leavesSite(path)) {
      refuse(response);
      return;
    }
    // The hosts' files (_headers, _redirects) are configuration, not part of the site.
    if (hostFileNames.includes(path.slice(1))) {
      notFound(outDir, request, response);
      return;
    }
    const call = eventsCall(request);
    if (!call) {
      files(request, response, () => notFound(outDir, request, response));
      return;
    }
    // sirv answers from the .json file, with the same caching and HEAD handling as any other file.
    const asked = request.url!;
    request.url = call.file;
    files(request, response, () => {
      request.url = asked;
      unknownEvent(response, request.method === 'HEAD', call.id);
    });
  };
}

/**
 * The headers of out/_headers (written by the build from site.yaml), or the same defaults without
 * a tag manager when the folder was built before it existed.
 */
function siteHeaders(outDir: string): Record<string, string> {
  const file = join(outDir, headersFileName);
  return existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8')) : securityHeaders({ tagManager: { containerId: '' } });
}

/**
 * An address that climbs out of out/ (`/../package.json`, `/%2e%2e/x`, `/a/..%2f..%2fb`), or
 * that cannot be decoded. sirv only serves files it listed under out/, so these would miss anyway;
 * they are refused outright so no later handler ever sees them.
 */
export function leavesSite(path: string): boolean {
  let decoded = path;
  try {
    // Twice, for addresses encoded twice (%252e%252e).
    for (let round = 0; round < 2; round++) decoded = decodeURIComponent(decoded);
  } catch {
    return true;
  }
  return decoded.includes('\0') || decoded.split(/[/\\]/).some((segment) => segment === '..');
}

function refuse(response: ServerResponse): void {
  response.statusCode = 400;
  response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache');
  response.end('Bad request');
}

/** `/api/events`, `/api/zh_CN/events/<id>` and the like (GET or HEAD, no extension), and the file that answers it. */
function eventsCall(request: IncomingMessage): { file: string; id?: string } | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const [path = '', query = ''] = (request.url ?? '').split('?');
  const match = /^\/api(?:\/(?:zh_TW|zh_CN|en))?\/events(?:\/([^/.]+))?$/.exec(path);
  if (!match) return undefined;
  return { file: `${path}.json${query ? `?${query}` : ''}`, id: match[1] && decode(match[1]) };
}

/** The events API's answer for an id (or a locale) it has no file for. */
function unknownEvent(response: ServerResponse, head: boolean, id?: string): void {
  response.statusCode = 404;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache');
  response.end(head ? undefined : JSON.stringify(id === undefined ? { error: 'not found' } : { error: 'not found', id }));
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The 404 page of the locale the address starts with, else the root one, compressed as sirv would
 * send the page itself.
 */
export function notFound(outDir: string, request: IncomingMessage, response: ServerResponse): void {
  const locale = /^\/(zh_TW|zh_CN|en)(\/|$)/.exec(request.url ?? '')?.[1];
  const page = [locale && join(outDir, locale, '404.html'), join(outDir, '404.html')].find(
    (file): file is string => Boolean(file) && existsSync(file as string),
  );
  response.statusCode = 404;
  response.setHeader('Cache-Control', revalidateCache);
  if (!page) {
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end('This page could not be found');
    return;
  }
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Vary', 'Accept-Encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const copy = compressedCopies(page).find((candidate) => accepted.includes(candidate.encoding) && existsSync(candidate.file));
  if (copy) response.setHeader('Content-Encoding', copy.encoding);
  const body = readFileSync(copy?.file ?? page);
  response.setHeader('Content-Length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}
