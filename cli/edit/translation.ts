import type { ServerResponse } from 'node:http';
import { contentFileAt, isRefusal, type ContentFile } from './contentFiles.ts';
import { fileData, openBytes } from './document.ts';
import { openAsSeen, type FileApiContext } from './fileApi.ts';
import { lastChanges } from './fileList.ts';
import { committedBefore, repositoryOf } from './git.ts';
import { refused, sendJson } from './http.ts';

/**
 * `GET /api/translation/<path>` of an English file or a zh_CN override: the zh_TW text it
 * translates as it is now (`source`), and as it was when the translation last changed (`before`,
 * from Git: the zh_TW file's last commit at or before that time), so the editor can show each
 * field's source beside it and mark the fields whose source changed since. `before` is null
 * outside Git or when the zh_TW file had no commit then.
 */
export async function getTranslation(context: FileApiContext, path: string, response: ServerResponse): Promise<void> {
  const { contentDir } = context;
  const file = contentFileAt(contentDir, path);
  if (isRefusal(file)) throw refused(file.status, file.reason);
  if (file.locale !== 'en' && file.locale !== 'zh_CN') throw refused(400, `${path} is not an English file or a zh_CN override`);
  const source = contentFileAt(contentDir, `zh_TW/${file.localPath}`);
  if (isRefusal(source)) throw refused(404, `${path} has no zh_TW file to translate: zh_TW/${file.localPath}`);
  const [translated] = (await lastChanges(contentDir, [file], 'files')).values();
  sendJson(response, 200, {
    // In team mode, the member's own draft of the source, when they have one: what they are translating.
    source: { path: source.path, ...fileData(openAsSeen(context, source)) },
    before: await sourceAt(contentDir, source, translated!.time),
    translated: new Date(translated!.time).toISOString(),
  });
}

async function sourceAt(contentDir: string, source: ContentFile, time: number): Promise<{ data: unknown; body?: string } | null> {
  if (!(await repositoryOf(contentDir))) return null;
  const text = await committedBefore(contentDir, source.path, time);
  if (text === undefined) return null;
  const { data, body } = fileData(openBytes(source, Buffer.from(text, 'utf8')));
  return data === null ? null : { data, ...(body === undefined ? {} : { body }) };
}
