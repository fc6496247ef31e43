import { basename } from 'node:path';
import type { Home } from '../../../schemas/types.ts';
import { problemAt } from '../../content/source.ts';
import { errors } from '../../errorCatalogue.ts';
import type { ContentProblem } from '../../errors.ts';
import { type ContentDocument, isDocumentOf } from '../../content/documents.ts';
import { type LocaleModel, type Origin, type SiteModel } from './site.ts';
import { remembered, type BuildSession } from '../session.ts';
import { localize } from '../../content/siteLinks.ts';
import { closestIds } from '../../../schemas/closest.ts';
import type { EventStory, EventSummary } from '../../../templates/blocks/EventCard.tsx';

/** An event as pages and the events API use it, with the content file it came from. */
export interface EventEntry extends EventStory {
  /** Content file it came from. */
  source: string;
}

/** How many other events an event page and the events API show. */
export const otherEventCount = 3;

/**
 * A locale's events, newest first, as its pages and the events API show them: made once a build by
 * the routes stage (`RoutePlan.events`). An event's entry and its summary are remembered in the
 * session for its document, so a rebuild makes the changed event's alone and the others are the
 * same objects as before.
 */
export class LocaleEvents {
  readonly list: readonly EventEntry[];
  private readonly byId: Map<string, EventEntry>;

  constructor(
    private readonly session: BuildSession,
    locale: LocaleModel,
  ) {
    this.list = eventDocuments(locale)
      .map((document) => eventEntry(session, document, locale.code))
      .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
    this.byId = new Map(this.list.map((event) => [event.id, event]));
  }

  /** The event with this id. */
  get(id: string): EventEntry | undefined {
    return this.byId.get(id);
  }

  /** The fields lists show, and the events API lists; fields an event leaves out stay out. The same object for the same event. */
  summary(event: EventEntry): EventSummary {
    return toSummary(this.session, event);
  }

  summaries(events: readonly EventEntry[] = this.list): EventSummary[] {
    return events.map((event) => this.summary(event));
  }

  /** The home page shows the pinned events, else the three newest. */
  latest(home: Home): EventSummary[] {
    const pinned = home.events.pinned?.map((id) => this.get(id)).filter((event): event is EventEntry => Boolean(event));
    return this.summaries(pinned?.length ? pinned : this.list.slice(0, 3));
  }

  /** The newest events other than this one: the same choice on the page and in the API, build after build. */
  others(id: string): EventEntry[] {
    // Only the first few can be chosen: looking further made every event page read every event.
    return this.list
      .slice(0, otherEventCount + 1)
      .filter((event) => event.id !== id)
      .slice(0, otherEventCount);
  }
}

/** An event's entry, its body rendered (the session's `markdown`), its links to site pages given the locale as every content link is. */
const eventEntry = remembered((session: BuildSession, document: ContentDocument<'event'>, locale: string): EventEntry => ({
  ...document.data,
  html: withLocale(session.markdown.get(document.body ?? ''), locale),
  source: document.source.file,
}));

/** A story's links to site pages (`<a href="/about#scope">`, as markdown-it writes them) with the locale added. */
function withLocale(html: string, locale: string): string {
  return html.includes('<a href="/') ? html.replace(/<a href="(\/[^"]*)"/g, (_, url: string) => `<a href="${localize(url, locale)}"`) : html;
}

const toSummary = remembered((_session: BuildSession, event: EventEntry): EventSummary => {
  const { id, date, title, summary, cover, coverAlt, category, place, link } = event;
  return { id, date, title, summary, cover, coverAlt, category, place, link };
});

/**
 * Event ids name the pages /event/<id>: each must match its file name, be used once per locale, and
 * an English event must translate a Traditional Chinese one (English pages exist only beside zh_TW ones).
 */
export function eventIdProblems(model: SiteModel): ContentProblem[] {
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  const baseIds = new Set([...eventDocuments(base).map((document) => document.data.id), ...brokenEventIds(base)]);
  // Only files written in a locale are checked: zh_CN's events are conversions of zh_TW's, already checked.
  return model.locales.flatMap((locale) => {
    const seen = new Map<string, string>();
    return eventDocuments(locale, 'written').flatMap((document) => {
      const problem = idProblem(document, seen, locale === base ? undefined : baseIds);
      const { id } = document.data;
      if (!seen.has(id)) seen.set(id, document.source.file);
      return problem ? [problem] : [];
    });
  });
}

/** `seen`: ids of this locale's earlier files; `baseIds`: the zh_TW ids an English event must be one of. */
function idProblem(document: ContentDocument<'event'>, seen: Map<string, string>, baseIds?: Set<string>): ContentProblem | undefined {
  const { id } = document.data;
  const file = basename(document.source.file);
  const first = seen.get(id);
  if (first) return problemAt(document.source, ['id'], errors.duplicateEventId, id, first);
  if (`${id}.md` !== file) return problemAt(document.source, ['id'], errors.eventIdNotFileName, id, file);
  if (baseIds && !baseIds.has(id)) return problemAt(document.source, ['id'], errors.untranslatedEvent, id, closestIds(id, baseIds));
  return undefined;
}

/** A locale's event files, or only those of one origin (written in that locale, converted, overridden). */
function eventDocuments(locale: LocaleModel, origin?: Origin): ContentDocument<'event'>[] {
  const documents: ContentDocument<'event'>[] = [];
  for (const [path, document] of locale.documents) {
    if (path.startsWith('events/') && isDocumentOf(document, 'event') && (!origin || locale.origins.get(path) === origin)) documents.push(document);
  }
  return documents;
}

/** The ids of a locale's event files that have problems (an id is its file name): they exist, only broken. */
export function brokenEventIds(locale: LocaleModel): string[] {
  return [...locale.broken].filter((path) => path.startsWith('events/')).map((path) => basename(path, '.md'));
}
