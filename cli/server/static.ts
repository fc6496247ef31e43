import { closeSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheControl, revalidateCache } from '../http/caching.ts';
import { hostFileNames } from '../http/hosting.ts';
import { headersFileName, parseHeadersFile, securityHeaders } from '../http/securityHeaders.ts';
import { fileServer, openSiteFile, type OpenedFile } from './files.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, next?: () => void) => void;

/**
 * Serves out/ as a static host would: each file cached as cli/http/caching.ts says (hashed
 * bundle files for ever, pages revalidated on every visit), text as the build compressed it
 * (cli/build/output/compress.ts) to browsers that accept it, and unknown paths answered with the locale's 404.html and status 404. The extension-less
 * events addresses (`/api/events`, `/api/events/<id>`; docs/product.md, "Events API") are answered
 * from the .json files.
 */
export function staticSite(outDir: string): Handler {
  const files = fileServer(outDir, {
    compressedCopies: true,
    setHeaders(response, pathname) {
      response.setHeader('Cache-Control', cacheControl(pathname));
    },
  });
  const headers = siteHeaders(outDir);
  return (request, response) => {
    for (const [name, value] of Object.entries(headers())) response.setHeader(name, value);
    // A range is of the file itself, as static hosts answer it, never of a compressed form.
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
    // Answered from the .json file, with the same caching and HEAD handling as any other file.
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
 * a tag manager when the folder was built before it existed: read again when a build changes it.
 */
function siteHeaders(outDir: string): () => Record<string, string> {
  const file = join(outDir, headersFileName);
  let read: { stamp: string; headers: Record<string, string> } | undefined;
  return () => {
    const stats = statSync(file, { throwIfNoEntry: false });
    const stamp = stats ? `${stats.ino}-${stats.size}-${stats.mtimeMs}` : '';
    if (read?.stamp !== stamp) {
      const text = stats && readText(file);
      read = { stamp, headers: text === undefined ? securityHeaders({ tagManager: { containerId: '' } }) : parseHeadersFile(text) };
    }
    return read.headers;
  };
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * An address that climbs out of out/ (`/../package.json`, `/%2e%2e/x`, `/a/..%2f..%2fb`), or
 * that cannot be decoded. the file server joins paths under out/ and would not find these either;
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
 * The 404 page of the locale the address starts with, else the root one, compressed as the page
 * itself would be sent.
 */
export function notFound(outDir: string, request: IncomingMessage, response: ServerResponse): void {
  const locale = /^\/(zh_TW|zh_CN|en)(\/|$)/.exec(request.url ?? '')?.[1];
  const encodings = String(request.headers['accept-encoding'] ?? '');
  const accepted = (['br', 'gzip'] as const).filter((encoding) => encodings.includes(encoding));
  const page = [locale && `${locale}/404.html`, '404.html']
    .filter((name): name is string => Boolean(name))
    .reduce<OpenedFile | undefined>((found, name) => found ?? openSiteFile(outDir, name, accepted), undefined);
  response.setHeader('Cache-Control', revalidateCache);
  if (!page) {
    response.statusCode = 404;
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end('This page could not be found');
    return;
  }
  response.setHeader('Vary', 'Accept-Encoding');
  const body = readFileSync(page.fd);
  closeSync(page.fd);
  response.statusCode = 404;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (page.encoding) response.setHeader('Content-Encoding', page.encoding);
  response.setHeader('Content-Length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}
