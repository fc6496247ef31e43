import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import matter from 'gray-matter';
import { stringify } from 'yaml';
import { schemaHint } from '../scaffold.ts';
import { shellFiles } from '../content/catalog.ts';
import { unpublishedLine } from '../content/unpublished.ts';
import { problemsOfChange, type EditProblem } from './checks.ts';
import { isRefusal, newContentFileAt, type ContentFile } from './contentFiles.ts';
import { writeAtomically } from './document.ts';
import { newFile, readChange, type FileApiContext } from './fileApi.ts';
import { refused, sendJson } from './http.ts';

/**
 * `PUT /api/files/<path>` with `If-None-Match: *` and `{ data, body? }`: a new content file (an
 * event, a translation), checked as a save is, then written and built; in team mode, kept in the
 * member's change like any save. Refused with 412 when the
 * file exists, so a file is never overwritten by one made afresh.
 */
export async function createFile(context: FileApiContext, path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.headers['if-none-match']?.trim() !== '*')
    throw refused(400, 'to make a new file send If-None-Match: *; to save an existing one send If-Match with its ETag');
  const file = newContentFileAt(context.contentDir, path);
  if (isRefusal(file)) throw refused(file.status, file.reason);
  const { data, body } = await readChange(request, file);
  const text = newFileText(context.contentDir, file, data, body);
  const made = await context.builds.queued(async (): Promise<{ status: number; answer: object }> => {
    // Asked again in the queue: another request may have made the file meanwhile.
    const still = newContentFileAt(context.contentDir, path);
    if (isRefusal(still)) return { status: still.status, answer: { error: still.reason } };
    if (context.drafts?.read(still)) return { status: 412, answer: { error: `${path} is in your change already; open it to edit it` } };
    const problems = await writeChecked(context, file, text);
    if (problems.length) return { status: 422, answer: { problems } };
    return { status: 201, answer: { path: file.path, created: true } };
  });
  sendJson(response, made.status, made.answer);
  // A file made in a member's change changes nothing in content/ until it is published.
  if (made.status === 201 && !context.drafts) {
    context.builds.send({ type: 'saved', path: file.path });
    void context.builds.rebuild();
  }
}

/**
 * Checks a new file's text with the whole content, as if it were on disk (01-load.ts `replaced`),
 * and writes it (in team mode, into the member's change), or writes nothing.
 */
async function writeChecked(context: FileApiContext, file: ContentFile, text: string): Promise<EditProblem[]> {
  const problems = await problemsOfChange(context.builds.session, context.contentDir, file, text, yamlPart(file, text));
  if (problems.length) return problems;
  if (context.drafts) return (context.drafts.save(file, text, newFile), []);
  mkdirSync(dirname(file.absolute), { recursive: true });
  writeAtomically(file.absolute, text);
  return [];
}

/**
 * A new file's text: a YAML file's data with the first line that names its schema (as
 * `esg schema-hints` writes it), a Markdown file's data as front matter above its body. Long texts
 * stay on one line, as editors write them. An English file starts unpublished (content/unpublished.ts):
 * made from the zh_TW text, it is not published until its translator marks it ready.
 */
function newFileText(contentDir: string, file: ContentFile, data: object, body?: string): string {
  const yaml = `${file.locale === 'en' && !shellFiles.includes(file.localPath) ? `${unpublishedLine}\n` : ''}${stringify(data, { lineWidth: 0 })}`;
  const story = (body ?? '').replace(/^\n+/, '').replace(/\n*$/, '\n');
  if (file.kind.markdown) return `---\n${yaml}---\n${story === '\n' ? '' : `\n${story}`}`;
  const hint = schemaHint(contentDir, file.absolute);
  return hint ? `${hint}\n${yaml}` : yaml;
}

/** The YAML the build parses of a text: a Markdown file's front matter as gray-matter splits it (cli/build/stages/01-load.ts). */
function yamlPart(file: ContentFile, text: string): string {
  return file.kind.markdown ? matter(text, { engines: { yaml: () => ({}) } }).matter : text;
}
