import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { cacheDir, hashOf } from '../../cache.ts';
import { compressedCopies } from '../../siteFiles.ts';
import { fileWriter, type OutputFile } from './staging.ts';

/** How hard brotli (quality 0–11) and gzip (level 1–9) try. */
export interface Effort {
  brotli: number;
  gzip: number;
}

/**
 * Pages and search files are compressed again by every build that changes them: on them brotli 5
 * saves 96% of what brotli 11 does, in a sixtieth of its time; gzip 5 takes a fifth less time
 * than gzip 6 for copies 0.4% larger.
 */
const pageEffort: Effort = { brotli: 5, gzip: 5 };
/** The client bundle is compressed once and cached with it (07-bundle.ts), and every visitor downloads it. */
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

/** How a build writes its files: with compressed copies or not, and whether the stored copies it did not use stay. */
export interface WriteOptions {
  compress: boolean;
  keepUnused?: boolean;
}

/**
 * The files of a build, written under `folder`, with their compressed copies when the build makes
 * them (`esg build --compress`, for the hosts that send copies as they are: nginx, `esg serve`).
 * `finish` waits for the copies of what was written and adds those of the `copied` folders.
 */
export function fileWrites(folder: string, { compress, keepUnused = false }: WriteOptions) {
  if (!compress) return { write: fileWriter(folder), finish: async (..._copied: string[]) => {} };
  const compression = compressor(folder, { keepUnused });
  return { write: compression.writer(fileWriter(folder)), finish: (...copied: string[]) => compression.finish(...copied) };
}

/**
 * The build's compression, run by the writer thread (writeThread.ts). `writer` wraps its file writer: each file worth it gets its
 * compressed copies beside it, linked from the build cache when an earlier build made them for
 * the same file, else made in the thread pool while the build renders on. `finish` adds the files
 * of folders the build copied rather than wrote, then waits for all, and lets go of the stored
 * copies this build did not use (`keepUnused` keeps them).
 */
function compressor(folder: string, { keepUnused = false } = {}) {
  const store = copyStore();
  const pending = new Set<Promise<void>>();
  /** The jobs compressing each file's contents now: a file with the same contents waits for its copies (the default locale's API is also under api/). */
  const making = new Map<string, Promise<void>>();
  const add = (path: string, contents: string | Buffer) => {
    if (!compressible.test(path)) return;
    const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (data.length <= smallest) return;
    const target = join(folder, path);
    const key = hashOf(pageEffort, data);
    if (store.link(key, target)) return;
    const same = making.get(key);
    if (!same && pending.size >= inFlight) {
      compressHere(target, data, pageEffort);
      return store.keep(key, target);
    }
    const compress = () => compressInPool(target, data, pageEffort).then(() => store.keep(key, target));
    // Linked once the same contents' copies are stored, unless the cache cannot hold them.
    const job = (same ? same.then(() => (store.link(key, target) ? undefined : compress())) : compress()).finally(() => {
      pending.delete(job);
      if (making.get(key) === job) making.delete(key);
    });
    // Awaited by finish; a build that fails before deletes the folder these are written into.
    job.catch(() => undefined);
    pending.add(job);
    if (!same) making.set(key, job);
  };
  return {
    writer: (write: (file: OutputFile) => void) => (file: OutputFile) => {
      write(file);
      add(file.path, file.contents);
    },
    async finish(...copied: string[]): Promise<void> {
      for (const sub of copied.filter((name) => existsSync(join(folder, name)))) {
        for (const entry of readdirSync(join(folder, sub), { recursive: true, withFileTypes: true })) {
          const path = relative(folder, join(entry.parentPath, entry.name));
          if (entry.isFile() && compressible.test(path)) add(path, readFileSync(join(folder, path)));
        }
      }
      await Promise.all(pending);
      // An incremental build (incremental.ts) compresses only what changed: the rest is still in use.
      if (!keepUnused) store.forgetUnused();
    },
  };
}

/**
 * Compressed copies in the build cache (cli/cache.ts), named by the hash of their file and effort.
 * Most files of a build are as an earlier build left them, and on a disk where creating a file
 * costs most of a millisecond, a hard link to their copies is cheaper than writing them, let alone
 * compressing them again. No copy is ever written in place (staging.ts removes a page's copies before
 * it rewrites the page), so out/ and the cache may share them. Each build keeps what it used.
 */
function copyStore() {
  const folder = cacheDir('compressed');
  const used = new Set<string>();
  const stored = (key: string) => compressedCopies(join(folder, key));
  /**
   * The keys stored, listed once `listAfter` links have failed (a cold build, or many changed
   * files): from then on a file the cache lacks costs no failed link (a cold build of 1,000 events
   * has 5,800, each a system call and an error). Copies another build stores after the listing
   * are made again.
   */
  let known: Set<string> | undefined;
  let misses = 0;
  try {
    mkdirSync(folder, { recursive: true });
  } catch {
    // A read-only install: every link below fails, and the build compresses everything.
  }
  return {
    /** Links the stored copies for `key` beside `target`; false when the cache has none. */
    link(key: string, target: string): boolean {
      used.add(key);
      if (known && !known.has(key)) return false;
      const copies = compressedCopies(target);
      let tried = 0;
      try {
        for (const copy of stored(key)) linkSync(copy.file, copies[tried++]!.file);
        return true;
      } catch (error) {
        // Not stored: the first link made nothing. Else half a pair (another build let go of the
        // other meanwhile) would be written over in place.
        if (tried > 1 || (error as NodeJS.ErrnoException).code !== 'ENOENT') for (const copy of copies) rmSync(copy.file, { force: true });
        if (!known && ++misses === listAfter) known = storedKeys(folder);
        return false;
      }
    },
    /** Stores the copies just made beside `target`. */
    keep(key: string, target: string): void {
      const copies = compressedCopies(target);
      for (const [index, copy] of stored(key).entries()) {
        try {
          linkSync(copies[index]!.file, copy.file);
        } catch {
          // Stored by another build meanwhile, or a cache on another disk.
        }
      }
      known?.add(key);
    },
    forgetUnused(): void {
      try {
        for (const name of readdirSync(folder)) if (!used.has(name.replace(/\.\w+$/, ''))) rmSync(join(folder, name), { force: true });
      } catch {
        // No cache.
      }
    },
  };
}

/** Failed links after which the store lists what it holds (`copyStore`). */
const listAfter = 64;

/** The keys whose brotli copy is in the store's folder; an empty set when it cannot be read. */
function storedKeys(folder: string): Set<string> {
  try {
    return new Set(
      readdirSync(folder)
        .filter((name) => name.endsWith('.br'))
        .map((name) => name.slice(0, -'.br'.length)),
    );
  } catch {
    return new Set();
  }
}

/** Writes the compressed copies of files already written under `folder` (the client bundle). */
export async function compressFiles(folder: string, paths: string[], effort: Effort): Promise<void> {
  await Promise.all(
    paths
      .filter((path) => compressible.test(path))
      .map((path) => {
        const data = readFileSync(join(folder, path));
        return data.length > smallest ? compressInPool(join(folder, path), data, effort) : undefined;
      }),
  );
}

async function compressInPool(file: string, data: Buffer, effort: Effort): Promise<void> {
  const copies = compressedCopies(file);
  await Promise.all([
    brotliInPool(data, brotliOptions(data, effort)).then((brotli) => writeFile(copies[0].file, brotli)),
    gzipInPool(data, { level: effort.gzip }).then((gzipped) => writeFile(copies[1].file, gzipped)),
  ]);
}

function compressHere(file: string, data: Buffer, effort: Effort): void {
  const copies = compressedCopies(file);
  writeFileSync(copies[0].file, brotliCompressSync(data, brotliOptions(data, effort)));
  writeFileSync(copies[1].file, gzipSync(data, { level: effort.gzip }));
}

function brotliOptions(data: Buffer, effort: Effort): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort.brotli,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  };
}
