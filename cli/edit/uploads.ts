import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { readImage } from '../imageEncoding.ts';
import { writeAtomically } from './document.ts';
import type { FileApiContext } from './fileApi.ts';
import { readBody, refused, sendJson } from './http.ts';

/** The largest photograph taken: a 50-megapixel camera's JPEG is about 20 MB. */
const uploadLimit = 20 * 1024 * 1024;

/** The photographs the editor takes, by Content-Type: sharp's name of the format, and the endings a file of it may have. */
const photoTypes: Record<string, { format: string; endings: string[] }> = {
  'image/jpeg': { format: 'jpeg', endings: ['jpg', 'jpeg'] },
  'image/png': { format: 'png', endings: ['png'] },
  'image/webp': { format: 'webp', endings: ['webp'] },
};

/**
 * A file name the build takes as it is in a field (common.schema.json's assetPath: letters, digits
 * and Chinese characters, and a lower-case ending) and that names nothing but a file in its
 * folder: `img-2031-淨灘合照.jpg`, `溫室氣體盤查清冊-2024.pdf`.
 */
const readableName = /^[A-Za-z0-9\u3400-\u9fff\uf900-\ufaff][A-Za-z0-9_\u3400-\u9fff\uf900-\ufaff-]*(?:\.[A-Za-z0-9_-]+)*\.([a-z0-9]+)$/;

/** The ending of a readable file name (`readableName`), or undefined for a name that is not one. */
export const readableEnding = (name: string): string | undefined => readableName.exec(name)?.[1];

const photoEndings = Object.values(photoTypes).flatMap((photo) => photo.endings);

/**
 * `POST /api/assets?name=plant.jpg` with a photograph's bytes: written to
 * content/assets/images/<name> once sharp has decoded the whole of it (as the build's check does),
 * so the build then publishes it in its sizes and formats. Answers
 * `{ path: "/assets/images/<name>", width, height }`, the size as shown (EXIF orientation applied).
 * Never over an existing file (409): another page may show it.
 */
export async function uploadAsset(context: FileApiContext, query: URLSearchParams, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const photo = photoTypes[type];
  if (!photo)
    throw refused(
      415,
      `a ${type || 'file without a Content-Type'} cannot be uploaded; send a photograph as image/jpeg, image/png or image/webp (put an SVG or PDF into content/assets yourself)`,
    );
  const name = query.get('name') ?? '';
  const ending = readableEnding(name);
  if (!ending || !photoEndings.includes(ending))
    throw refused(
      400,
      `"${name}" is not a file name the site can use: use letters, digits, Chinese characters, - and _ with a lower-case ending (.jpg, .jpeg, .png, .webp), e.g. tree-planting-2025.jpg`,
    );
  if (!photo.endings.includes(ending)) throw refused(400, `"${name}" ends in .${ending} but the file is ${type}; name it .${photo.endings[0]}`);
  const bytes = await readBody(
    request,
    uploadLimit,
    `the photograph is over ${uploadLimit / 1024 / 1024} MB; make it smaller (the site publishes it at most 1600 pixels wide) and upload it again`,
  );
  const size = await decoded(bytes, photo.format);
  const folder = join(context.contentDir, 'assets', 'images');
  const absolute = join(folder, name);
  const written = await context.builds.queued(async () => {
    if (existsSync(absolute)) return false;
    mkdirSync(folder, { recursive: true });
    writeAtomically(absolute, bytes);
    // In team mode the member's change holds it, and commits it with the page that shows it.
    context.drafts?.hold(`assets/images/${name}`);
    return true;
  });
  if (!written) throw refused(409, `content/assets/images/${name} exists already; give the new photograph another name`);
  sendJson(response, 201, { path: `/assets/images/${name}`, ...size });
}

/** The photograph's size, once sharp has read it whole and found it of the type it was sent as; else 422 with sharp's reason. */
async function decoded(bytes: Buffer, format: string): Promise<{ width: number; height: number }> {
  try {
    const found = (await sharp(bytes).metadata()).format;
    if (found !== format) throw new Error(`it is ${found}, not ${format}`);
    return await readImage(bytes);
  } catch (error) {
    throw refused(
      422,
      `the file is not a ${format} photograph that can be read (${(error as Error).message}); export it again as JPEG, PNG or WebP and upload that`,
    );
  }
}
