import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { siteFile } from '../content/catalog.ts';
import { errors } from '../errorCatalogue.ts';
import { UsageError } from '../errors.ts';
import { displayPath } from '../paths.ts';
import { listen } from '../server/preview.ts';
import { compressed } from '../server/compressed.ts';
import { leavesSite, notFound } from '../server/static.ts';
import { fileServer } from '../server/files.ts';
import { editorHeaders, newToken, tokenAccess, type EditorAccess } from './access.ts';
import { editorBuilds, previewPrefix } from './builds.ts';
import { bookEngine } from '../build/index.ts';
import { getFile, getSchema, listFiles, putFile, type FileApiContext } from './fileApi.ts';
import { mediaLibrary } from './media.ts';
import { gitCommit, gitStatus } from './gitApi.ts';
import { createFile } from './newFiles.ts';
import { uploadAsset } from './uploads.ts';
import { evidenceFiles } from './evidence.ts';
import { figureHistories } from './figureHistory.ts';
import { getTranslation } from './translation.ts';
import { getHistory, undoChange } from './history.ts';
import { HttpError, refused, sendJson } from './http.ts';
import { editorAsset, editorPage, editorPagePath, editorScriptPath, editorStylePath } from './page.ts';
import { editorLanguage } from '../../schemas/editApi.ts';
import { readAccounts, teamFolder } from './team/accounts.ts';
import { teamChanges } from './team/changes.ts';
import { changeRoutes } from './team/changeApi.ts';
import { presence } from './team/presence.ts';
import { teamAccess, type TeamOptions } from './team/teamAccess.ts';

export interface EditOptions {
  contentDir: string;
  /** Where the preview is built (incrementally, as `esg build` would). */
  outDir: string;
  /** 0 for any free port. */
  port: number;
  /** The address to listen on: 127.0.0.1 unless in team mode. */
  host?: string;
  /** Team mode: members sign in, and their saves wait for review before they reach content/. */
  team?: TeamOptions;
}

export interface RunningEditor {
  server: Server;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The single-person mode's token; none in team mode. */
  token?: string;
  /** The address to open: it sets the token's cookie and goes on to the editor. */
  url: string;
  close: () => Promise<void>;
}

/**
 * `esg edit`: a local editor of the content folder on 127.0.0.1, for the holder of a random token
 * printed at start; or, in team mode, for the members of a team who sign in (team/), whose saves
 * wait in a change for review instead of reaching content/. It builds the preview first, then
 * answers the editor's API and serves the built site, under /preview/ and, for the addresses its
 * pages link to (`/_esg/…`, `/zh_TW/…`), at any other address the editor does not use itself.
 */
export async function startEdit(options: EditOptions): Promise<RunningEditor> {
  if (!existsSync(join(options.contentDir, siteFile.pattern))) throw new UsageError(errors.notContentFolder, displayPath(options.contentDir));
  const team = options.team && { ...options.team, dataDir: teamFolder(options.team.dataDir, [options.contentDir, options.outDir]) };
  if (team && !readAccounts(team.dataDir).length) throw new UsageError(errors.noAccounts, displayPath(team.dataDir));
  const token = team ? undefined : newToken();
  const builds = editorBuilds(options.contentDir, options.outDir);
  const changes = team && teamChanges(team.dataDir);
  const present = presence();
  const shared: FileApiContext = { contentDir: options.contentDir, builds };
  const media = mediaLibrary(options.contentDir, builds.pagesOf);
  const evidence = evidenceFiles();
  const histories = figureHistories(options.contentDir);
  // Asked to print the PDFs at each publish: a machine without a Chromium says so now, not at the first publish.
  if (team?.pdf) await bookEngine();
  await builds.rebuild();
  const preview = fileServer(options.outDir, { setHeaders: (response) => response.setHeader('Cache-Control', 'no-store') });
  let port = options.port;
  const access: EditorAccess = team ? teamAccess(team) : tokenAccess(token!, () => port);
  /** Writes straight into content/, which in team mode only a published change does. */
  const direct = (handle: () => Promise<void>) =>
    team ? Promise.reject(refused(403, 'in team mode content/ changes only when a reviewed change is published: save into a change instead')) : handle();

  const route = async (request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams): Promise<void> => {
    const admitted = await access.admit(request, response, path, query);
    if (!admitted) return;
    const { member } = admitted;
    const context: FileApiContext = member && changes ? { ...shared, drafts: changes.draftsOf(member.name) } : shared;
    const method = request.method ?? 'GET';
    const apiFile = /^\/api\/files\/(.+)$/.exec(path)?.[1];
    const apiSchema = /^\/api\/schemas\/([^/]+)$/.exec(path)?.[1];
    if (path === editorPagePath)
      return sendText(response, 'text/html; charset=utf-8', editorPage(editorLanguage(request.headers.cookie, request.headers['accept-language'])), method);
    if (path === editorScriptPath) return sendText(response, 'text/javascript; charset=utf-8', editorAsset(editorScriptPath), method);
    if (path === editorStylePath) return sendText(response, 'text/css; charset=utf-8', editorAsset(editorStylePath), method);
    if (path === '/api/files') return allow(method, 'GET', () => listFiles(context, response, query));
    if (path === '/api/assets') return method === 'POST' ? uploadAsset(context, query, request, response) : allow(method, 'GET', () => media.list(response));
    if (path.startsWith('/api/thumbnails/assets/'))
      return allow(method, 'GET', () => media.thumbnail(decodePath(path.slice('/api/thumbnails'.length)), response));
    if (apiFile !== undefined) {
      const file = decodePath(apiFile);
      if (method === 'PUT')
        return request.headers['if-none-match'] === undefined ? putFile(context, file, request, response) : createFile(context, file, request, response);
      return allow(method, 'GET', () => getFile(context, file, response, query));
    }
    const [, historyFile, undo] = /^\/api\/history\/(.+?)(\/undo)?$/.exec(path) ?? [];
    if (historyFile !== undefined)
      return undo
        ? allow(method, 'POST', () => undoChange(context, decodePath(historyFile), request, response))
        : allow(method, 'GET', () => getHistory(context, decodePath(historyFile), response));
    const apiTranslation = /^\/api\/translation\/(.+)$/.exec(path)?.[1];
    if (apiTranslation !== undefined) return allow(method, 'GET', () => getTranslation(context, decodePath(apiTranslation), response));
    if (apiSchema !== undefined) return allow(method, 'GET', () => getSchema(decodePath(apiSchema), response, builds.session.simplified));
    if (path === '/api/events') return allow(method, 'GET', () => builds.openEvents(response));
    // Evidence and a figure's history are for the editor's users only: never under the preview's addresses.
    const figure = /^\/api\/figures\/([^/]+)\/history$/.exec(path)?.[1];
    if (figure !== undefined) return allow(method, 'GET', () => histories.send(decodePath(figure), response));
    if (path.startsWith('/api/evidence/')) {
      return evidence(
        { contentDir: options.contentDir, builds, ...(context.drafts ? { hold: context.drafts.hold } : {}) },
        decodePath(path.slice('/api/evidence/'.length)),
        query,
        request,
        response,
      );
    }
    if (path === '/api/git') return allow(method, 'GET', () => gitStatus(options.contentDir, response));
    if (path === '/api/git/commit') return direct(() => allow(method, 'POST', () => gitCommit(options.contentDir, request, response)));
    // Only the token's holder reaches this: the team's access answers it before (team/teamAccess.ts).
    if (path === '/api/session') return allow(method, 'GET', () => sendJson(response, 200, { mode: 'token' }));
    const presencePath = /^\/api\/presence\/(.+)$/.exec(path)?.[1];
    if (presencePath !== undefined) {
      if (!member) throw refused(404, 'who has a file open is said in team mode only (esg edit --team)');
      const file = decodePath(presencePath);
      if (method === 'DELETE') {
        present.left(file, member.name);
        response.statusCode = 204;
        return void response.end();
      }
      return allow(method, 'PUT', () => sendJson(response, 200, { others: present.here(file, member.name) }));
    }
    if (path === '/api/changes' || path.startsWith('/api/changes/')) {
      if (!changes || !member) throw refused(404, 'changes are reviewed in team mode only (esg edit --team)');
      return changeRoutes({ contentDir: options.contentDir, dataDir: team!.dataDir, builds, changes, pdf: team!.pdf }, member, path, request, response);
    }
    if (path.startsWith('/api/')) throw refused(404, `no such editor address: ${path}`);
    if (path === previewPrefix || path.startsWith(`${previewPrefix}/`))
      request.url = `${path.slice(previewPrefix.length) || '/'}${query.size ? `?${query}` : ''}`;
    preview(request, response, () => notFound(options.outDir, request, response));
  };

  const server = createServer(
    compressed((request, response) => {
      for (const [name, value] of Object.entries(editorHeaders)) response.setHeader(name, value);
      const [path = '/', search = ''] = (request.url ?? '/').split('?');
      const foreign = access.foreign(request);
      // Checked on the address as sent: `..` must not reach a handler, encoded or not.
      const answer = foreign
        ? Promise.reject(refused(403, foreign))
        : leavesSite(path)
          ? Promise.reject(refused(400, `the address leaves the editor's folders: ${path}`))
          : route(request, response, path, new URLSearchParams(search));
      answer.catch((error: unknown) => {
        if (error instanceof HttpError) return sendJson(response, error.status, error.body);
        console.error(error);
        if (!response.headersSent) sendJson(response, 500, { error: String((error as Error).message ?? error) });
        else response.end();
      });
    }),
  );
  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port, host);
  port = (server.address() as AddressInfo).port;
  // Any address of the machine answers: 127.0.0.1 is one the machine itself can open.
  const shown = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  const origin = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  return {
    server,
    origin,
    ...(token ? { token } : {}),
    url: token ? `${origin}/?token=${token}` : `${origin}/`,
    close: async () => {
      await builds.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Runs `handle` for the one method an address answers, else 405. */
async function allow(method: string, allowed: string, handle: () => void | Promise<void>): Promise<void> {
  if (method !== allowed && !(allowed === 'GET' && method === 'HEAD')) throw new HttpError(405, { error: `${method} is not allowed here; use ${allowed}` });
  await handle();
}

function sendText(response: ServerResponse, type: string, text: string, method: string): void {
  if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, { error: `${method} is not allowed here; use GET` });
  response.statusCode = 200;
  response.setHeader('Content-Type', type);
  response.setHeader('Cache-Control', 'no-store');
  response.end(method === 'HEAD' ? undefined : text);
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw refused(400, `the path is not well encoded: ${path}`);
  }
}
