import type { Worker } from 'node:worker_threads';
import { TextMemo } from '../cache.ts';
import { simplifiedTexts } from '../content/convert.ts';
import type { CheckedFile, LoadedFile } from '../content/documents.ts';
import { markdownTexts } from '../content/markdown.ts';
import type { RenderedFile } from '../siteFiles.ts';

/**
 * Everything a process that builds again keeps from one build for the next, in one object: `esg
 * dev`, `esg edit` and the tests make a session and give it to every build of one content folder
 * (`build({ session })`). A save changes one file; what the last build made of the others is found
 * here, so the next build does the work for the changed file alone, and gives the same output as
 * a clean build (tests/build/session.test.ts). A build given no session makes its own and lets it go:
 * it keeps nothing. No module of the build keeps anything of its own (tests/architecture).
 *
 * Each field says which part of the build keeps it. What depends on the code alone (a package's
 * tables, the hash of the code) is made once per process instead (cli/once.ts).
 */
export class BuildSession {
  /** What `remembered` functions made, by function and by the object they were given (below). */
  readonly memos = new WeakMap<object, WeakMap<object, { args: unknown[]; value: unknown }[]>>();

  /** The texts converted to Simplified script, and the events' Markdown rendered (cli/cache.ts `TextMemo`). */
  readonly simplified = new TextMemo(simplifiedTexts);
  readonly markdown = new TextMemo(markdownTexts);

  /**
   * The Markdown files the last load read, by absolute path, and the folder it ran in (their paths
   * as shown depend on it): an unchanged file's front matter and body are taken from here, split
   * once (stages/01-load.ts).
   */
  markdownFiles = { cwd: '', files: new Map<string, LoadedFile>() };

  /**
   * The checks of the last build, by file, with the text they were made from: an unchanged file's
   * document is taken from here, the same object as before, so the stages after the checks keep
   * what they made of it too (`remembered`; stages/02-validate.ts).
   */
  checks = new Map<string, { text: string; checked: CheckedFile }>();

  /**
   * Each page's fingerprint by its address, with what it was made from: the next build's page made
   * from the very same objects has the same fingerprint, found without hashing (stages/09-render.tsx).
   * Holding every page's inputs, it is kept for a site of at most 10,000 pages (build/index.ts `largeSite`).
   */
  readonly fingerprints = new Map<string, { head: unknown[]; inputs: unknown; fingerprint: string }>();

  /**
   * The texts of the files (not pages) the last build wrote, with their hashes, by path: most are
   * made again the same (the same string), and comparing takes no time where hashing them took a
   * tenth of a rebuild at 1,000 events (record/incremental.ts).
   */
  readonly hashed = new Map<string, { contents: string; hash: string }>();

  /** The open data files the last build made, with what they were made from: made again only after metrics.yaml changes (stages/10-emit/openData.ts). */
  openData: { from: unknown[]; files: RenderedFile[] } | undefined;

  /**
   * The search thread that served the last build and waits for the next, with the indexes it made
   * in memory when the build held them, and the build cache it uses (stages/12-search.ts).
   */
  searchThread: { thread: Worker; cache: string } | undefined;

  /** What the last build does after giving its result (saving its caches): the next build waits for it (build/index.ts). */
  settling: Promise<void> = Promise.resolve();

  /** Ends what the session holds open (its search thread), once its last build has settled: a process ends it before it exits. */
  async close(): Promise<void> {
    await this.settling;
    const waiting = this.searchThread;
    this.searchThread = undefined;
    await waiting?.thread.terminate();
  }
}

/**
 * `make` remembered for each object it was given, while that object lives, with the other
 * arguments it was made with (compared by identity), in the session it is called with: called
 * again with the same, it gives the same value without the work. A few argument lists are kept per
 * object (a document's figures in each locale).
 *
 * The content checks give each unchanged file the same document object as the build before, so
 * every stage after them that makes something of a document through this (its zh_CN conversion,
 * its figures written out, its hash) does the work for the changed file alone. A one-off build
 * gains nothing and loses nothing.
 */
export function remembered<K extends object, A extends unknown[], V>(
  make: (session: BuildSession, key: K, ...args: A) => V,
): (session: BuildSession, key: K, ...args: A) => V {
  // Only the arguments `make` declares count: given to Array.map, it is also passed the index and
  // the array, a new one every build, and nothing would be found again.
  const counted = make.length - 2;
  return (session, key, ...passed) => {
    let made = session.memos.get(make) as WeakMap<K, { args: A; value: V }[]> | undefined;
    if (!made) session.memos.set(make, (made = new WeakMap()));
    const args = passed.slice(0, counted) as A;
    const list = made.get(key) ?? [];
    const found = list.find((entry) => entry.args.every((arg, index) => arg === args[index]));
    if (found) return found.value;
    const value = make(session, key, ...args);
    made.set(key, [{ args, value }, ...list.slice(0, kept - 1)]);
    return value;
  };
}

/** Argument lists remembered per object: more than the locales of a site. */
const kept = 4;
