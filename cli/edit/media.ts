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
  const measured = keptWhileUnchanged<{ width: number; height: number } | undefined>();
  const thumbnails = keptWhileUnchanged<Buffer>();
  const fileOf = (path: string) => join(root, ...path.split('/').slice(2));

  return {
    /** `GET /api/assets`: `{ assets }`, every file of content/assets (media.ts `MediaFile`), sorted by path. */
    async list(response: ServerResponse): Promise<void> {
      const uses = usesOf(contentDir, pagesOf);
      const assets = await Promise.all(
        assetPaths(root).map(async (path): Promise<MediaFile> => {
          const kind = mediaKindOf(path);
          const { bytes, made: size } = measured(fileOf(path), (absolute) =>
            // A picture's width and height as shown (EXIF orientation applied); none for a document or a file sharp cannot read.
            kind === 'document'
              ? Promise.resolve(undefined)
              : sharp(absolute)
                  .metadata()
                  .then(
                    (meta) => meta.autoOrient,
                    () => undefined,
                  ),
          );
          return { path, kind, bytes, ...(await size), uses: uses.get(path) ?? [] };
        }),
      );
      sendJson(response, 200, { assets });
    },

    /** `GET /api/thumbnails/assets/<path>`: a picture of content/assets made small, as WebP; 404 for anything else. */
    async thumbnail(path: string, response: ServerResponse): Promise<void> {
      if (mediaKindOf(path) === 'document' || !isAssetFile(root, path)) throw refused(404, `no picture ${path} in content/assets`);
      const { made } = thumbnails(fileOf(path), (absolute) =>
        sharp(absolute)
          .rotate()
          .resize({ width: thumbnailBox, height: thumbnailBox, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 70 })
          .toBuffer(),
      );
      const bytes = await made.catch((error: Error) => {
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
 * What is made from a file (by sharp), kept while the file is unchanged (same size and
 * modification time): asked for again, the same promise; a failed one is made again next time.
 * Gives the file's bytes too.
 */
function keptWhileUnchanged<T>(): (absolute: string, make: (absolute: string) => Promise<T>) => { bytes: number; made: Promise<T> } {
  const kept = new Map<string, { stamp: string; made: Promise<T> }>();
  return (absolute, make) => {
    const stat = statSync(absolute);
    const stamp = `${stat.size} ${stat.mtimeMs}`;
    let entry = kept.get(absolute);
    if (entry?.stamp !== stamp) {
      entry = { stamp, made: make(absolute) };
      kept.set(absolute, entry);
      entry.made.catch(() => kept.delete(absolute));
    }
    return { bytes: stat.size, made: entry.made };
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
