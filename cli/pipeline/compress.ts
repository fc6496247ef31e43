import { existsSync, linkSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

/** A file of the site, by its path under the site's folder. */
export interface SiteFile {
  path: string;
  contents: string | Buffer;
}

/** How hard brotli (quality 0–11) and gzip (level 1–9) try. */
export interface Effort {
  brotli: number;
  gzip: number;
}

/**
 * Pages and search files are compressed by every build that changes them: brotli 5 saves nine
 * tenths of what brotli 11 does on them in a sixtieth of its time.
 */
const pageEffort: Effort = { brotli: 5, gzip: 6 };
/** The client bundle is compressed once and cached with it (bundle.ts), and every visitor downloads it. */
export const bundleEffort: Effort = { brotli: 11, gzip: 9 };

/** HTML, CSS, JavaScript, JSON, SVG and the sitemaps' XML; other images, PDFs and fonts are compressed already. */
const compressible = /\.(?:html|css|js|json|svg|xml)$/;
/** Below this a compressed copy saves less than its response headers cost. */
const smallest = 1024;
/**
 * Files compressed in libuv's thread pool at once. When the pool falls behind the rendering, the
 * next files are compressed on this thread: the pages waiting for the pool would pile up in memory.
 */
const inFlight = 16;

const brotliInPool = promisify(brotliCompress);
const gzipInPool = promisify(gzip);

/** The compressed copies of a file, as sirv (server/static.ts) and static hosts look for them, brotli first. */
export function compressedCopies(file: string) {
  return [{ file: `${file}.br`, encoding: 'br' }, { file: `${file}.gz`, encoding: 'gzip' }] as const;
}

/**
 * The build's compression. `writer` wraps the build's file writer: each file worth it gets its
 * compressed copies beside it, made in the thread pool while the build renders on, or linked
 * from the `previous` build's folder when the file there is the same. `finish` adds the files of
 * folders the build copied rather than wrote, then waits for all.
 */
export function compressor(folder: string, previous: string) {
  const pending = new Set<Promise<void>>();
  const add = (path: string, data: Buffer) => {
    if (data.length <= smallest || !compressible.test(path)) return;
    const target = join(folder, path);
    if (linkedFromPrevious(join(previous, path), target, data)) return;
    if (pending.size >= inFlight) return compressHere(target, data, pageEffort);
    const job = compressInPool(target, data, pageEffort).finally(() => pending.delete(job));
    // Awaited by finish; a build that fails before deletes the folder these are written into.
    job.catch(() => undefined);
    pending.add(job);
  };
  return {
    writer: (write: (file: SiteFile) => void) => (file: SiteFile) => {
      // Encoded once, for the file and for its copies.
      const data = typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents;
      write({ path: file.path, contents: data });
      add(file.path, data);
    },
    async finish(...copied: string[]): Promise<void> {
      for (const sub of copied.filter((name) => existsSync(join(folder, name)))) {
        for (const entry of readdirSync(join(folder, sub), { recursive: true, withFileTypes: true })) {
          const path = relative(folder, join(entry.parentPath, entry.name));
          if (entry.isFile() && compressible.test(path)) add(path, readFileSync(join(folder, path)));
        }
      }
      await Promise.all(pending);
    },
  };
}

/**
 * Most files of a build are as the previous one left them; a link to their compressed copies
 * costs a thousandth of compressing them again. False when there is nothing to link.
 */
function linkedFromPrevious(old: string, target: string, data: Buffer): boolean {
  try {
    if (!readFileSync(old).equals(data)) return false;
    const copies = compressedCopies(target);
    compressedCopies(old).forEach((copy, index) => linkSync(copy.file, copies[index]!.file));
    return true;
  } catch {
    return false;
  }
}

/** Writes the compressed copies of files already written under `folder` (the client bundle). */
export async function compressFiles(folder: string, paths: string[], effort: Effort): Promise<void> {
  await Promise.all(paths.filter((path) => compressible.test(path)).map((path) => {
    const data = readFileSync(join(folder, path));
    return data.length > smallest ? compressInPool(join(folder, path), data, effort) : undefined;
  }));
}

async function compressInPool(file: string, data: Buffer, effort: Effort): Promise<void> {
  const [brotli, gzipped] = await Promise.all([brotliInPool(data, brotliOptions(data, effort)), gzipInPool(data, { level: effort.gzip })]);
  const copies = compressedCopies(file);
  writeFileSync(copies[0].file, brotli);
  writeFileSync(copies[1].file, gzipped);
}

function compressHere(file: string, data: Buffer, effort: Effort): void {
  const copies = compressedCopies(file);
  writeFileSync(copies[0].file, brotliCompressSync(data, brotliOptions(data, effort)));
  writeFileSync(copies[1].file, gzipSync(data, { level: effort.gzip }));
}

function brotliOptions(data: Buffer, effort: Effort): BrotliOptions {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: effort.brotli, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } };
}
