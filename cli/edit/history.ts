import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { FileHistory, HistoryEntry } from '../../schemas/editApi.ts';
import type { ContentFile } from './contentFiles.ts';
import { fileData, openBytes } from './document.ts';
import { fileAt, saveText, type FileApiContext } from './fileApi.ts';
import { git, repositoryOf } from './git.ts';
import { readJson, refused, sendJson } from './http.ts';

/**
 * A content file's history in words, read from Git: who changed it, when, which of its fields,
 * why (the commit's message) and who approved it; and a change undone as a new change, by saving
 * the version from before it as any save is saved (checked, into the member's change in team mode).
 */

/** `GET /api/history/<path>`: the file's recorded changes, newest first; `{ tracked: false }` outside a Git repository. */
export async function getHistory(context: FileApiContext, path: string, response: ServerResponse): Promise<void> {
  const file = fileAt(context, path);
  const answer: FileHistory = (await repositoryOf(context.contentDir))
    ? { tracked: true, entries: await historyOf(context.contentDir, file) }
    : { tracked: false, entries: [] };
  sendJson(response, 200, answer);
}

/**
 * `POST /api/history/<path>/undo` with `{ commit }` and `If-Match: <ETag>`: the file as it was
 * before the commit changed it, saved over the version the member has open (`saveText`). 400 for
 * a malformed hash, 404 for an unknown commit, 409 when the commit did not change the file or
 * made it (there is nothing earlier to go back to).
 */
export async function undoChange(context: FileApiContext, path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const file = fileAt(context, path);
  const expected = request.headers['if-match'];
  if (!expected) throw refused(428, 'send If-Match with the ETag the file had when it was opened');
  const sent = await readJson(request);
  const commit = typeof sent === 'object' && sent !== null ? (sent as { commit?: unknown }).commit : undefined;
  if (typeof commit !== 'string' || !/^[0-9a-f]{4,40}$/i.test(commit))
    throw refused(400, 'send { "commit": "<hash>" }: the commit whose change of the file to undo, as its hexadecimal hash');
  const restored = openBytes(file, Buffer.from(await versionBefore(context.contentDir, file, commit)));
  await saveText(context, file, expected, response, () => {
    if (restored.unreadable) throw new Error(restored.unreadable);
    return { text: restored.text, yamlText: restored.yamlText };
  });
}

/** The file's text before `commit` changed it; refused when there is no such commit, or it did not change the file, or it made it. */
async function versionBefore(contentDir: string, file: ContentFile, commit: string): Promise<string> {
  const full = (await git(contentDir, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).catch(() => '')).trim();
  if (!full) throw refused(404, `no such commit: ${commit}`);
  // The first parent: what a merge is undone against, as `git revert -m 1` would.
  const [after, before] = await Promise.all([blobAt(contentDir, full, file), blobAt(contentDir, `${full}^`, file)]);
  if (after && !before) throw refused(409, `${file.path} was made by ${commit}: there is no earlier version to go back to`);
  if (!before || after === before) throw refused(409, `${commit} did not change ${file.path}`);
  return git(contentDir, ['cat-file', 'blob', before]);
}

/** The name of the file's version at `revision` (a commit, `<commit>^`), or undefined when the revision did not hold the file. */
function blobAt(contentDir: string, revision: string, file: ContentFile): Promise<string | undefined> {
  return git(contentDir, ['rev-parse', '--verify', '--quiet', `${revision}:./${file.path}`]).then(
    (blob) => blob.trim() || undefined,
    () => undefined,
  );
}

/** Git's name of a missing version in `--raw` output. */
const noBlob = /^0+$/;

/** The commits that changed the file, newest first, each with the fields it changed. */
async function historyOf(contentDir: string, file: ContentFile): Promise<HistoryEntry[]> {
  // Each commit: its fields NUL-separated, then its `--raw` line (`:100644 100644 <before> <after> M\tpath`).
  const log = await git(contentDir, [
    'log',
    '--no-renames',
    '--raw',
    '--no-abbrev',
    '--format=%x1e%H%x00%an%x00%ae%x00%aI%x00%(trailers:key=Approved-by,valueonly)%x00%B%x00',
    '--',
    file.path,
  ]).catch(() => ''); // a repository without a commit yet
  const versions = new Map<string, Promise<Version>>();
  const versionOf = (blob: string | undefined): Promise<Version> => {
    if (!blob) return Promise.resolve({ data: {} });
    if (!versions.has(blob))
      versions.set(
        blob,
        git(contentDir, ['cat-file', 'blob', blob]).then((text) => fileData(openBytes(file, Buffer.from(text)))),
      );
    return versions.get(blob)!;
  };
  const entries: HistoryEntry[] = [];
  for (const record of log.split('\x1e').filter(Boolean)) {
    const [commit = '', author = '', email = '', date = '', approvers = '', message = '', raw = ''] = record.split('\0');
    const blobs = /^:\d+ \d+ ([0-9a-f]+) ([0-9a-f]+) /m.exec(raw);
    // A merge has no `--raw` line: its version is compared with its first parent's.
    const [before, after] = blobs
      ? [blobs[1]!, blobs[2]!].map((blob) => (noBlob.test(blob) ? undefined : blob))
      : await Promise.all([blobAt(contentDir, `${commit}^`, file), blobAt(contentDir, commit, file)]);
    const approvedBy = approverNames(approvers);
    const added = !before;
    entries.push({
      commit,
      author,
      email,
      date,
      message: withoutTrailers(message),
      ...(approvedBy ? { approvedBy } : {}),
      fields: added ? [] : changedFields(await versionOf(before), await versionOf(after)),
      ...(added ? { added: true as const } : {}),
    });
  }
  return entries;
}

/** A version of the file as the editor reads it: its data (null when it cannot be read) and a Markdown file's body. */
export type Version = { data: unknown; body?: string };

/** The fields in which two versions differ, as `/`-joined paths (`facts/2/value`), then `body`. */
export function changedFields(before: Version, after: Version): string[] {
  const fields = differing(before.data, after.data, []).filter(Boolean);
  return (before.body ?? '') === (after.body ?? '') ? fields : [...fields, 'body'];
}

function differing(before: unknown, after: unknown, at: string[]): string[] {
  if (isDeepStrictEqual(before, after)) return [];
  const containers = isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after);
  if (!containers) return [at.join('/')];
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.flatMap((key) => differing((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], [...at, key]));
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** The names of `Approved-by:` trailers' people, one a line (`rita <rita@example.test>`), without their addresses: `rita, lin`. */
export function approverNames(approvers: string): string {
  return approvers
    .split('\n')
    .map((approver) => approver.replace(/\s*<[^>]*>\s*$/, '').trim())
    .filter(Boolean)
    .join(', ');
}

/** A commit message without its trailer block: the last paragraph when each of its lines is `Key: value` (`Approved-by: …`). */
export function withoutTrailers(message: string): string {
  const paragraphs = message.trim().split(/\n[ \t]*\n/);
  const last = paragraphs.at(-1)!;
  if (paragraphs.length > 1 && last.split('\n').every((line) => /^[A-Za-z0-9-]+:\s/.test(line))) paragraphs.pop();
  return paragraphs.join('\n\n').trim();
}
