import { renderToStaticMarkup } from 'react-dom/server';
import { PageContextProvider, usePage } from '../context.tsx';
import { formatDate } from '../format.ts';
import { Layout } from '../Layout.tsx';
import { EventCards, type EventStory, type EventSummary } from '../blocks/EventCard.tsx';
import { ContentImage } from '../blocks/Picture.tsx';
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
              <dd>
                <time dateTime={event.date}>{formatDate(event.date, locale.iso)}</time>
              </dd>
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
            <SiteLink className="button" url={event.link} newTab>
              {t('event.externalLink')}
            </SiteLink>
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

/**
 * An event's story: markdown-it's HTML (raw HTML turned off: only the Markdown's own elements),
 * its images of content/assets shown as every content image is (a photograph as its encodings,
 * with its size), since the site has no copy of a photograph itself.
 */
export function EventBody({ html }: { html: string }) {
  const page = usePage();
  const shown = withBodyImages(html, (src, alt) =>
    renderToStaticMarkup(
      <PageContextProvider value={page}>
        <ContentImage src={src} alt={alt} slot="article" />
      </PageContextProvider>,
    ),
  );
  return <div className="event-body" dangerouslySetInnerHTML={{ __html: shown }} />;
}

/** Each `<img>` of content/assets in a story, as markdown-it writes it, replaced by `replace`'s markup for its address and text. */
export function withBodyImages(html: string, replace: (src: string, alt: string) => string): string {
  if (!html.includes('<img src="/assets/')) return html;
  return html.replace(/<img src="(\/assets\/[^"]*)" alt="([^"]*)"[^>]*>/g, (_, src: string, alt: string) => replace(unescaped(src), unescaped(alt)));
}

/** The text of an attribute markdown-it escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;`). */
function unescaped(text: string): string {
  return text.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name]!);
}
