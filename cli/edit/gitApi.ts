import type { IncomingMessage, ServerResponse } from 'node:http';
import { changedFiles, commitFiles, repositoryOf } from './git.ts';
import { readJson, refused, sendJson } from './http.ts';

/** `GET /api/git`: whether the content folder is in a Git repository, and which content files changed. */
export async function gitStatus(contentDir: string, response: ServerResponse): Promise<void> {
  const root = await repositoryOf(contentDir);
  sendJson(response, 200, root ? { repository: true, changed: await changedFiles(contentDir, root) } : { repository: false, changed: [] });
}

/**
 * `POST /api/git/commit` with `{ message, paths? }`: commits the changed content files named
 * (all of them when no paths are given), and nothing else. A path that is not a changed content
 * file is refused; the commit is never pushed.
 */
export async function gitCommit(contentDir: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const sent = await readJson(request);
  const { message, paths } = (typeof sent === 'object' && sent !== null ? sent : {}) as { message?: unknown; paths?: unknown };
  if (typeof message !== 'string' || !message.trim()) throw refused(400, 'a commit needs a message');
  if (paths !== undefined && !(Array.isArray(paths) && paths.every((path) => typeof path === 'string')))
    throw refused(400, 'paths must be a list of paths inside the content folder');
  const root = await repositoryOf(contentDir);
  if (!root) throw refused(409, 'the content folder is not in a Git repository');
  const changed = (await changedFiles(contentDir, root)).map((file) => file.path);
  const chosen = (paths as string[] | undefined) ?? changed;
  const unknown = chosen.filter((path) => !changed.includes(path));
  if (unknown.length) throw refused(400, `not changed content files: ${unknown.join(', ')}`);
  if (!chosen.length) throw refused(409, 'no content file has changed');
  const commit = await commitFiles(contentDir, chosen, message);
  sendJson(response, 200, { commit, paths: chosen });
}
