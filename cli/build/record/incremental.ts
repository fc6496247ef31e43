import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, type Stats } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashOf, hashOfFile, packagesHash, readValue, saveValue } from '../../cache.ts';
import { projectPath } from '../../paths.ts';
import { bundleFolder, compressedCopies, reportsFolder, type RenderedFile } from '../../siteFiles.ts';
import type { AssetFile } from '../output/staging.ts';
import { once } from '../../once.ts';
import type { BuildSession } from '../session.ts';

/**
 * Incremental builds. Each build into an out/ folder leaves a record in the build cache
 * (cli/cache.ts): every file it wrote there with its size, time and inode as written, and for each
 * page what it was made from: the fingerprint of its inputs (pageKinds.tsx `inputs`, its locale's
 * shell, its alternates) and the answers to what it asked while it rendered (does a route exist,
 * what is this image's size).
 *
 * The next build into the same folder, by the same code and packages, renders only the pages
 * whose fingerprint or answers differ, or whose file in out/ is not as the record left it; the
 * other files it makes (the sitemap, the events API, the search index…) it writes only when their
 * contents differ. What it writes goes to a staging folder as a full build's does, and only once
 * every stage succeeded is it moved into out/, with the files the build no longer makes removed: a
 * build that fails leaves out/ as it was. The result is the same, byte for byte, as a clean build's
 * (tests/build/incremental.test.ts builds both ways and compares every file).
 *
 * Without a record (the first build, `--clean`, other code or packages) the build is a full one
 * into a staging folder that replaces out/ whole.
 */
interface Record {
  /** Every file of out/ the build made (not the compressed copies beside them): its stat and signature. */
  outputs: { [path: string]: Output };
  pages: { [path: string]: PageMade };
  /**
   * What pages asked while they rendered (`route:event/x`, `image:/assets/a.jpg`), each list once:
   * most pages ask the same (their menu's links), so 30,000 pages share a few hundred lists.
   */
  probeSets: string[][];
}

/** [size, mtimeMs, ino] as written, and the hash of the contents for files made other than by rendering a page. */
type Output = [number, number, number, string?];

/** What a rendered page was made from, as `09-render.tsx` tells it. */
export interface PageMade {
  fingerprint: string;
  /** What the page asked while it rendered (its list in `probeSets`), and the hash of the answers. */
  probes: number;
  answers: string;
  /** The hash site search indexed the page by ('' when it left the page out), for the next build's search thread. */
  search?: string;
}

const recordName = (outDir: string) => `build-record-${hashOf(resolve(outDir)).slice(0, 16)}`;

/** The compiled command when it runs from dist/ (its chunks are named by their content); else the sources. */
function codeFiles(): string[] {
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) return [projectPath('dist/cli.js')];
  return ['cli', 'templates', 'widgets', 'schemas'].flatMap((folder) =>
    readdirSync(projectPath(folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort(),
  );
}

/** The code and the installed packages that made a build (once per process: it runs one code). */
const codeAndPackages = once(() =>
  hashOf(
    'build-record',
    process.version,
    codeFiles().map((file) => [relative(projectPath('.'), file), hashOfFile(file)]),
    packagesHash(),
  ),
);

/**
 * What a record is valid for: the code and packages, and whether the build wrote compressed
 * copies. A build with the other setting is a full one: kept files would keep copies of another
 * build, or lack them.
 */
function recordKey(compress: boolean): string {
  return hashOf(codeAndPackages(), compress);
}

function statOf(stats: Stats): [number, number, number] {
  return [stats.size, stats.mtimeMs, stats.ino];
}

/** Whether out/'s file is still the one the record describes. */
function intact(file: string, output: Output | undefined): boolean {
  if (!output) return false;
  try {
    const [size, mtime, ino] = statOf(statSync(file));
    return size === output[0] && mtime === output[1] && ino === output[2];
  } catch {
    return false;
  }
}

/**
 * The record of the last build into `outDir`, and the next one as this build makes it. `previous`
 * is empty for a full build.
 */
export class BuildRecord {
  /** Pages rendered, pages taken from out/ unchanged, other files written or kept. */
  readonly counts = { rendered: 0, kept: 0, written: 0, same: 0 };
  /** The files of out/ this build wrote or removed (an incremental build; a full one writes all). */
  readonly changed = { written: [] as string[], removed: [] as string[] };
  private readonly next: Record = { outputs: {}, pages: {}, probeSets: [] };
  /** The next record's probe lists by their text, the answers' hash of each, and where each list of the last record went. */
  private readonly probeIndex = new Map<string, number>();
  private readonly answerHashes: string[] = [];
  private readonly previousProbes = new Map<number, number>();
  private readonly staged: string[] = [];
  /** Staged pages, and the copied files they show, already moved into out/ by `publishPages`: only their compressed copies are left to move. */
  private readonly published = new Set<string>();
  /** The copied files among them, no longer in the staging folder. */
  private readonly publishedCopies: string[] = [];

  private constructor(
    readonly outDir: string,
    private readonly previous: Record | undefined,
    private readonly saves: boolean,
    private readonly key: string,
  ) {}

  /**
   * The record of the last build into `outDir`, unless `clean`, or it was made by other code or
   * with the other `compress` setting, or there is no out/. `save` false leaves no record for the
   * next build.
   */
  static open(outDir: string, { clean = false, save = true, compress = false } = {}): BuildRecord {
    const folder = resolve(outDir);
    const key = recordKey(compress);
    const previous = clean || !save || !existsSync(folder) ? undefined : readValue<Record>(recordName(folder), key);
    return new BuildRecord(folder, previous, save, key);
  }

  /** Whether this build changes out/ file by file (true) or replaces it whole. */
  get incremental(): boolean {
    return this.previous !== undefined;
  }

  /**
   * What the page at `path` was made from when it needs no rendering: out/ holds it as the last
   * build wrote it from the same fingerprint, and `answer` gives what its probes answered then.
   */
  keeps(path: string, fingerprint: string, answer: (probe: string) => unknown): PageMade | undefined {
    const made = this.previous?.pages[path];
    const output = this.previous?.outputs[path];
    if (!made || made.fingerprint !== fingerprint || !intact(join(this.outDir, path), output)) return undefined;
    let probes = this.previousProbes.get(made.probes);
    if (probes === undefined) this.previousProbes.set(made.probes, (probes = this.probeSet(this.previous!.probeSets[made.probes] ?? [], answer)));
    if (this.answerHashes[probes] !== made.answers) return undefined;
    this.next.pages[path] = { ...made, probes };
    this.next.outputs[path] = output!;
    this.counts.kept++;
    return made;
  }

  /** A list of probes in the next record, with the hash of its answers now. */
  private probeSet(probes: string[], answer: (probe: string) => unknown): number {
    const text = probes.join('\n');
    let index = this.probeIndex.get(text);
    if (index === undefined) {
      index = this.next.probeSets.push(probes) - 1;
      this.probeIndex.set(text, index);
      this.answerHashes[index] = hashOf(probes.map(answer));
    }
    return index;
  }

  /** Notes the hash the search thread indexed each page by (searchThread.ts `pageHashes`). */
  searched(hashes: { [path: string]: string }): void {
    for (const [path, search] of Object.entries(hashes)) {
      const made = this.next.pages[path];
      if (made && made.search !== search) this.next.pages[path] = { ...made, search };
    }
  }

  /**
   * Notes a page rendered, before it is written: its fingerprint and what it asked (`answer` gives
   * the answers now). Without them the page is rendered again by the next build.
   */
  rendered(path: string, made?: { fingerprint: string; probes: string[]; answer: (probe: string) => unknown }): void {
    this.counts.rendered++;
    if (!made) return;
    const probes = this.probeSet(made.probes, made.answer);
    this.next.pages[path] = { fingerprint: made.fingerprint, probes, answers: this.answerHashes[probes]! };
  }

  /**
   * Wraps the build's writer: a file the last build wrote with the same contents, still intact in
   * out/, is kept rather than written again (an incremental build); any other is written to the
   * staging folder, to be moved into out/ by `finish`. A session that holds what it builds gives
   * `hashed`, where each file's text is kept with its hash, so only the texts that changed are hashed.
   */
  writer(write: (file: RenderedFile) => void, hashed?: BuildSession['hashed']): (file: RenderedFile) => void {
    const contentsHash = (file: RenderedFile) => {
      if (!hashed) return hashOf(file.contents);
      const known = hashed.get(file.path);
      if (known?.contents === file.contents) return known.hash;
      const hash = hashOf(file.contents);
      hashed.set(file.path, { contents: file.contents, hash });
      return hash;
    };
    return (file) => {
      const page = this.next.pages[file.path];
      const hash = page ? undefined : contentsHash(file);
      const output = this.previous?.outputs[file.path];
      if (hash && output?.[3] === hash && intact(join(this.outDir, file.path), output)) {
        this.next.outputs[file.path] = output;
        this.counts.same++;
        return;
      }
      this.staged.push(file.path);
      this.next.outputs[file.path] = [0, 0, 0, hash];
      if (!page) this.counts.written++;
      write(file);
    };
  }

  /**
   * Whether out/ has each of `files` as the last build copied it there (content/assets, `copyAssets`):
   * not when one is new, or was changed since (its time is later than its copy's).
   */
  hasCopies(files: AssetFile[]): boolean {
    return files.every(({ path, size, mtimeMs }) => {
      const output = this.previous?.outputs[path];
      return output !== undefined && output[0] === size && output[1] >= mtimeMs;
    });
  }

  /**
   * An incremental build's pages, moved into out/ before the build ends (`esg dev` reloads the
   * browser then, while the search index is made), after the photographs' encodings new to out/
   * (taken from the build cache: a build that encodes one publishes at its end); their compressed
   * copies follow at `finish`. The paths of the pages moved.
   */
  publishPages(staging: string): string[] {
    if (!this.previous) return [];
    // The files the pages show go first: a photograph's encodings taken from the build cache, and
    // files of content/assets copied before the pages (index.ts), new to out/.
    const copies = copiedFiles(staging).filter((path) => !sameFile(join(staging, path), join(this.outDir, path)));
    const pages = this.staged.filter((path) => path.endsWith('.html') && !this.published.has(path));
    for (const path of [...copies, ...pages]) {
      moveWithCopies(staging, this.outDir, path, 'publish');
      this.published.add(path);
    }
    this.publishedCopies.push(...copies);
    return pages;
  }

  /**
   * Ends the build: a full build swaps `staging` in for out/ (`swapIn`); an incremental one moves
   * into out/ what it staged (the files written, with their compressed copies, and the copied
   * files that differ from out/'s) and removes what the last build made and this one did not.
   * Then the next record has each file as it now is in out/ (`save` keeps it).
   */
  finish(staging: string, swapIn: () => void): void {
    // The copied files published with the pages are no longer in staging, but for their compressed copies.
    const copied = [...copiedFiles(staging), ...this.publishedCopies].filter((path) => !this.next.outputs[path]);
    if (!this.previous) {
      swapIn();
      if (!this.saves) return;
    } else {
      const moved = [...this.staged, ...copied.filter((path) => this.published.has(path) || !sameFile(join(staging, path), join(this.outDir, path)))];
      for (const path of moved) moveWithCopies(staging, this.outDir, path, this.published.has(path) ? 'copiesOnly' : undefined);
      const made = new Set(copied);
      const removed = Object.keys(this.previous.outputs).filter((path) => !this.next.outputs[path] && !made.has(path));
      for (const path of removed)
        for (const file of [path, ...compressedCopies(path).map((copy) => copy.file)]) rmSync(join(this.outDir, file), { force: true });
      removeEmptyFolders(this.outDir, removed);
      this.changed.written.push(...moved);
      this.changed.removed.push(...removed);
    }
    for (const path of [...this.staged, ...copied]) {
      try {
        this.next.outputs[path] = [...statOf(statSync(join(this.outDir, path))), this.next.outputs[path]?.[3]];
      } catch {
        delete this.next.outputs[path];
      }
    }
  }

  /** Keeps the record for the next build into out/, after `finish`. */
  save(): void {
    if (this.saves) saveValue(recordName(this.outDir), this.key, this.next);
  }
}

/** Where a build puts files it copies or links rather than writes: the client bundle, the photographs, content/assets, the report PDFs. */
const copiedFolders = [bundleFolder, 'assets', reportsFolder];

/** The files of `copiedFolders` under `folder`, compressed copies aside. */
function copiedFiles(folder: string): string[] {
  return copiedFolders
    .filter((sub) => existsSync(join(folder, sub)))
    .flatMap((sub) => readdirSync(join(folder, sub), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/** Files of the bundle and the photographs are named by their content: the same name and size is the same file. */
function sameFile(staged: string, existing: string): boolean {
  try {
    const a = statSync(staged);
    const b = statSync(existing);
    if (a.size !== b.size) return false;
    return a.ino === b.ino || /-[A-Za-z0-9]{8,}\.\w+$/.test(staged) || readFileSync(staged).equals(readFileSync(existing));
  } catch {
    return false;
  }
}

/**
 * Removes the folders of out/ that removing `removed` left empty, up to out/ itself, as a clean
 * build has none: a host would answer a deleted page's folder with a listing or 403, not the 404 page.
 */
function removeEmptyFolders(outDir: string, removed: string[]): void {
  for (const start of new Set(removed.map(dirname))) {
    for (let folder = start; folder !== '.'; folder = dirname(folder)) {
      try {
        rmdirSync(join(outDir, folder));
      } catch {
        break; // Not empty.
      }
    }
  }
}

/**
 * Moves a staged file into out/ over the old one, with its compressed copies (the old ones go
 * first, so none is ever served for the new file). `publish` moves the file alone, before its
 * copies are made; `copiesOnly` moves the copies of a file published before.
 */
function moveWithCopies(staging: string, outDir: string, path: string, part?: 'publish' | 'copiesOnly'): void {
  const target = join(outDir, path);
  if (part !== 'copiesOnly') {
    mkdirSync(dirname(target), { recursive: true });
    for (const copy of compressedCopies(target)) rmSync(copy.file, { force: true });
    renameSync(join(staging, path), target);
  }
  if (part === 'publish') return;
  for (const copy of compressedCopies(join(staging, path)))
    if (existsSync(copy.file)) renameSync(copy.file, `${target}${copy.file.slice(copy.file.lastIndexOf('.'))}`);
}
