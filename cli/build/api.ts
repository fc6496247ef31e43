import type { SiteModel } from './locales.ts';
import type { RenderedFile } from './render.tsx';
import { eventsOf, otherEvents, toSummary, type EventEntry } from './events.ts';
import type { EventSummary } from '../../templates/blocks/EventCard.tsx';

/** `GET /api/events` (spec §7): the list, newest first. */
export interface EventListResponse {
  items: { events: EventSummary[] };
}

/** `GET /api/events/<id>` (spec §7): the event with its story as HTML, and the other events. */
export interface EventResponse {
  items: { data: EventDetail; otherEvent: EventSummary[] };
}

export type EventDetail = Omit<EventEntry, 'source'>;

/**
 * The static events API: `api/<locale>/events.json` and `api/<locale>/events/<id>.json` for every
 * locale (English only for the events written in English), and the same files without a locale
 * for the default one, so `/api/events` answers as the spec's calls expect.
 */
export function eventApiFiles(model: SiteModel): RenderedFile[] {
  return model.locales.flatMap((locale) => {
    const events = eventsOf(locale);
    const folders = locale.code === model.site.defaultLocale ? ['api', `api/${locale.code}`] : [`api/${locale.code}`];
    const files: { name: string; body: EventListResponse | EventResponse }[] = [
      { name: 'events.json', body: { items: { events: events.map(toSummary) } } },
      ...events.map((event) => ({
        name: `events/${event.id}.json`,
        body: { items: { data: detailOf(event), otherEvent: otherEvents(events, event.id).map(toSummary) } },
      })),
    ];
    return folders.flatMap((folder) => files.map((file) => ({ path: `${folder}/${file.name}`, contents: JSON.stringify(file.body) })));
  });
}

/** The event as the API gives it: everything but the content file it came from. */
function detailOf(event: EventEntry): EventDetail {
  const { source: _source, ...detail } = event;
  return detail;
}
