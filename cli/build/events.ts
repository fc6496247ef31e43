import MarkdownIt from 'markdown-it';
import type { Event, Home } from '../content/types.ts';
import type { LocaleModel } from './locales.ts';
import type { EventSummary } from '../../templates/blocks/EventCard.tsx';

/** An event as pages and the events API use it: front matter plus the story rendered to HTML. */
export interface EventEntry extends Event {
  /** The Markdown body as HTML (raw HTML in the Markdown is not passed through). */
  html: string;
  /** Content file it came from. */
  source: string;
}

/** A locale's events, newest first. */
export type LocaleEvents = EventEntry[];

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const cache = new WeakMap<LocaleModel, LocaleEvents>();

export function eventsOf(locale: LocaleModel): LocaleEvents {
  let events = cache.get(locale);
  if (!events) {
    events = [...locale.documents]
      .filter(([path]) => path.startsWith('events/'))
      .map(([, document]) => ({ ...(document.data as Event), html: markdown.render(document.body ?? ''), source: document.source.file }))
      .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
    cache.set(locale, events);
  }
  return events;
}

export function toSummary(event: EventEntry): EventSummary {
  return { id: event.id, date: event.date, title: event.title, summary: event.summary, cover: event.cover, coverAlt: event.coverAlt, category: event.category };
}

/** The home page shows the pinned events, else the three newest. */
export function latestEvents(events: LocaleEvents, home: Home): EventSummary[] {
  const pinned = home.events.pinned?.map((id) => events.find((event) => event.id === id)).filter((event): event is EventEntry => Boolean(event));
  return (pinned?.length ? pinned : events.slice(0, 3)).map(toSummary);
}
