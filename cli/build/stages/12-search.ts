import { indexUrlPlaceholder } from '../../../widgets/search/engine.ts';
import { shardUrlsPlaceholder } from '../../../widgets/search/shards.ts';
import { bundleFolder, type KeptPage, type RenderedFile } from '../../siteFiles.ts';
import type { SearchLocale } from '../search/localeIndex.ts';
import type { SavedReply, SearchReply, SearchRequest, SentPage } from '../search/searchThread.ts';
import { indexedPart, isIndexable } from '../search/pageParts.ts';
import { Worker } from 'node:worker_threads';
import { projectPath } from '../../paths.ts';
import { cacheDir } from '../../cache.ts';
import { batches } from '../output/batches.ts';
import { workerChannel } from '../output/workerChannel.ts';
import type { SiteModel } from '../model/site.ts';
import type { BuildSession } from '../session.ts';

export type { LocaleIndex, SearchLocale } from '../search/localeIndex.ts';

/**
 * The thread that served the session's last build and waits for the next (`BuildSession.searchThread`,
 * with the indexes it made in memory when the build asked it to hold them), if it uses the same
 * build cache (a thread's environment is a copy of the process's when it started); else a new one.
 */
function searchThread(session: BuildSession | undefined): Worker {
  const last = session?.searchThread;
  if (session) session.searchThread = undefined;
  if (last?.cache === cacheDir()) return last.thread;
  if (last) void last.thread.terminate();
  const thread = new Worker(projectPath('dist/searchThread.js'));
  // A thread that fails while it waits for the next build is not given to it: that build starts a new one.
  thread.on('error', () => undefined);
  thread.once('exit', () => {
    if (session?.searchThread?.thread === thread) session.searchThread = undefined;
  });
  return thread;
}

/**
 * The search stage, fed page by page while the site renders. Its work (splitting pages into
 * sections, building one MiniSearch index per locale) runs in a worker thread, on the other core
 * while this one renders; each locale's index is written as soon as its last page is in. Pages
 * are written as soon as they are rendered; only the search pages wait, for `finish` gives them
 * the addresses of their locale's index files (its core and term shards, localeIndex.ts), named
 * by their content hash.
 * Working from the rendered HTML means every page is covered, including pages added later.
 * A build given the session of a process that builds again (`esg dev`, `esg edit`) leaves the
 * thread in it for the session's next build.
 */
export function searchIndexer(session?: BuildSession) {
  // The compiled thread (scripts/compile.js), also when the build itself runs from the sources.
  const thread = searchThread(session);
  const channel = workerChannel<SearchRequest, SearchReply | SavedReply>(thread, 'search');
  // The process may end once the build is done, even if the thread is left.
  channel.unref();
  const send = (request: SearchRequest) => channel.send(request);
  // Kept pages go a few hundred to a message (an incremental build keeps thousands), rendered pages
  // about 128 K characters of their HTML.
  const pages = batches<SentPage>((sent) => send({ kind: 'pages', pages: sent }), { most: 256, size: 128 * 1024, sizeOf: (page) => page.html?.length ?? 0 });
  const waiting: RenderedFile[] = [];
  let localeCount = 0;
  return {
    /**
     * The site's locales, in the order their pages will come, each indexed with content/synonyms.yaml
     * in its words, and the out/ folder kept pages are in; before the first `take`.
     */
    begin(model: SiteModel, outDir: string): void {
      const locales: SearchLocale[] = model.locales.map(({ code, iso, vocabulary }) => ({ code, iso, vocabulary }));
      localeCount = locales.length;
      send({ kind: 'locales', locales, folder: bundleFolder, outDir });
    },
    /**
     * Whether the thread keeps this build's indexes in memory for the next build of the process,
     * which then updates them page by page; before the first `take`.
     */
    hold(hold: boolean): void {
      send({ kind: 'hold', hold });
    },
    /** Reads a rendered file; false when the file must wait for `finish` (it names the index's files). */
    take(file: RenderedFile): boolean {
      if (file.contents.includes(indexUrlPlaceholder)) {
        waiting.push(file);
        return false;
      }
      if (file.path.endsWith('/index.html') && file.result !== null && isIndexable(file.contents))
        pages.add({ file: file.path, html: indexedPart(file.contents), result: file.result ?? 'topic' });
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
      // Each locale's index comes as soon as its last page is in, some while this thread still renders.
      while (indexes.length < localeCount) {
        const reply = await channel.next();
        if (reply === 'saved') throw new Error('the search thread saved its indexes before it sent them');
        const { files, ...index } = reply;
        for (const file of files) write(file);
        indexes.push(index);
      }
      for (const page of waiting) {
        const index = indexes.find((entry) => page.path.startsWith(`${entry.locale}/`));
        write(
          index
            ? { ...page, contents: page.contents.replaceAll(indexUrlPlaceholder, index.url).replaceAll(shardUrlsPlaceholder, index.shardUrls.join(' ')) }
            : page,
        );
      }
      return indexes;
    },
    /**
     * Resolves when the thread has kept the indexes it made in the build cache, after `finish`: the
     * process must not end while it saves. The thread then ends, or waits for the next build.
     */
    async closed(): Promise<void> {
      channel.ref();
      while ((await channel.next()) !== 'saved');
      channel.unref();
      // Another build of the session may have left its own meanwhile (builds at once): one waits.
      if (session && !session.searchThread) {
        channel.release();
        session.searchThread = { thread, cache: cacheDir() };
      } else void channel.close();
    },
    /** Ends the thread of a build that failed before `finish`. */
    stop(): void {
      void channel.close();
    },
  };
}
