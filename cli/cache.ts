import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectPath } from './paths.ts';

/**
 * The build cache: what one build made that the next can reuse (the compiled schema validators,
 * the parsed content, the zh_CN conversions, the search indexes, the client bundle, the compressed
 * pages). It lives in node_modules/.cache/esg, which is never committed and goes with `npm ci`;
 * ESG_CACHE_DIR moves it (a CI cache, a test). Deleting it is always safe.
 *
 * Every entry follows one rule. An entry is a folder named for what it holds, with a manifest of
 * what it was made from: a key (the hash of the settings and package versions that made it) and
 * the content hash of each input file. It is fresh while the key is the same and every input
 * hashes as it did; anything else is a miss, and the work is done again. The compressed copies of
 * pages (cli/build/output/compress.ts) need no manifest: each is named by the hash of what it compresses.
 *
 * What depends on the tool alone, the compiled schema validators and the client bundle, is made
 * at install too (scripts/compile.js runs cli/installCache.ts): entries in dist/cache follow the
 * same rule and are used when the build cache has no fresh one, so the first build after
 * `npm install` compiles and bundles nothing. Builds never write there.
 */
export function cacheDir(...parts: string[]): string {
  return join(process.env.ESG_CACHE_DIR ?? projectPath('node_modules/.cache/esg'), ...parts);
}

/** The entries made at install (scripts/compile.js). */
export const installedCacheDir = projectPath('dist/cache');

/** A hex SHA-256 of texts, buffers or plain values (as JSON), for cache keys. */
export function hashOf(...parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' || Buffer.isBuffer(part) ? part : JSON.stringify(part)).update('\0');
  return hash.digest('hex');
}

/** A hash to feed a file's contents piece by piece as it is written; `digest('hex')` gives its `contentHash`. */
export function contentHasher() {
  return createHash('sha256');
}

/** The content hash of a file's bytes (or text, as UTF-8), as entries' manifests hold it. */
export function contentHash(data: string | Buffer): string {
  return contentHasher().update(data).digest('hex');
}

/** The content hash of a file, or undefined when it cannot be read. */
export function hashOfFile(file: string): string | undefined {
  try {
    return contentHash(readFileSync(file));
  } catch {
    return undefined;
  }
}

interface Manifest {
  key: string;
  /** Each input file with its content hash when the entry was made. */
  inputs: Record<string, string | undefined>;
  /** The entry's own files with their content hashes: a damaged entry is a miss, never used. */
  files: Record<string, string | undefined>;
}

const manifestFile = 'manifest.json';

/** The folder of the entry `name` when it is fresh for `key`, every file of it checked; undefined otherwise. */
export function freshEntry(name: string, key: string): string | undefined {
  const fresh = freshManifest(name, key);
  if (!fresh) return undefined;
  for (const [file, hash] of Object.entries(fresh.manifest.files)) if (hashOfFile(join(fresh.folder, file)) !== hash) return undefined;
  return fresh.folder;
}

/**
 * The entry `name` when it is fresh for `key`, for an entry whose files are read rather than linked
 * or imported: each file is checked against the manifest as `read` reads it (it throws for a
 * damaged one), so a file is read once, and one that is not needed is not read at all.
 */
export function entryReader(name: string, key: string): { inputs: string[]; read(file: string): Buffer } | undefined {
  const fresh = freshManifest(name, key);
  if (!fresh) return undefined;
  const { folder, manifest } = fresh;
  return {
    inputs: Object.keys(manifest.inputs),
    read(file) {
      const data = readFileSync(join(folder, file));
      if (contentHash(data) !== manifest.files[file]) throw new Error(`the build cache's ${name}/${file} is not as it was saved`);
      return data;
    },
  };
}

/**
 * The manifest of the entry `name` when it was made for `key` from inputs that are all unchanged,
 * in the build cache or else among the entries made at install; its own files unchecked.
 */
function freshManifest(name: string, key: string): { folder: string; manifest: Manifest } | undefined {
  for (const folder of [cacheDir(name), join(installedCacheDir, name)]) {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(folder, manifestFile), 'utf8')) as Manifest;
    } catch {
      continue;
    }
    if (manifest.key === key && manifest.files && Object.entries(manifest.inputs).every(([file, hash]) => hashOfFile(file) === hash))
      return { folder, manifest };
  }
  return undefined;
}

/**
 * Saves the entry `name`: `fill` writes its files into a fresh folder, which then replaces the
 * old entry whole, so no reader ever sees half of one (two builds may save at once). `inputs` are
 * the files it was made from. `fill` may return the content hash of files it wrote (`hashedWrite`,
 * or hashed as it wrote them): the others are read back to be hashed. False when the cache cannot
 * be written: a read-only install still works, it only does the work again next time.
 */
export function saveEntry(name: string, key: string, inputs: string[], fill: (folder: string) => Record<string, string> | void): boolean {
  const target = cacheDir(name);
  const staging = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(staging, { recursive: true });
    const hashed = fill(staging) ?? {};
    const files = readdirSync(staging, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(staging, join(entry.parentPath, entry.name)));
    const manifest: Manifest = {
      key,
      inputs: hashes(inputs),
      files: Object.fromEntries(files.map((file) => [file, hashed[file] ?? hashOfFile(join(staging, file))])),
    };
    writeFileSync(join(staging, manifestFile), JSON.stringify(manifest));
    const old = `${staging}.old`;
    if (existsSync(target)) renameSync(target, old);
    renameSync(staging, target);
    rmSync(old, { recursive: true, force: true });
    return true;
  } catch {
    try {
      rmSync(staging, { recursive: true, force: true });
    } catch {
      // Nothing could be made there.
    }
    return false;
  }
}

function hashes(files: string[]): Record<string, string | undefined> {
  return Object.fromEntries(files.map((file) => [file, hashOfFile(file)]));
}

const valueFile = 'value.json';

/**
 * Values this process read or saved, with the manifest they came with: a long-running process
 * (`esg dev`, a build after each save) reads an entry again only when another process replaced it.
 * A value read is shared: callers never change it.
 */
const remembered = new Map<string, { key: string; stamp: string; value: unknown }>();

/** An entry's manifest as it is on disk now: saving replaces it, so another inode, size or time is another entry. */
function stampOf(name: string): string | undefined {
  try {
    const { ino, size, mtimeMs } = statSync(join(cacheDir(name), manifestFile));
    return `${ino} ${size} ${mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** The value saved under `name` by `saveValue` when it is fresh for `key`. */
export function readValue<T>(name: string, key: string): T | undefined {
  const known = remembered.get(cacheDir(name));
  if (known?.key === key && known.stamp === stampOf(name)) return known.value as T;
  const entry = entryReader(name, key);
  if (!entry) return undefined;
  try {
    const value = JSON.parse(entry.read(valueFile).toString('utf8')) as T;
    remember(name, key, value, entry.inputs);
    return value;
  } catch {
    return undefined;
  }
}

/** Writes a file of an entry and gives its content hash, for `saveEntry`'s manifest: `{ [name]: hash }`. */
export function hashedWrite(folder: string, name: string, data: string | Buffer): Record<string, string> {
  writeFileSync(join(folder, name), data);
  return { [name]: contentHash(data) };
}

/** Saves a JSON value made for `key` (and from `inputs`) for `readValue`. */
export function saveValue(name: string, key: string, value: unknown, inputs: string[] = []): boolean {
  const saved = saveEntry(name, key, inputs, (folder) => hashedWrite(folder, valueFile, JSON.stringify(value)));
  if (saved) remember(name, key, value, inputs);
  return saved;
}

/** Keeps a value of an entry without inputs (whose freshness the manifest's stamp tells alone). */
function remember(name: string, key: string, value: unknown, inputs: string[]): void {
  const stamp = inputs.length ? undefined : stampOf(name);
  if (stamp) remembered.set(cacheDir(name), { key, stamp, value });
  else remembered.delete(cacheDir(name));
}

/**
 * Hard-links a file of the cache into the site (creating files is much of what a build costs), or
 * copies it when the cache is on another disk. An existing `to` is the same file: its name is its hash.
 */
export function linkOrCopy(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return true;
    try {
      copyFileSync(from, to);
      return true;
    } catch {
      return false;
    }
  }
}

/** The hash of the installed packages (npm's record of node_modules), for the keys of what a package's code makes. */
export function packagesHash(): string {
  return hashOfFile(projectPath('node_modules/.package-lock.json')) ?? '';
}

/** A function of a text whose results a `TextMemo` keeps, under `name`, for a key of what they depend on (a package's version, options). */
export interface TextFunction {
  name: string;
  /** Asked once, when the cache is first read. */
  key: () => string;
  make: (text: string) => string;
}

/**
 * A `TextFunction`'s results, kept in the build cache for the next build: the zh_CN conversions
 * (content/convert.ts), the events' Markdown rendered (content/markdown.ts). Each text is made
 * once; a build whose texts were all made before never loads the package that makes them. Only
 * the texts asked for are kept: a one-off build's, or, a `TextMemo` being a build session's
 * (cli/build/session.ts), a long-running process's since it started.
 */
export class TextMemo {
  private state: { cache: string; known: Map<string, string>; used: Map<string, string>; added: boolean; saved: boolean } | undefined;
  private keyMade: string | undefined;

  constructor(private readonly fn: TextFunction) {}

  private get key(): string {
    return (this.keyMade ??= this.fn.key());
  }

  get(text: string): string {
    const state = this.loaded();
    // Every text of this process is in `known`; `used` lists those it asked for.
    let made = state.known.get(text);
    if (made === undefined) {
      made = this.fn.make(text);
      state.known.set(text, made);
      state.added = true;
    }
    state.used.set(text, made);
    return made;
  }

  /**
   * Loads what `make` needs (its package, its tables) without keeping a text: a process that
   * builds again does it while it waits, so the first edit does not wait for it.
   */
  prepare(): void {
    this.fn.make('');
  }

  /**
   * Keeps what was made for the next build: written when a text was made anew, or, the first
   * time, when the cache held texts this build did not ask for.
   */
  save(): void {
    const { state } = this;
    if (!state) return;
    const { known, used, added, saved } = state;
    if (added || (!saved && used.size !== known.size)) saveValue(this.fn.name, this.key, Object.fromEntries(used));
    state.added = false;
    state.saved = true;
  }

  /** Read once, again if the cache has moved. */
  private loaded(): NonNullable<TextMemo['state']> {
    const cache = cacheDir();
    if (this.state?.cache !== cache)
      this.state = {
        cache,
        known: new Map(Object.entries(readValue<Record<string, string>>(this.fn.name, this.key) ?? {})),
        used: new Map(),
        added: false,
        saved: false,
      };
    return this.state;
  }
}
