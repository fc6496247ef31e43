import type { IncomingMessage } from 'node:http';
import { ownOrigin } from './proxy.ts';

/**
 * The `Origin` of a form post when it is foreign: present, and neither one of `allowed` (the site's
 * published origin, ESG_ALLOWED_ORIGINS) nor the origin the receiver is reached at. A browser
 * always sends `Origin` on a cross-site POST, so a page elsewhere cannot post in a visitor's name.
 * A post without it (a script, curl) is left to the other checks; `null` (a sandboxed frame, a
 * file) is foreign.
 */
export function foreignOrigin(request: IncomingMessage, allowed: ReadonlySet<string>, trustProxy: number): string | undefined {
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const normalised = originOf(origin);
  if (normalised && (allowed.has(normalised) || normalised === ownOrigin(request, trustProxy))) return undefined;
  return origin;
}

/**
 * The origin of an http(s) URL with no path beyond `/`, as `URL.origin` writes it (lower-case host,
 * no default port, so `HTTPS://Esg.Example:443` is `https://esg.example`), or undefined: for
 * ESG_ALLOWED_ORIGINS (server/config.ts) and for a post's `Origin`, where `null` (a sandboxed
 * frame, a file) and other schemes are foreign.
 */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username) return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}
