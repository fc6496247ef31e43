import type { Event } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { formatDate } from '../format.ts';
import { ContentImage } from './Picture.tsx';
import { SiteLink } from './SiteLink.tsx';

/** What a list of events needs of each event; also an item of the events API (`items.events`). */
export interface EventSummary {
  id: string;
  date: string;
  title: string;
  summary: string;
  cover: string;
  coverAlt?: string;
  category: Event['category'];
  place?: string;
  link?: string;
}

/** An event with its story, as its page shows it and the events API gives it. */
export interface EventStory extends Event {
  /** The Markdown body as HTML (raw HTML in the Markdown is not passed through). */
  html: string;
}

export function EventCard({ event, headingLevel = 3 }: { event: EventSummary; headingLevel?: 2 | 3 }) {
  const { locale, t } = usePage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // Search finds the event on its own page, not in every list that shows its card.
    <article className="event-card" data-search-skip="">
      <ContentImage src={event.cover} alt={event.coverAlt ?? ''} slot="card" />
      <div className="event-card-text">
        <p className="event-card-meta">
          <time dateTime={event.date}>{formatDate(event.date, locale.iso)}</time>
          <span className="event-category">{t(`event.category.${event.category}`)}</span>
        </p>
        <Heading>
          <SiteLink url={`/event/${event.id}`}>{event.title}</SiteLink>
        </Heading>
        <p>{event.summary}</p>
      </div>
    </article>
  );
}

/** A grid of event cards: the home page's latest events, a year of the list, the other events. */
export function EventCards({ events }: { events: EventSummary[] }) {
  return (
    <ul className="event-cards">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
