import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDir, schemaOf, translatedKeyword } from '../content/validators.ts';
import type { TextMemo } from '../cache.ts';
import type { EditorBuilds } from './builds.ts';
import { problemsOfChange } from './checks.ts';
import { contentFileAt, existingOrNewFileAt, isRefusal, newContentFileAt, type ContentFile } from './contentFiles.ts';
import { changedText, etagOf, fileData, openBytes, openFile, reviewedText, withLineEndings, writeAtomically, type OpenedFile } from './document.ts';
import { fileList, findFiles } from './fileList.ts';
import { convertTexts, simplifiedTexts, toSimplified } from '../content/convert.ts';
import { isUnpublished, withoutUnpublishedLine } from '../content/unpublished.ts';
import { readJson, refused, sendJson } from './http.ts';
import { savedBy } from './savedBy.ts';

/** What the file routes need of the running editor. */
export interface FileApiContext {
  contentDir: string;
  builds: EditorBuilds;
  /** In team mode, the signed-in member's drafts: what they open and save instead of content/ (team/changes.ts). */
  drafts?: DraftFiles;
}

/** A team member's own versions of content files, kept apart from content/ until they are published. */
export interface DraftFiles {
  /** The member's draft of the file, or undefined when they have none. */
  read(file: ContentFile): Buffer | undefined;
  /** Keeps `text` as the member's draft; `base` is the ETag of the file in content/ it was made from, or `newFile`. */
  save(file: ContentFile, text: string, base: string): void;
  /** The paths of the files the member made in their change, which content/ does not have yet. */
  made(): string[];
  /**
   * Records a file the member uploaded (a picture, `assets/images/…`; an evidence file,
   * `evidence/2024/…`), written into content/ at once, in their change, which commits it when it is
   * published: a page that shows the picture is never published without it.
   */
  hold(path: string): void;
}

/** A draft's base when content/ had no file at its path: a new event or translation. */
export const newFile = '';

/** What a draft of `file` is made from: the ETag of the file in content/, or `newFile`. */
export const baseOf = (file: ContentFile) => (existsSync(file.absolute) ? openFile(file).etag : newFile);

/**
 * `GET /api/files`: every content file with its group, locale, title and translation status;
 * `?find=<words>`: the files whose path and text hold every word, each with the words around the first.
 */
export async function listFiles(context: FileApiContext, response: ServerResponse, query = new URLSearchParams()): Promise<void> {
  const find = query.get('find');
  if (find !== null) return sendJson(response, 200, { found: findFiles(context.contentDir, find, simplifiedTexts.make) });
  const made = (context.drafts?.made() ?? []).flatMap((path) => {
    const file = newContentFileAt(context.contentDir, path);
    return isRefusal(file) ? [] : [{ file, text: context.drafts!.read(file)!.toString('utf8') }];
  });
  sendJson(response, 200, { files: await fileList(context.contentDir, made) });
}

/** `GET /api/files/<path>`: the file's data (and a Markdown file's body) with its ETag, its schema's name and its pages in the preview. */
export function getFile(context: FileApiContext, path: string, response: ServerResponse, query = new URLSearchParams()): void {
  const file = fileAt(context, path);
  const opened = openAsSeen(context, file);
  const content = fileData(opened);
  // `?as=zh_CN`: a zh_TW file's text converted as the zh_CN site converts it, to start an override from.
  const converted = query.get('as') === 'zh_CN' && file.locale === 'zh_TW' && content.data !== null;
  const answer = {
    path: file.path,
    group: file.group,
    locale: file.locale,
    schema: file.kind.schema,
    pages: context.builds.pagesOf(file.path),
    ...(isUnpublished(opened.yamlText) ? { unpublished: true } : {}),
    ...(converted ? convertTexts(content, context.builds.session.simplified) : content),
  };
  sendJson(response, 200, answer, { ETag: opened.etag });
}

/**
 * `PUT /api/files/<path>` with `{ data, body? }` and `If-Match: <ETag>`: checked as the build
 * would check it, then written (only what changed) and built (`saveText`).
 */
export async function putFile(context: FileApiContext, path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const file = fileAt(context, path);
  const expected = request.headers['if-match'];
  if (!expected) throw refused(428, 'send If-Match with the ETag the file had when it was opened');
  const { data, body, reviewed, ready } = await readChange(request, file);
  if (reviewed && file.locale !== 'en' && file.locale !== 'zh_CN')
    throw refused(400, `only a translation (an English file or a zh_CN override) is reviewed against its zh_TW source: ${file.path}`);
  await saveText(context, file, expected, response, (opened) => {
    let next = changedText(opened, data, body);
    if (reviewed) next = reviewedText(opened, next, new Date());
    if (ready) next = { text: withoutUnpublishedLine(next.text), yamlText: withoutUnpublishedLine(next.yamlText) };
    return next;
  });
}

/**
 * Saves the text `next` makes of the file as its member sees it (the file opened with the ETag
 * `expected`), as every save is saved: 412 when the file changed since it was opened; 409 when
 * `next` throws (a file with YAML syntax errors, or a change yamlPatch.ts cannot write without
 * restyling the file); 422 with the problems the build would have; else written (into the member's
 * draft in team mode, else into content/ and built) and answered `{ path, etag, changed }`. One
 * save at a time, in the queue it shares with the builds, so the file compared with `If-Match` is
 * the file overwritten.
 */
export async function saveText(
  context: FileApiContext,
  file: ContentFile,
  expected: string,
  response: ServerResponse,
  next: (opened: OpenedFile) => { text: string; yamlText: string },
): Promise<void> {
  const saved = await context.builds.queued(async (): Promise<{ status: number; answer: object; etag?: string; written?: boolean }> => {
    const opened = openAsSeen(context, file);
    if (!matches(expected, opened.etag))
      return {
        status: 412,
        answer: {
          error: 'the file changed since it was opened; open it again',
          etag: opened.etag,
          // A member's own draft changes only by their own saves: in another window.
          savedBy: context.drafts?.read(file) ? { you: true } : await savedBy(context.contentDir, file),
        },
        etag: opened.etag,
      };
    let made: { text: string; yamlText: string };
    try {
      made = next(opened);
    } catch (error) {
      return { status: 409, answer: { error: `${file.path}: ${(error as Error).message}; nothing was written` } };
    }
    if (made.text === opened.text) return { status: 200, answer: { path: file.path, etag: opened.etag, changed: false }, etag: opened.etag };
    const problems = await problemsOfChange(context.builds.session, context.contentDir, file, made.text, made.yamlText);
    if (problems.length) return { status: 422, answer: { problems } };
    const text = withLineEndings(opened, made.text);
    if (context.drafts) context.drafts.save(file, text, baseOf(file));
    else writeAtomically(file.absolute, text);
    const etag = etagOf(Buffer.from(text));
    // A draft changes nothing in content/: no build, and nobody else is told.
    return { status: 200, answer: { path: file.path, etag, changed: true }, etag, written: !context.drafts };
  });
  sendJson(response, saved.status, saved.answer, saved.etag ? { ETag: saved.etag } : {});
  if (saved.written) {
    context.builds.send({ type: 'saved', path: file.path });
    void context.builds.rebuild();
  }
}

/**
 * A save's or a new file's body: `{ data, body?, reviewed?, ready? }`, the data a mapping (as every
 * content file's top level is); `reviewed: true` when a translator has checked every change of the
 * source; `ready: true` to take an unpublished translation's line out, so the build publishes it (content/unpublished.ts).
 */
export async function readChange(request: IncomingMessage, file: ContentFile): Promise<{ data: object; body?: string; reviewed?: boolean; ready?: boolean }> {
  const sent = await readJson(request);
  if (typeof sent !== 'object' || sent === null || !('data' in sent)) throw refused(400, 'send { "data": …, "body"?: "…", "reviewed"?: true, "ready"?: true }');
  const { data, body, reviewed, ready } = sent as { data: unknown; body?: unknown; reviewed?: unknown; ready?: unknown };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw refused(400, 'data must be an object, as the file’s top level is');
  if (body !== undefined && (typeof body !== 'string' || !file.kind.markdown)) throw refused(400, 'only a Markdown file has a body, and it is a string');
  if (reviewed !== undefined && typeof reviewed !== 'boolean') throw refused(400, 'reviewed is true or false');
  if (ready !== undefined && typeof ready !== 'boolean') throw refused(400, 'ready is true or false');
  return { data, body, reviewed, ready };
}

/**
 * `GET /api/schemas/<name>` (`article`, or as `$ref`s name them, `common.schema.json`): the JSON
 * schema a form is made from, each node's `x-zh_TW` words beside it in Simplified (`x-zh_CN`),
 * converted as the zh_CN site converts its text, for a zh_CN interface.
 */
export function getSchema(name: string, response: ServerResponse, simplified: TextMemo): void {
  const file = `${name.replace(/\.schema\.json$/, '')}.schema.json`;
  if (!/^[a-z0-9-]+\.schema\.json$/.test(file) || !existsSync(join(schemaDir, file))) throw refused(404, `no schema ${name}`);
  sendJson(response, 200, withSimplifiedWords(schemaOf(file), simplified));
}

function withSimplifiedWords(node: unknown, simplified: TextMemo): unknown {
  if (Array.isArray(node)) return node.map((item) => withSimplifiedWords(item, simplified));
  if (typeof node !== 'object' || node === null) return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withSimplifiedWords(value, simplified)]));
  const words = copy[translatedKeyword] as Record<string, string> | undefined;
  if (!words) return copy;
  return { ...copy, 'x-zh_CN': Object.fromEntries(Object.entries(words).map(([key, text]) => [key, toSimplified(text, simplified)])) };
}

/** The file as the one who asks sees it: their draft of it in team mode, else the file in content/. */
export function openAsSeen(context: FileApiContext, file: ContentFile): OpenedFile {
  const draft = context.drafts?.read(file);
  return draft ? openBytes(file, draft) : openFile(file);
}

/** The content file a route names (`contentFileAt`), its refusal thrown as the route's answer; in team mode, a file the member made in their change too, which content/ does not have yet. */
export function fileAt(context: FileApiContext, path: string): ContentFile {
  const file = contentFileAt(context.contentDir, path);
  if (!isRefusal(file)) return file;
  const made = context.drafts?.made().includes(path) ? existingOrNewFileAt(context.contentDir, path) : undefined;
  if (made && !isRefusal(made)) return made;
  throw refused(file.status, file.reason);
}

/** `If-Match` holds the current tag (one of a list, weak or strong), or `*`. */
function matches(ifMatch: string, etag: string): boolean {
  return ifMatch.split(',').some((tag) => {
    const trimmed = tag.trim().replace(/^W\//, '');
    return trimmed === '*' || trimmed === etag;
  });
}
