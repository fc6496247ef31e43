import { parentPort } from 'node:worker_threads';
import { LocaleIndexWriter, type LocaleIndex, type SearchLocale } from './localeIndex.ts';
import { sectionsOfPage } from './sections.ts';
import { prepareScriptPairs } from './scriptPairs.ts';

/** What the main thread sends: each indexable page as rendered, then the request for the indexes. */
export type SearchRequest = { kind: 'page'; file: string; html: string } | { kind: 'finish'; locales: SearchLocale[]; folder: string };
/** One reply per locale, in the order asked, each sent as soon as it is built. */
export type SearchReply = LocaleIndex;

/**
 * The search stage's worker thread: splits each page it is sent into sections and indexes them
 * while the main thread renders the next pages, then writes one index per locale when asked. It
 * keeps the index, not the pages, so memory grows with the site's vocabulary, not its markup.
 */
const indexes = new Map<string, LocaleIndexWriter>();
// Ready before the first page arrives, while the main thread is still reading the content.
prepareScriptPairs();

parentPort!.on('message', (request: SearchRequest) => {
  if (request.kind === 'page') {
    const locale = request.file.slice(0, request.file.indexOf('/'));
    if (!indexes.has(locale)) indexes.set(locale, new LocaleIndexWriter());
    indexes.get(locale)!.add(sectionsOfPage(request.html, `/${request.file.slice(0, -'/index.html'.length)}`));
  } else {
    // One locale at a time, each let go once written: the index of a large site is
    // tens of megabytes, and building all of them before sending any doubled the peak memory.
    for (const locale of request.locales) {
      const reply: SearchReply = (indexes.get(locale.code) ?? new LocaleIndexWriter()).files(locale, request.folder);
      indexes.delete(locale.code);
      parentPort!.postMessage(reply);
    }
  }
});
