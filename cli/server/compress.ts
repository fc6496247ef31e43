import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

const compressible = /^(?:text\/|application\/(?:javascript|json|xml)|image\/svg\+xml)/;
/** Below this a gzip header and a round of deflate cost more than they save. */
const smallest = 1024;
/** Compressed files kept in memory; past this the cache starts over (a site's text is far less). */
const cacheLimit = 64 * 1024 * 1024;

/**
 * Gzip for the static site, as hosts such as Netlify or Cloudflare Pages do it: HTML, CSS,
 * JavaScript, JSON and SVG shrink to about a quarter, and that is what a phone on a slow network
 * waits for before it can show a page. Each version of a file (address and ETag) is compressed
 * once and kept.
 */
export function gzipResponses() {
  const cache = new Map<string, Buffer>();
  let cached = 0;
  const remember = (key: string, body: Buffer) => {
    if (cached + body.length > cacheLimit) {
      cache.clear();
      cached = 0;
    }
    cache.set(key, body);
    cached += body.length;
  };

  /**
   * Wraps the response before a handler answers: when the handler sends a whole answer worth
   * compressing (200 or 404, a text type, over 1 KB), its body is gathered and sent gzipped.
   * Anything else (HEAD, a range, a PDF, a 304, a browser that does not accept gzip) passes
   * through untouched.
   */
  return function compressWhenAccepted(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET' || request.headers.range || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return;
    response.setHeader('Vary', 'Accept-Encoding');
    const original = { writeHead: response.writeHead, write: response.write, end: response.end };
    let chunks: Buffer[] | undefined;
    let decided = false;

    // Called by the handler, or by Node itself when the handler ends without sending headers.
    const decide = (status: number, headers?: OutgoingHttpHeaders) => {
      decided = true;
      for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) response.setHeader(name, value);
      response.statusCode = status;
      const type = String(response.getHeader('Content-Type') ?? '');
      const length = Number(response.getHeader('Content-Length') ?? Number.POSITIVE_INFINITY);
      if ((status === 200 || status === 404) && compressible.test(type) && length > smallest && !response.hasHeader('Content-Encoding')) chunks = [];
      else Object.assign(response, original);
    };

    response.writeHead = function writeHead(status: number, ...rest: unknown[]) {
      decide(status, rest.find((part): part is OutgoingHttpHeaders => typeof part === 'object' && part !== null && !Array.isArray(part)));
      return chunks ? response : original.writeHead.call(response, response.statusCode);
    } as ServerResponse['writeHead'];

    response.write = function write(chunk: unknown, ...rest: unknown[]) {
      if (!decided) decide(response.statusCode);
      if (!chunks) return (original.write as (...args: unknown[]) => boolean).call(response, chunk, ...rest);
      chunks.push(Buffer.from(chunk as Buffer | string));
      return true;
    } as ServerResponse['write'];

    response.end = function end(chunk?: unknown, ...rest: unknown[]) {
      if (!decided) decide(response.statusCode);
      if (!chunks) return (original.end as (...args: unknown[]) => ServerResponse).call(response, chunk, ...rest);
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer | string));
      const etag = response.getHeader('ETag');
      const key = etag ? `${request.url} ${String(etag)}` : undefined;
      let body = key ? cache.get(key) : undefined;
      if (!body) {
        body = gzipSync(Buffer.concat(chunks));
        if (key) remember(key, body);
      }
      Object.assign(response, original);
      response.setHeader('Content-Encoding', 'gzip');
      response.setHeader('Content-Length', body.length);
      response.writeHead(response.statusCode);
      return response.end(body);
    } as ServerResponse['end'];
  };
}
