import { parentPort } from 'node:worker_threads';
import { localeIndex, type LocaleIndex, type PageSections, type SearchLocale } from './localeIndex.ts';
import { sectionsOfPage } from './sections.ts';

/** What the main thread sends: each indexable page as rendered, then the request for the indexes. */
export type SearchRequest = { kind: 'page'; file: string; html: string } | { kind: 'finish'; locales: SearchLocale[]; folder: string };
export type SearchReply = LocaleIndex[];

/**
 * The search stage's worker thread: splits each page it is sent into sections while the main
 * thread renders the next ones, then builds one index per locale when asked. It keeps sections,
 * not HTML, so memory grows with the site's text rather than its markup.
 */
const pages = new Map<string, PageSections[]>();

parentPort!.on('message', (request: SearchRequest) => {
  if (request.kind === 'page') {
    const locale = request.file.slice(0, request.file.indexOf('/'));
    if (!pages.has(locale)) pages.set(locale, []);
    pages.get(locale)!.push({ file: request.file, sections: sectionsOfPage(request.html, `/${request.file.slice(0, -'/index.html'.length)}`) });
  } else {
    const reply: SearchReply = request.locales.map((locale) => localeIndex(locale, pages.get(locale.code) ?? [], request.folder));
    parentPort!.postMessage(reply);
  }
});
