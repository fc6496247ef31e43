import { parentPort } from 'node:worker_threads';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LocaleIndexWriter, type LocaleIndex, type SearchLocale } from './localeIndex.ts';
import { sectionsOfPage } from './sections.ts';
import { prepareScriptPairs } from './scriptPairs.ts';

/**
 * What the main thread sends: the locales (before the first page), each indexable page as it is
 * rendered, then `finish` after the last one.
 */
export type SearchRequest = { kind: 'locales'; locales: SearchLocale[]; folder: string } | { kind: 'page'; file: string; html: string } | { kind: 'finish' };
/** One reply per locale, each sent as soon as its index is written. */
export type SearchReply = LocaleIndex;

/**
 * The search stage's worker thread: splits each page it is sent into sections and indexes them
 * while the main thread renders the next pages. Pages come locale by locale (the route plan's
 * order), so when the first page of the next locale arrives, the previous locale's index is
 * written, sent and let go at once: only one locale's index is held at a time, and by the end of
 * the render only the last locale's is left to write.
 */
const writers = new Map<string, LocaleIndexWriter>();
const sealed = new Set<string>();
let locales: SearchLocale[] = [];
let folder = '';
// Ready before the first page arrives, while the main thread is still reading the content.
prepareScriptPairs();

// A locale's index and its JSON are the largest things this thread makes; once sent they are
// garbage, and collecting it at once (a fraction of a second, on this thread) keeps it from
// adding to the next locale's at the build's peak of memory. Not after the last locale (the thread
// ends), nor for a small site's index, not worth the full collection's time: below this much heap
// (the sample site's thread holds 30–50 MB) the collector is left to its own pace.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const collectAbove = 64 * 2 ** 20;

function seal(code: string): void {
  if (sealed.has(code)) return;
  const locale = locales.find((entry) => entry.code === code);
  if (!locale) return;
  const reply: SearchReply = (writers.get(code) ?? new LocaleIndexWriter()).files(locale, folder);
  writers.delete(code);
  sealed.add(code);
  parentPort!.postMessage(reply);
  if (sealed.size < locales.length && getHeapStatistics().used_heap_size > collectAbove) collectGarbage();
}

parentPort!.on('message', (request: SearchRequest) => {
  if (request.kind === 'locales') {
    ({ locales, folder } = request);
  } else if (request.kind === 'page') {
    const locale = request.file.slice(0, request.file.indexOf('/'));
    if (!locales.some((entry) => entry.code === locale) || sealed.has(locale)) return;
    for (const other of writers.keys()) if (other !== locale) seal(other);
    if (!writers.has(locale)) writers.set(locale, new LocaleIndexWriter());
    writers.get(locale)!.add(sectionsOfPage(request.html, `/${request.file.slice(0, -'/index.html'.length)}`));
  } else {
    for (const locale of locales) seal(locale.code);
  }
});
