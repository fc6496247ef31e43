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
  const normalised = normaliseOrigin(origin);
  if (normalised && (allowed.has(normalised) || normalised === ownOrigin(request, trustProxy))) return undefined;
  return origin;
}

/** As `URL.origin` writes it (lower-case host, no default port), so `HTTPS://Esg.Example:443` matches. */
function normaliseOrigin(origin: string): string | undefined {
  try {
    const { origin: normalised } = new URL(origin);
    return normalised === 'null' ? undefined : normalised;
  } catch {
    return undefined;
  }
}
