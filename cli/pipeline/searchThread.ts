import { parentPort } from 'node:worker_threads';
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

function seal(code: string): void {
  if (sealed.has(code)) return;
  const locale = locales.find((entry) => entry.code === code);
  if (!locale) return;
  const reply: SearchReply = (writers.get(code) ?? new LocaleIndexWriter()).files(locale, folder);
  writers.delete(code);
  sealed.add(code);
  parentPort!.postMessage(reply);
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
