import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, extname, join } from 'node:path';
import type { PageImage } from '../../../templates/context.tsx';
import { cacheDir, hashOf, linkOrCopy } from '../../cache.ts';
import { problemAtPlace, type Place } from '../../content/source.ts';
import { errors } from '../../errorCatalogue.ts';
import { ContentErrors, type ContentProblem } from '../../errors.ts';
import { tempDir } from '../../tempDir.ts';
import { bundleFolder } from '../../siteFiles.ts';
import { candidateWidths, encodePhotograph, encoding, readImage, type ImageFormat } from '../../imageEncoding.ts';

/** Photographs and screenshots: published as AVIF, WebP and JPEG at several widths, never as they are. */
const raster = /\.(?:jpe?g|png|webp|avif|tiff?)$/i;
/** Where the encoded files go under out/, beside the client bundle's hashed files (cached for a year). */
export const imageFolder = `${bundleFolder}/img`;
/** The <img>'s own src, for a browser without srcset and for the events API: the widest JPEG up to this. */
const fallbackWidth = 1200;
/**
 * Images encoded at once, each with one of libuv's four threads (sharp's work runs there): one is
 * left to the file system and the compression of pages, and two cores are not shared by more.
 */
const concurrency = Math.max(1, Math.min(availableParallelism(), 3));

/** What the build knows of one photograph: every field naming it, then its size and encodings. */
interface Photograph {
  src: string;
  references: Place[];
  /** The hash of the file and of `encoding`: the name of its encodings in the store. */
  key?: string;
  /** As shown, the EXIF orientation applied. */
  size?: Size;
  /** Found in the store by `check`, encoded by an earlier build. */
  stored?: boolean;
  /** Why it cannot be read. */
  broken?: string;
}

interface Size {
  width: number;
  height: number;
}

export interface ImagesWritten {
  encoded: number;
  cached: number;
}

/**
 * The photographs of the content. The reference check `add`s every raster image a field names and
 * `check`s them all: a file that is no image or is cut short is a problem at each field naming it.
 * Pages then render with `image` (sizes and file names are known before anything is encoded), while
 * `write` encodes what the build cache lacks, a few at a time, and links every photograph's files
 * into the site. Each encoding is kept in the cache under the hash of its file and the encoding
 * settings, so a build with the same photographs encodes nothing.
 */
export function contentImages(contentDir: string) {
  const photographs = new Map<string, Photograph>();
  const store = encodingStore();
  const slot = limiter(concurrency);
  let stopped = false;
  const fileName = (photograph: Photograph, width: number, format: ImageFormat) =>
    `${basename(photograph.src, extname(photograph.src))}-${photograph.key!.slice(0, 10)}-${width}.${format.extension}`;
  const widthsOf = (photograph: Photograph) => candidateWidths(photograph.size!.width);
  const readable = () => [...photographs.values()].filter((photograph) => !photograph.broken);

  const inspect = (photograph: Photograph) =>
    slot(async () => {
      try {
        const bytes = await readFile(join(contentDir, photograph.src));
        photograph.key = hashOf(encoding, bytes);
        photograph.size = store.stored(photograph.key);
        photograph.stored = Boolean(photograph.size);
        photograph.size ??= await readImage(bytes);
      } catch (error) {
        photograph.broken = reason(error);
      }
    });

  const encode = (photograph: Photograph) =>
    slot(async () => {
      if (stopped) return;
      const bytes = await readFile(join(contentDir, photograph.src));
      await encodePhotograph(bytes, widthsOf(photograph), (width, format, data) => store.put(store.file(photograph.key!, width, format), data));
      store.seal(photograph.key!, photograph.size!);
    });

  /** Links (or copies) the photograph's encodings into the site; false when the store lacks one. */
  const publish = (photograph: Photograph, folder: string): boolean => {
    if (stopped) return true;
    for (const width of widthsOf(photograph)) {
      for (const format of encoding.formats) {
        if (!linkOrCopy(store.file(photograph.key!, width, format), join(folder, imageFolder, fileName(photograph, width, format)))) return false;
      }
    }
    return true;
  };

  const problemsOf = (photograph: Photograph): ContentProblem[] =>
    photograph.references.map((place) => problemAtPlace(place, errors.unreadableImage, photograph.src, photograph.broken!));

  return {
    /** A content file names the asset `src` (which exists) at `place`; only raster images are kept. */
    add(src: string, place: Place): void {
      if (!raster.test(src)) return;
      const photograph = photographs.get(src) ?? { src, references: [] };
      photograph.references.push(place);
      photographs.set(src, photograph);
    },

    /** Reads every photograph added: from the store when it was encoded before, else the whole image at a small size. */
    async check(): Promise<ContentProblem[]> {
      await Promise.all([...photographs.values()].map(inspect));
      return [...photographs.values()].filter((photograph) => photograph.broken).flatMap(problemsOf);
    },

    /** The photograph `src` as pages show it; undefined for any other file. */
    image(src: string): PageImage | undefined {
      const photograph = photographs.get(src);
      if (!photograph?.size || photograph.broken) return undefined;
      const widths = widthsOf(photograph);
      const url = (width: number, format: ImageFormat) => `/${imageFolder}/${fileName(photograph, width, format)}`;
      const jpeg = encoding.formats.at(-1)!;
      return {
        src: url(widths.filter((width) => width <= fallbackWidth).at(-1) ?? widths[0]!, jpeg),
        ...photograph.size,
        sources: encoding.formats.map((format) => ({ type: format.type, srcset: widths.map((width) => `${url(width, format)} ${width}w`).join(', ') })),
      };
    },

    /** The photographs' own files, which the site never links to: the copy of content/assets leaves them out. */
    originals(): Set<string> {
      return new Set(readable().map((photograph) => photograph.src));
    },

    /** How many photographs `write` will encode, and how many the build cache has. */
    counts(): ImagesWritten {
      const encoded = readable().filter((photograph) => !photograph.stored).length;
      return { encoded, cached: readable().length - encoded };
    },

    /**
     * Encodes the photographs the store lacks and writes every photograph's files under
     * `folder/_esg/img`. Throws the problems of photographs that could not be encoded after all.
     */
    async write(folder: string): Promise<ImagesWritten> {
      if (readable().length) mkdirSync(join(folder, imageFolder), { recursive: true });
      const written: ImagesWritten = { encoded: 0, cached: 0 };
      await Promise.all(
        readable().map(async (photograph) => {
          try {
            if (photograph.stored && publish(photograph, folder)) return void written.cached++;
            await encode(photograph);
            if (!publish(photograph, folder)) throw new Error('its encodings went missing from the build cache');
            written.encoded++;
          } catch (error) {
            photograph.broken = reason(error);
          }
        }),
      );
      const problems = [...photographs.values()].filter((photograph) => photograph.broken).flatMap(problemsOf);
      if (problems.length) throw new ContentErrors(problems);
      store.forgetAllBut(new Set(readable().map((photograph) => photograph.key!)));
      return written;
    },

    /** A build that failed: nothing more is encoded or written into its folder. */
    stop(): void {
      stopped = true;
    },
  };
}

export type ContentImages = ReturnType<typeof contentImages>;

/**
 * How long encodings no build used stay in the store: builds of other content sharing the cache
 * (`esg dev` and an `esg build` of another branch, CI jobs) may be encoding them or about to link
 * them meanwhile, and each marks those it uses by their size file's modification time.
 */
const unusedGraceMs = 60 * 60 * 1000;

/**
 * The encodings in the build cache (cli/cache.ts), named by the hash of their photograph and the
 * encoding settings, like the compressed copies of pages (compress.ts): `<key>-<width>.<ext>`, and
 * `<key>.json` with the photograph's size, written last, when all of them are there. No file is
 * written in place, so out/ and the cache may share them. Each build keeps what it used, and what
 * another build used or wrote within the last hour (`unusedGraceMs`).
 */
function encodingStore() {
  let folder = cacheDir('images');
  try {
    mkdirSync(folder, { recursive: true });
  } catch {
    // A read-only install: encodings live as long as the command.
    folder = tempDir('esg-images-');
  }
  const sizeFile = (key: string) => join(folder, `${key}.json`);
  const file = (key: string, width: number, format: ImageFormat) => join(folder, `${key}-${width}.${format.extension}`);
  return {
    file,
    /** The size of the photograph `key` when every one of its encodings is stored. */
    stored(key: string): Size | undefined {
      try {
        const size = JSON.parse(readFileSync(sizeFile(key), 'utf8')) as Size;
        const complete = candidateWidths(size.width).every((width) => encoding.formats.every((format) => existsSync(file(key, width, format))));
        if (!complete) return undefined;
        // Used now: another build's `forgetAllBut` leaves it for the grace period.
        touch(sizeFile(key));
        return size;
      } catch {
        return undefined;
      }
    },
    async put(target: string, data: Buffer): Promise<void> {
      const staging = `${target}.${process.pid}.tmp`;
      await writeFile(staging, data);
      await rename(staging, target);
    },
    seal(key: string, size: Size): void {
      const staging = `${sizeFile(key)}.${process.pid}.tmp`;
      writeFileSync(staging, JSON.stringify(size));
      renameSync(staging, sizeFile(key));
    },
    /**
     * Removes the encodings of photographs not in `used` that no build has used or written within
     * the grace period, and files a build stopped on the way left half written (`put`'s `.tmp`).
     */
    forgetAllBut(used: Set<string>): void {
      try {
        // A photograph's files go together, by the newest; a half-written file alone.
        const groups = new Map<string, { names: string[]; touched: number }>();
        for (const name of readdirSync(folder)) {
          const [, key, partial] = /^([0-9a-f]{64})(?:-\d+\.\w+|\.json)(\.\d+\.tmp)?$/.exec(name) ?? [];
          if (!key || (used.has(key) && !partial)) continue;
          const group = partial ? name : key;
          const entry = groups.get(group) ?? { names: [], touched: 0 };
          entry.names.push(name);
          entry.touched = Math.max(entry.touched, statSync(join(folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0);
          groups.set(group, entry);
        }
        const before = Date.now() - unusedGraceMs;
        for (const { names, touched } of groups.values()) if (touched < before) for (const name of names) rmSync(join(folder, name), { force: true });
      } catch {
        // No cache.
      }
    },
  };
}

/** Sets a file's modification time to now; nothing when it cannot (a cache another user owns). */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Then another build may let go of it after the grace period, and this one encodes it again.
  }
}

/** Runs at most `size` tasks at once; the others wait their turn. */
function limiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < size) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** sharp's or the file system's reason, on one line: `VipsJpeg: premature end of JPEG image`. */
function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
}
