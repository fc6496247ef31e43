import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TeamMember } from '../../schemas/editApi.ts';
import { refused } from './http.ts';
import { editorPagePath } from './page.ts';

/** The cookie the printed address (`/?token=…`) sets, so the editor's page and its preview need no header. */
export const tokenCookie = 'esg-edit-token';

/**
 * The editor's pages load only its own files: no inline script or style, nothing from elsewhere,
 * framed only by itself (the preview frame).
 */
export const editorHeaders: Record<string, string> = {
  'Content-Security-Policy': [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self'`,
    `img-src 'self' data: blob:`,
    `connect-src 'self'`,
    `font-src 'self'`,
    `frame-src 'self'`,
    `frame-ancestors 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'SAMEORIGIN',
};

/** A new random access token, printed once in the editor's address. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether `given` is the token, compared in constant time (through equal-length digests). */
export function isToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The token a request carries: `Authorization: Bearer <token>`, else the editor's cookie. */
export function tokenOf(request: IncomingMessage): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return bearer || cookieOf(request, tokenCookie);
}

/** The value of one of a request's cookies. */
export function cookieOf(request: IncomingMessage, cookie: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookie) return value.join('=');
  }
  return undefined;
}

/**
 * Why a request comes from somewhere it should not, or undefined. Another page in the browser may
 * send requests here: one naming another Origin, or marked by the browser as coming from another
 * site or another port, is refused whatever it carries. So is one for another host name (a DNS-rebinding page reaching 127.0.0.1 by its own name).
 */
export function foreignRequest(request: IncomingMessage, port: number): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://127.0.0.1:${port}`) return `requests from ${origin} are refused`;
  // `same-site` is another port of 127.0.0.1: another origin, though SameSite cookies go with it.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `${site} requests are refused`;
  if (request.headers.host !== `127.0.0.1:${port}`) return `requests for host ${request.headers.host ?? '(none)'} are refused`;
  return undefined;
}

/** Sets the cookie from a valid `?token=` visit. */
export function setTokenCookie(response: ServerResponse, token: string): void {
  response.setHeader('Set-Cookie', `${tokenCookie}=${token}; HttpOnly; SameSite=Strict; Path=/`);
}

/**
 * Who may use the editor: the holder of the printed token, or in team mode (team/teamAccess.ts)
 * a signed-in member of the team. The one place where the two modes differ in what they let in.
 */
export interface EditorAccess {
  /** Why a request comes from somewhere it should not (another site's page), or undefined. */
  foreign(request: IncomingMessage): string | undefined;
  /**
   * Lets the request in, with the member who asks in team mode; throws 401 for anybody else.
   * Answers its own addresses (the token's visit, signing in) and returns undefined for them.
   */
  admit(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams): Promise<{ member?: TeamMember } | undefined>;
}

/** The single-person mode: the token printed at start, or the cookie its address sets, on 127.0.0.1 only. */
export function tokenAccess(token: string, port: () => number): EditorAccess {
  return {
    foreign: (request) => foreignRequest(request, port()),
    async admit(request, response, path, query) {
      if (path === editorPagePath && query.has('token')) {
        if (!isToken(query.get('token') ?? '', token)) throw refused(401, 'this is not the token esg edit printed');
        setTokenCookie(response, token);
        response.statusCode = 303;
        response.setHeader('Location', editorPagePath);
        response.end();
        return undefined;
      }
      if (!isToken(tokenOf(request), token)) throw refused(401, 'open the address esg edit printed (with ?token=…), or send Authorization: Bearer <token>');
      return {};
    },
  };
}
