import { usePage } from '../context.tsx';
import { formatDate } from '../format.ts';
import { Layout } from '../Layout.tsx';
import { EventCards, type EventStory, type EventSummary } from '../blocks/EventCard.tsx';
import { ContentImage } from '../blocks/Picture.tsx';
import { EventBody } from '../blocks/EventBody.tsx';
import { SiteLink } from '../blocks/SiteLink.tsx';

/** /event/<id>: one event with its cover, facts, story and external link, then other events. */
export function EventPage({ event, others }: { event: EventStory; others: EventSummary[] }) {
  const { t, locale } = usePage();
  return (
    <Layout head={{ title: event.title, description: event.summary }}>
      <article className="article event-detail">
        <header className="page-header">
          <p className="kicker">
            <SiteLink url="/event">{t('event.listTitle')}</SiteLink>
          </p>
          <h1>{event.title}</h1>
          <dl className="event-facts">
            <div>
              <dt>{t('event.date')}</dt>
              <dd><time dateTime={event.date}>{formatDate(event.date, locale.iso)}</time></dd>
            </div>
            <div>
              <dt>{t('event.category')}</dt>
              <dd>{t(`event.category.${event.category}`)}</dd>
            </div>
            {event.place && (
              <div>
                <dt>{t('event.place')}</dt>
                <dd>{event.place}</dd>
              </div>
            )}
          </dl>
        </header>
        <ContentImage className="event-cover" src={event.cover} alt={event.coverAlt ?? ''} slot="cover" priority />
        <EventBody html={event.html} />
        {event.link && (
          <p className="event-external">
            <SiteLink className="button" url={event.link} newTab>{t('event.externalLink')}</SiteLink>
          </p>
        )}
        <p className="event-back">
          <SiteLink url="/event">{t('event.backToList')}</SiteLink>
        </p>
      </article>
      {others.length > 0 && (
        <section className="event-others" aria-labelledby="event-others-heading" data-search-skip="">
          <h2 id="event-others-heading">{t('event.others')}</h2>
          <EventCards events={others} />
        </section>
      )}
    </Layout>
  );
}
