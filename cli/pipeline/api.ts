import type { SiteModel } from './locales.ts';
import type { Photographs, RenderedFile } from './render.tsx';
import { eventsOf, otherEvents, toSummary, type EventEntry } from './events.ts';
import type { EventStory, EventSummary } from '../../templates/blocks/EventCard.tsx';

/** `GET /api/events` (docs/product.md, "Events API"): the list, newest first. */
export interface EventListResponse {
  items: { events: EventSummary[] };
}

/**
 * `GET /api/events/<id>` (docs/product.md, "Events API"): the event with its story as HTML, and the
 * other events.
 */
export interface EventResponse {
  items: { data: EventDetail; otherEvent: EventSummary[] };
}

export type EventDetail = EventStory;

/**
 * The static events API: `api/<locale>/events.json` and `api/<locale>/events/<id>.json` for every
 * locale (English only for the events written in English), and the same files without a locale
 * for the default one, so `/api/events.json` is the default locale's list. A cover that is a
 * photograph is given as its JPEG (the site has no copy of the file itself).
 */
export function* eventApiFiles(model: SiteModel, photographs: Photographs): Generator<RenderedFile> {
  const published = <T extends { cover: string }>(event: T): T => ({ ...event, cover: photographs(event.cover)?.src ?? event.cover });
  const summary = (event: EventEntry) => published(toSummary(event));
  for (const locale of model.locales) {
    const events = eventsOf(locale);
    const folders = locale.code === model.site.defaultLocale ? ['api', `api/${locale.code}`] : [`api/${locale.code}`];
    // One file at a time: a site with thousands of events would otherwise hold every answer at once.
    const list = JSON.stringify({ items: { events: events.map(summary) } } satisfies EventListResponse);
    for (const folder of folders) yield { path: `${folder}/events.json`, contents: list };
    for (const event of events) {
      const contents = JSON.stringify({ items: { data: published(detailOf(event)), otherEvent: otherEvents(events, event.id).map(summary) } } satisfies EventResponse);
      for (const folder of folders) yield { path: `${folder}/events/${event.id}.json`, contents };
    }
  }
}

/** The event as the API gives it: everything but the content file it came from. */
function detailOf(event: EventEntry): EventDetail {
  const { source: _source, ...detail } = event;
  return detail;
}
