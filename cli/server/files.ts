import { closeSync, createReadStream, existsSync, fstatSync, openSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compressedCopies } from '../siteFiles.ts';

/** A file of out/ opened for one answer: its descriptor, what it was when opened, and its encoding when it is a compressed copy. */
export interface OpenedFile {
  /** The address's file in out/ (`zh_TW/about/index.html`), whichever copy of it is open. */
  name: string;
  fd: number;
  stats: Stats;
  encoding?: 'br' | 'gzip';
}

export interface FileServerOptions {
  /** Send the build's `.br` and `.gz` copies to browsers that accept them. */
  compressedCopies?: boolean;
  /** Headers of one answer, set before it is sent (Cache-Control by address). */
  setHeaders?: (response: ServerResponse, pathname: string) => void;
}

/** Answers a request from out/, or calls `missing` when no file answers its address. */
export type FileServer = (request: IncomingMessage, response: ServerResponse, missing: () => void) => void;

/**
 * Serves the files of a folder that builds replace while it runs. Each answer opens its file, and
 * its length, ETag and bytes all come from that one open file: a build renames new files over old
 * ones (and renames a whole new out/ over the old one), so an answer is one build's file whole,
 * never one build's length with another's bytes. Nothing is listed or kept at start, so a file a
 * build adds is served and one it removes is 404 at once. An address is answered by its file, its
 * `.html` or its `index.html`, as static hosts do.
 */
export function fileServer(outDir: string, options: FileServerOptions = {}): FileServer {
  return (request, response, missing) => {
    const pathname = pathOf(request);
    if (pathname === undefined || hidden(pathname)) return missing();
    const encodings = options.compressedCopies && !request.headers.range ? acceptedEncodings(request) : [];
    openForAnswer(outDir, pathname, encodings)
      .then((file) => {
        if (!file) return missing();
        if (options.compressedCopies) response.setHeader('Vary', 'Accept-Encoding');
        options.setHeaders?.(response, pathname);
        send(request, response, file);
      })
      .catch((error: unknown) => {
        console.error('esg: could not send', pathname, error);
        if (!response.headersSent) response.statusCode = 500;
        response.end();
      });
  };
}

/**
 * Opens the file of an address. A full build swaps out/ by two renames, so for a moment there is
 * no out/: an address missed then is looked up again once the new out/ is in place.
 */
async function openForAnswer(outDir: string, pathname: string, encodings: readonly string[]): Promise<OpenedFile | undefined> {
  const found = openSiteFile(outDir, pathname, encodings);
  if (found || existsSync(outDir)) return found;
  for (let waited = 0; waited < swapWaitMs && !existsSync(outDir); waited += 5) await sleep(5);
  return openSiteFile(outDir, pathname, encodings);
}

/** How long an answer waits for out/ to come back before it is a 404. */
const swapWaitMs = 2000;

/** The file of `pathname` in out/ (the address itself, `.html`, `/index.html`), its compressed copy first where one is accepted. */
export function openSiteFile(outDir: string, pathname: string, encodings: readonly string[] = []): OpenedFile | undefined {
  for (const name of namesOf(pathname)) {
    const path = join(outDir, name);
    for (const copy of compressedCopies(path)) {
      if (!encodings.includes(copy.encoding)) continue;
      const opened = openFile(copy.file);
      if (opened) return { name, ...opened, encoding: copy.encoding };
    }
    const opened = openFile(path);
    if (opened) return { name, ...opened };
  }
  return undefined;
}

function namesOf(pathname: string): string[] {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (!path) return ['index.html'];
  return pathname.endsWith('/') ? [`${path}/index.html`] : [path, `${path}.html`, `${path}/index.html`];
}

function openFile(path: string): { fd: number; stats: Stats } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  const stats = fstatSync(fd);
  if (stats.isFile()) return { fd, stats };
  closeSync(fd);
  return undefined;
}

/** Sends an opened file: 304 when the browser has it, a range when asked for one, else the whole file. Closes it. */
export function send(request: IncomingMessage, response: ServerResponse, file: OpenedFile): void {
  const { stats } = file;
  const etag = `W/"${stats.size.toString(36)}-${Math.round(stats.mtimeMs * 1000).toString(36)}-${stats.ino.toString(36)}"`;
  response.setHeader('ETag', etag);
  response.setHeader('Last-Modified', stats.mtime.toUTCString());
  if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', contentType(file.name));
  if (file.encoding) response.setHeader('Content-Encoding', file.encoding);
  if (request.headers['if-none-match'] === etag) return finish(response, file, 304);
  const range = file.encoding ? undefined : rangeOf(request.headers.range, stats.size);
  if (range === 'unsatisfiable') {
    response.setHeader('Content-Range', `bytes */${stats.size}`);
    return finish(response, file, 416);
  }
  if (range) {
    response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stats.size}`);
    response.setHeader('Accept-Ranges', 'bytes');
  }
  const { start = 0, end = stats.size - 1 } = range ?? {};
  response.statusCode = range ? 206 : 200;
  response.setHeader('Content-Length', end - start + 1);
  if (request.method === 'HEAD' || end < start) return finish(response, file, response.statusCode);
  pipeline(createReadStream('', { fd: file.fd, start, end }), response, () => {
    // A reader who leaves mid-file is no fault of the server's; the stream has closed the file.
  });
}

function finish(response: ServerResponse, file: OpenedFile, status: number): void {
  closeSync(file.fd);
  response.statusCode = status;
  if (status === 304 || status === 416) response.removeHeader('Content-Encoding');
  response.end();
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; several ranges, or a header that is none, answer the whole file. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function acceptedEncodings(request: IncomingMessage): string[] {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return [/\bbr\b/.test(accepted) && 'br', /\bgzip\b/.test(accepted) && 'gzip'].filter((name): name is string => Boolean(name));
}

/** The decoded path of a request's address, or undefined when it cannot be decoded. */
function pathOf(request: IncomingMessage): string | undefined {
  const raw = (request.url ?? '/').split('?')[0]!;
  try {
    return decodeURI(raw);
  } catch {
    return undefined;
  }
}

/** A dotfile or a folder of them (`/.nojekyll`, `/.git/x`), as hosts keep them private, but `.well-known`. */
function hidden(pathname: string): boolean {
  return pathname.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known');
}

const contentTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  woff2: 'font/woff2',
  woff: 'font/woff',
  map: 'application/json; charset=utf-8',
};

export function contentType(name: string): string {
  return contentTypes[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
