import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { bundleFolder } from '../build/bundle.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, next?: () => void) => void;

/**
 * Serves out/ as a static host would: hashed bundle files cached for ever, HTML revalidated on
 * every visit, and unknown paths answered with the locale's 404.html and status 404.
 */
export function staticSite(outDir: string): Handler {
  const files = sirv(outDir, {
    dev: false,
    etag: true,
    extensions: ['html'],
    dotfiles: false,
    setHeaders(response, pathname) {
      if (pathname.startsWith(`/${bundleFolder}/`)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (pathname.endsWith('.html') || pathname.endsWith('/')) response.setHeader('Cache-Control', 'no-cache');
      else response.setHeader('Cache-Control', 'public, max-age=3600');
      if (pathname.endsWith('.json')) response.setHeader('Content-Type', 'application/json; charset=utf-8');
    },
  });
  return (request, response) => files(request, response, () => notFound(outDir, request, response));
}

/** The 404 page of the locale the address starts with, else the root one. */
export function notFound(outDir: string, request: IncomingMessage, response: ServerResponse): void {
  const locale = /^\/(zh_TW|zh_CN|en)(\/|$)/.exec(request.url ?? '')?.[1];
  const page = [locale && join(outDir, locale, '404.html'), join(outDir, '404.html')].find((file): file is string => Boolean(file) && existsSync(file as string));
  response.statusCode = 404;
  response.setHeader('Cache-Control', 'no-cache');
  if (!page) {
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end('This page could not be found');
    return;
  }
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.end(request.method === 'HEAD' ? undefined : readFileSync(page));
}
