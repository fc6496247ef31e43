import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieOf, type EditorAccess } from '../access.ts';
import { readJson, refused, sendJson } from '../http.ts';
import { editorPagePath, editorScriptPath, editorStylePath } from '../page.ts';
import { findAccount, findMember, hashPassword, isPassword } from './accounts.ts';
import type { TeamMember } from '../../../schemas/editApi.ts';
import { sessionCookie, sessionSeconds, teamSessions } from './sessions.ts';

export interface TeamOptions {
  /** The team folder: the accounts and the changes under review (never inside content/ or out/). */
  dataDir: string;
  /** The address colleagues open behind a TLS proxy (`https://esg.example.com`): accepted as a request's Origin, and the cookie is then Secure. */
  publicOrigin?: string;
  /** A header a reverse proxy sets to the signed-in person's account name (single sign-on); only read when given. */
  trustedHeader?: string;
  /** A publish prints the report PDFs too (`esg edit --team --pdf`): the machine has a Chromium. */
  pdf?: boolean;
}

/** What anybody may load before signing in: the page, which shows the sign-in form, and its script and style. */
const openPaths = [editorPagePath, editorScriptPath, editorStylePath];

/**
 * The team mode's access: a member signed in with their password (a session cookie), or named by
 * the trusted proxy's header. `/api/session` signs in (POST), out (DELETE) and says who (GET).
 */
export function teamAccess(options: TeamOptions): EditorAccess {
  const sessions = teamSessions(options.dataDir);
  const passwordOf = (name: string) => findAccount(options.dataDir, name)?.password.salt;
  // Compared with when the name is unknown, so an answer takes as long whether the name exists or not.
  const decoy = hashPassword(randomBytes(18).toString('base64url'));
  const header = options.trustedHeader?.toLowerCase();
  const cookie = (id: string, maxAge: number) =>
    `${sessionCookie}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}${options.publicOrigin?.startsWith('https:') ? '; Secure' : ''}`;

  const memberOf = (request: IncomingMessage): TeamMember | undefined => {
    if (header) {
      const name = request.headers[header];
      return typeof name === 'string' ? findMember(options.dataDir, name) : undefined;
    }
    return findMember(options.dataDir, sessions.find(cookieOf(request, sessionCookie), passwordOf));
  };

  const signIn = async (request: IncomingMessage, response: ServerResponse) => {
    if (header) throw refused(404, `the proxy signs people in: it names them in ${options.trustedHeader}`);
    const sent = await readJson(request);
    const { name, password } = (typeof sent === 'object' && sent !== null ? sent : {}) as { name?: unknown; password?: unknown };
    if (typeof name !== 'string' || typeof password !== 'string') throw refused(400, 'send { "name": "…", "password": "…" }');
    const address = request.socket.remoteAddress ?? '';
    // Refused before the password is even compared: the right one does not end the wait.
    const wait = sessions.waitFor(name, address);
    if (wait > 0) return sendJson(response, 429, { error: `too many wrong passwords; try again in ${wait} s` }, { 'Retry-After': String(wait) });
    const account = findAccount(options.dataDir, name);
    if (!(await isPassword(password, account?.password ?? (await decoy))) || !account) {
      sessions.failed(name, address);
      throw refused(401, 'wrong name or password');
    }
    sessions.succeeded(name);
    sendJson(
      response,
      200,
      { mode: 'team', member: findMember(options.dataDir, name) },
      { 'Set-Cookie': cookie(sessions.open(name, account.password.salt), sessionSeconds) },
    );
  };

  const sessionRoute = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    if (method === 'POST') return signIn(request, response);
    if (method === 'DELETE') {
      sessions.close(cookieOf(request, sessionCookie));
      return sendJson(response, 200, { mode: 'team' }, { 'Set-Cookie': cookie('', 0) });
    }
    if (method !== 'GET') throw refused(405, `${method} is not allowed here; use GET, POST or DELETE`);
    const member = memberOf(request);
    sendJson(response, 200, { mode: 'team', ...(member ? { member } : {}), signIn: header ? 'proxy' : 'password' });
  };

  return {
    foreign: (request) => foreignTeamRequest(request, options.publicOrigin),
    async admit(request, response, path) {
      if (path === '/api/session') {
        await sessionRoute(request, response);
        return undefined;
      }
      const member = memberOf(request);
      if (member) return { member };
      if (openPaths.includes(path)) return {};
      throw refused(
        401,
        header ? `the proxy sent no ${options.trustedHeader} naming an account of the team` : 'sign in first: POST /api/session with { "name", "password" }',
      );
    },
  };
}

/**
 * Why a request comes from another site's page, or undefined. The editor is reached by any host
 * name, so an `Origin` is compared with the request's own `Host` (or the public address behind a
 * proxy). A request without `Origin` is no browser's cross-site request: browsers send one with
 * every POST, PUT and DELETE.
 */
function foreignTeamRequest(request: IncomingMessage, publicOrigin: string | undefined): string | undefined {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `${site} requests are refused`;
  const origin = request.headers.origin;
  if (origin === undefined || origin === publicOrigin) return undefined;
  return URL.canParse(origin) && new URL(origin).host === request.headers.host ? undefined : `requests from ${origin} are refused`;
}
