import { usePage } from '../context.tsx';
import { Layout } from '../Layout.tsx';
import { Island } from '../Island.tsx';
import { EventCards, type EventSummary } from '../blocks/EventCard.tsx';
import { eventYearId, eventYearsId, type EventFilterProps } from '../../widgets/EventFilter.tsx';

/**
 * /event: every event of the locale, newest first, in one section per year. The year filter works
 * as in-page links without JavaScript and hides the other years with it.
 */
export function EventListPage({ events }: { events: EventSummary[] }) {
  const { t } = usePage();
  const years = byYear(events);
  const filter: EventFilterProps = {
    label: t('event.filterLabel'),
    allLabel: t('event.allYears'),
    years: years.map(({ year, events: ofYear }) => ({ year, label: t('event.year', { year }), count: ofYear.length })),
  };
  return (
    <Layout head={{ title: t('event.listTitle'), description: t('event.listDescription') }}>
      <div className="article event-list">
        <header className="page-header">
          <h1>{t('event.listTitle')}</h1>
          <p className="lead">{t('event.listDescription')}</p>
          <p className="event-count">{t('event.count', { count: events.length })}</p>
        </header>
        {years.length > 1 && <Island name="EventFilter" props={filter} className="event-filter-island" />}
        <div id={eventYearsId} className="event-years">
          {years.map(({ year, events: ofYear }) => (
            <section key={year} id={eventYearId(year)} className="event-year" aria-labelledby={`${eventYearId(year)}-heading`}>
              <h2 id={`${eventYearId(year)}-heading`}>{t('event.year', { year })}</h2>
              <EventCards events={ofYear} />
            </section>
          ))}
        </div>
      </div>
    </Layout>
  );
}

/** Events grouped by year, keeping their order (newest first). */
function byYear(events: EventSummary[]): { year: string; events: EventSummary[] }[] {
  const groups = new Map<string, EventSummary[]>();
  for (const event of events) {
    const year = event.date.slice(0, 4);
    groups.set(year, [...(groups.get(year) ?? []), event]);
  }
  return [...groups].map(([year, ofYear]) => ({ year, events: ofYear }));
}
