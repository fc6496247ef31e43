import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { altFieldOf, mediaKindOf, type MediaFile, type MediaUse } from '../../schemas/editApi.ts';
import { markdownLinks } from '../content/markdown.ts';
import { fieldName, walkStrings } from '../content/source.ts';
import { listContentFiles } from './contentFiles.ts';
import { fileData, openFile } from './document.ts';
import { refused, sendJson } from './http.ts';

/** How wide and high a thumbnail of the media view is at most, in pixels (two columns of a phone at twice its density). */
const thumbnailBox = 360;

/**
 * The editor's view of content/assets: each file with its size, and the content files (and their
 * pages) that name it; thumbnails of its pictures. What sharp reads of a file is kept while the
 * file is unchanged (same size and modification time).
 */
export function mediaLibrary(contentDir: string, pagesOf: (file: string) => string[]) {
  const root = join(contentDir, 'assets');
  const measured = new Map<string, { stamp: string; size: Promise<{ width: number; height: number } | undefined> }>();
  const thumbnails = new Map<string, { stamp: string; bytes: Promise<Buffer> }>();
  const stampOf = (absolute: string) => {
    const stat = statSync(absolute);
    return { stamp: `${stat.size} ${stat.mtimeMs}`, bytes: stat.size };
  };

  /** The picture's width and height as shown (EXIF orientation applied); undefined for a document or a file sharp cannot read. */
  const sizeOf = (path: string, absolute: string, stamp: string) => {
    const known = measured.get(path);
    if (known?.stamp === stamp) return known.size;
    const size =
      mediaKindOf(path) === 'document'
        ? Promise.resolve(undefined)
        : sharp(absolute)
            .metadata()
            .then(
              (meta) => meta.autoOrient,
              () => undefined,
            );
    measured.set(path, { stamp, size });
    return size;
  };

  return {
    /** `GET /api/assets`: `{ assets }`, every file of content/assets (media.ts `MediaFile`), sorted by path. */
    async list(response: ServerResponse): Promise<void> {
      const uses = usesOf(contentDir, pagesOf);
      const assets = await Promise.all(
        assetPaths(root).map(async (path): Promise<MediaFile> => {
          const absolute = join(root, ...path.split('/').slice(2));
          const { stamp, bytes } = stampOf(absolute);
          const size = await sizeOf(path, absolute, stamp);
          return { path, kind: mediaKindOf(path), bytes, ...size, uses: uses.get(path) ?? [] };
        }),
      );
      sendJson(response, 200, { assets });
    },

    /** `GET /api/thumbnails/assets/<path>`: a picture of content/assets made small, as WebP; 404 for anything else. */
    async thumbnail(path: string, response: ServerResponse): Promise<void> {
      const absolute = join(root, ...path.split('/').slice(2));
      if (mediaKindOf(path) === 'document' || !isAssetFile(root, path)) throw refused(404, `no picture ${path} in content/assets`);
      const { stamp } = stampOf(absolute);
      let made = thumbnails.get(path);
      if (made?.stamp !== stamp) {
        made = {
          stamp,
          bytes: sharp(absolute)
            .rotate()
            .resize({ width: thumbnailBox, height: thumbnailBox, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 70 })
            .toBuffer(),
        };
        thumbnails.set(path, made);
      }
      const bytes = await made.bytes.catch((error: Error) => {
        thumbnails.delete(path);
        throw refused(422, `${path} cannot be read as a picture: ${error.message}`);
      });
      response.statusCode = 200;
      response.setHeader('Content-Type', 'image/webp');
      response.setHeader('Cache-Control', 'no-cache');
      response.end(bytes);
    },
  };
}

/**
 * Every file under content/assets as pages write it (`/assets/images/plant.jpg`), sorted. Dot files
 * and symbolic links are left out, as the build leaves them.
 */
export function assetPaths(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')))
    .map((path) => `/assets/${path}`)
    .sort();
}

/**
 * A file `assetPaths` would list: no part starting with a dot, a file itself (not a symbolic link),
 * inside content/assets once the links of its folders are followed. One file looked at, not the folder.
 */
function isAssetFile(root: string, path: string): boolean {
  const parts = path.split('/').slice(2);
  if (!parts.length || parts.some((part) => !part || part.startsWith('.'))) return false;
  const absolute = join(root, ...parts);
  return Boolean(lstatSync(absolute, { throwIfNoEntry: false })?.isFile()) && realpathSync(absolute).startsWith(`${realpathSync(root)}${sep}`);
}

/**
 * Where content names each asset: in a field (with the description beside it, `alt` of an image,
 * `coverAlt` of an event's cover) or in a Markdown body, with the content file's pages.
 */
function usesOf(contentDir: string, pagesOf: (file: string) => string[]): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>();
  const add = (asset: string, use: MediaUse) => uses.set(asset, [...(uses.get(asset) ?? []), use]);
  for (const file of listContentFiles(contentDir)) {
    const opened = openFile(file);
    // Most files name no asset; only those that do are parsed.
    if (!opened.text.includes('/assets/')) continue;
    const { data, body } = fileData(opened);
    const pages = pagesOf(file.path);
    walkStrings(data, (value, at, key, owner) => {
      if (!value.startsWith('/assets/')) return;
      const alt = (owner as Record<string, unknown>)[altFieldOf(key) ?? ''];
      add(value.split(/[?#]/)[0]!, { file: file.path, field: fieldName(at()), pages, ...(typeof alt === 'string' ? { alt } : {}) });
    });
    for (const link of body ? markdownLinks(body) : [])
      if (link.url.startsWith('/assets/')) add(link.url.split(/[?#]/)[0]!, { file: file.path, field: 'body', pages });
  }
  return uses;
}
