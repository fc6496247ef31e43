import { useEffect, useState, type MouseEvent } from 'react';

export interface EventYear {
  /** `2024`. */
  year: string;
  /** The year as the locale writes it: `2024 年`. */
  label: string;
  count: number;
}

export interface EventFilterProps {
  label: string;
  allLabel: string;
  /** Newest first, as the sections below the filter. */
  years: EventYear[];
}

/** Id of the event list's section of one year; the filter's links point at it. */
export function eventYearId(year: string): string {
  return `year-${year}`;
}

/** The element that holds every year's section, for the "all years" link. */
export const eventYearsId = 'event-years';

/**
 * The event list's year filter. Without JavaScript, and until it wakes (on the first pointer, touch
 * or focus; at once on an address with `?year=`), its links jump to a year's section. Awake, a
 * chosen year hides the other years' sections and is kept in the address as `?year=2024`, so the
 * filtered list can be shared and the back button undoes a choice.
 */
export default function EventFilter({ label, allLabel, years }: EventFilterProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    const fromAddress = () => {
      const year = new URLSearchParams(window.location.search).get('year');
      setChosen(years.some((entry) => entry.year === year) ? year : null);
    };
    fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, [years]);

  useEffect(() => {
    for (const { year } of years) {
      const section = document.getElementById(eventYearId(year));
      if (section) section.hidden = chosen !== null && chosen !== year;
    }
  }, [chosen, years]);

  const choose = (year: string | null) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A click meant for a new tab or window keeps the plain link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const address = new URL(window.location.href);
    if (year) address.searchParams.set('year', year);
    else address.searchParams.delete('year');
    address.hash = '';
    window.history.pushState(null, '', address);
    setChosen(year);
  };

  return (
    <nav className="event-filter" aria-label={label} data-ready={ready ? '' : undefined}>
      <ul>
        <li>
          <a href={`#${eventYearsId}`} aria-current={chosen === null ? 'true' : undefined} onClick={choose(null)}>
            {allLabel}
          </a>
        </li>
        {years.map(({ year, label: yearLabel, count }) => (
          <li key={year}>
            <a href={`#${eventYearId(year)}`} aria-current={chosen === year ? 'true' : undefined} onClick={choose(year)}>
              {yearLabel}
              <span className="event-filter-count">{count}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
