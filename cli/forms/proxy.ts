import type { IncomingMessage } from 'node:http';

/**
 * What a request says about its client. Behind `trustProxy` proxies, each appends the address it
 * was reached from to X-Forwarded-For, so the client is the n-th entry from the right; entries
 * further left were written by the client itself and prove nothing. With 0 proxies the headers are
 * ignored: anyone may send them.
 */
export function clientAddress(request: IncomingMessage, trustProxy: number): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (trustProxy === 0) return socket;
  const forwarded = headerList(request.headers['x-forwarded-for']);
  // Fewer entries than proxies: the request skipped a proxy, so its leftmost entry is the best known.
  return forwarded[Math.max(0, forwarded.length - trustProxy)] ?? socket;
}

/**
 * The origin the receiver is reached at, as a browser on the same site would send it in `Origin`:
 * the Host header, with the scheme the nearest trusted proxy reports (X-Forwarded-Proto), else http.
 */
export function ownOrigin(request: IncomingMessage, trustProxy: number): string | undefined {
  const host = request.headers.host;
  if (!host) return undefined;
  const scheme = trustProxy > 0 ? headerList(request.headers['x-forwarded-proto']).at(-1) : undefined;
  try {
    return new URL(`${scheme === 'https' ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return undefined;
  }
}

function headerList(value: string | string[] | undefined): string[] {
  return [value ?? []]
    .flat()
    .flatMap((line) => line.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}
