// The Eleventy comparison site's events: Eleventy reads each event's Markdown file (front matter and
// body) as a template; these helpers turn a collection item into what the pages and the API show.
import { loadSite } from './site.js';
import { isoDate, withFigures } from './text.js';

/** Newest first, then by id, as esg orders a locale's events. */
export const newestFirst = (a, b) => isoDate(b.data.date).localeCompare(isoDate(a.data.date)) || String(a.data.id).localeCompare(String(b.data.id));

/** How many other events an event page and its API file show. */
export const otherEventCount = 3;

/** An event page's or collection item's data as an event: figures written out; `html` when asked. */
export function eventOf(data, code, html) {
  const site = loadSite();
  const metrics = site.metricsOf[code];
  const { iso } = site.locales[code];
  const event = { id: data.id, date: isoDate(data.date), title: withFigures(data.title, metrics, iso), summary: withFigures(data.summary, metrics, iso), cover: data.cover, coverAlt: data.coverAlt, category: data.category };
  if (data.place !== undefined) event.place = withFigures(data.place, metrics, iso);
  if (data.link !== undefined) event.link = data.link;
  if (html !== undefined) event.html = html;
  return event;
}

/** The same event in Simplified script (`convert`: the `simplified` filter). */
export function simplifiedEvent(event, convert) {
  const result = { ...event, title: convert(event.title), summary: convert(event.summary) };
  if (event.coverAlt !== undefined) result.coverAlt = convert(event.coverAlt);
  if (event.place !== undefined) result.place = convert(event.place);
  if (event.html !== undefined) result.html = convert(event.html);
  return result;
}

/** The newest events other than `id` (from the first few only, as esg chooses them). */
export function otherEvents(items, id) {
  return items.slice(0, otherEventCount + 1).filter((item) => item.data.id !== id).slice(0, otherEventCount);
}

const englishIdsOf = new WeakMap();
/** The ids of the events written in English, from the English collection (made once per build). */
export function englishIds(englishItems) {
  let ids = englishIdsOf.get(englishItems);
  if (!ids) englishIdsOf.set(englishItems, (ids = new Set(englishItems.map((item) => item.data.id))));
  return ids;
}

/** The events API's summary fields (no story). */
export function summaryOf(event) {
  const { html: _html, ...summary } = event;
  return summary;
}
