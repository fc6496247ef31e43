import { indexUrlPlaceholder } from '../../widgets/search/engine.ts';
import { shardUrlsPlaceholder } from '../../widgets/search/shards.ts';
import { bundleFolder } from './bundle.ts';
import type { SearchLocale } from './localeIndex.ts';
import type { KeptPage, RenderedFile } from './render.tsx';
import type { SearchReply, SearchRequest, SentPage } from './searchThread.ts';
import { indexedPart, isIndexable } from './pageParts.ts';
import { Worker } from 'node:worker_threads';
import { projectPath } from '../paths.ts';
import { batches } from './batches.ts';
import type { SiteModel } from './locales.ts';

export type { LocaleIndex, SearchLocale } from './localeIndex.ts';

/** The locales to index, each with content/synonyms.yaml in its words. */
export function searchLocales(model: SiteModel): SearchLocale[] {
  return model.locales.map(({ code, iso, vocabulary }) => ({ code, iso, vocabulary }));
}

/**
 * The search stage, fed page by page while the site renders. Its work (splitting pages into
 * sections, building one MiniSearch index per locale) runs in a worker thread, on the other core
 * while this one renders; each locale's index is written as soon as its last page is in. Pages
 * are written as soon as they are rendered; only the search pages wait, for `finish` gives them
 * the addresses of their locale's index files (its core and term shards, localeIndex.ts), named
 * by their content hash.
 * Working from the rendered HTML means every page is covered, including pages added later.
 */
export function searchIndexer() {
  // The compiled thread (scripts/compile.js), also when the build itself runs from the sources.
  const thread = new Worker(projectPath('dist/searchThread.js'));
  // The process may end once the build is done, even if the thread is left.
  thread.unref();
  // Replies come as each locale's index is written, some while this thread is still rendering.
  const replies: SearchReply[] = [];
  let replied = () => undefined as void;
  thread.on('message', (reply: SearchReply) => {
    replies.push(reply);
    replied();
  });
  const failed = new Promise<never>((_, reject) => {
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the search thread stopped (exit code ${code})`)));
  });
  const exited = new Promise<void>((done) => thread.once('exit', () => done()));
  failed.catch(() => undefined); // Reported by finish(); a build that fails earlier calls stop().
  const nextReply = () => Promise.race([new Promise<void>((done) => (replied = done)), failed]);
  const send = (request: SearchRequest) => thread.postMessage(request);
  // Kept pages go a few hundred to a message (an incremental build keeps thousands), rendered pages
  // about 128 K characters of their HTML.
  const pages = batches<SentPage>((sent) => send({ kind: 'pages', pages: sent }), { most: 256, size: 128 * 1024, sizeOf: (page) => page.html?.length ?? 0 });
  const waiting: RenderedFile[] = [];
  let localeCount = 0;
  return {
    /** The locales to index, in the order their pages will come, and the out/ folder kept pages are in; before the first `take`. */
    begin(locales: SearchLocale[], outDir: string): void {
      localeCount = locales.length;
      send({ kind: 'locales', locales, folder: bundleFolder, outDir });
    },
    /** Reads a rendered file; false when the file must wait for `finish` (it names the index's files). */
    take(file: RenderedFile): boolean {
      if (file.contents.includes(indexUrlPlaceholder)) {
        waiting.push(file);
        return false;
      }
      if (file.path.endsWith('/index.html') && file.result !== null && isIndexable(file.contents)) pages.add({ file: file.path, html: indexedPart(file.contents), result: file.result ?? 'topic' });
      return true;
    },
    /** A page the build keeps as the last one wrote it (incremental.ts): the thread reads it from out/ if it must. */
    keep(page: KeptPage): void {
      if (page.result !== null) pages.add({ file: page.path, result: page.result, hash: page.search });
    },
    /**
     * Writes each locale's index files as the thread sends them, then the search pages that were
     * held back, now with their files' addresses.
     */
    async finish(write: (file: RenderedFile) => void): Promise<Omit<SearchReply, 'files'>[]> {
      pages.flush();
      send({ kind: 'finish' });
      const indexes: Omit<SearchReply, 'files'>[] = [];
      while (indexes.length < localeCount) {
        if (!replies.length) await nextReply();
        const { files, ...index } = replies.shift()!;
        for (const file of files) write(file);
        indexes.push(index);
      }
      for (const page of waiting) {
        const index = indexes.find((entry) => page.path.startsWith(`${entry.locale}/`));
        write(index ? { ...page, contents: page.contents.replaceAll(indexUrlPlaceholder, index.url).replaceAll(shardUrlsPlaceholder, index.shardUrls.join(' ')) } : page);
      }
      return indexes;
    },
    /** Resolves when the thread has ended, after `finish`: it keeps the indexes it made in the build cache after sending them. */
    closed(): Promise<void> {
      // Waited for: the process must not end while the thread saves.
      thread.ref();
      return exited;
    },
    /** Ends the thread of a build that failed before `finish`. */
    stop(): void {
      void thread.terminate();
    },
  };
}
