import type { SiteModel } from '../../model/site.ts';
import type { Photographs } from '../../model/pageContext.tsx';
import type { RoutePlan } from '../../model/routes.ts';
import type { RenderedFile } from '../../../siteFiles.ts';
import type { EventEntry } from '../../model/events.ts';
import { remembered, type BuildSession } from '../../session.ts';
import type { EventStory, EventSummary } from '../../../../templates/blocks/EventCard.tsx';
import { withBodyImages } from '../../../../templates/pages/EventPage.tsx';

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
export function* eventApiFiles(session: BuildSession, model: SiteModel, plan: RoutePlan, photographs: Photographs): Generator<RenderedFile> {
  const coverOf = (event: EventEntry) => photographs(event.cover)?.src ?? event.cover;

  // A photograph of a story is given as its JPEG too.
  const withPhotographs = (event: EventEntry): EventEntry =>
    event.html.includes('<img src="/assets/')
      ? {
          ...event,
          html: withBodyImages(
            event.html,
            (src, alt) => `<img src="${photographs(src)?.src ?? src}" alt="${alt.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}">`,
          ),
        }
      : event;
  for (const locale of model.locales) {
    const events = plan.events.get(locale.code)!;
    const summary = (event: EventEntry) => ({ ...events.summary(event), cover: coverOf(event) });
    const folders = locale.code === model.site.defaultLocale ? ['api', `api/${locale.code}`] : [`api/${locale.code}`];
    // One file at a time: a site with thousands of events would otherwise hold every answer at once.
    const list = JSON.stringify({ items: { events: events.list.map(summary) } } satisfies EventListResponse);
    for (const folder of folders) yield { path: `${folder}/events.json`, contents: list };
    // Most events show the same other events: their part of the file is made once.
    const others = new Map<string, string>();
    for (const event of events.list) {
      const shown = events.others(event.id);
      const key = shown.map((other) => other.id).join('\n');
      let othersJson = others.get(key);
      if (othersJson === undefined) others.set(key, (othersJson = JSON.stringify(shown.map(summary))));
      const contents = eventFile(session, withPhotographs(event), coverOf(event), othersJson);
      for (const folder of folders) yield { path: `${folder}/events/${event.id}.json`, contents };
    }
  }
}

/**
 * An event's file (`EventResponse`), its detail being everything but the content file it came
 * from. Remembered for the event (`remembered`): a process that builds again gives an unchanged event
 * the same text, which the build record then knows without hashing it (incremental.ts).
 */
const eventFile = remembered((_session: BuildSession, event: EventEntry, cover: string, othersJson: string): string => {
  const { source: _source, ...detail } = event;
  const data: EventDetail = { ...detail, cover };
  // JSON.stringify of { items: { data, otherEvent } }, with the other events' part made once.
  return `{"items":{"data":${JSON.stringify(data)},"otherEvent":${othersJson}}}`;
});
