import { errors } from '../../errorCatalogue.ts';
import { problem, type ContentProblem } from '../../errors.ts';
import { problemAt } from '../../content/source.ts';
import { LocaleEvents } from '../model/events.ts';
import type { BuildSession } from '../session.ts';
import type { LocaleModel, SiteModel } from '../model/site.ts';
import { pageKinds, type PageInput, type PageKind } from '../model/pageKinds.tsx';
import { fileWildcard, nameWildcard, pathOf, patternOf, type PlannedRoute, type RoutePlan } from '../model/routes.ts';

/** A page kind made concrete: `event/{id}` becomes one `event/<id>` per event file. */
interface ConcreteRoute {
  name: string;
  kind: PageKind;
  /** The file it is made from (for a `*` kind, the zh_TW file that made this route); none for a kind without content. */
  file?: string;
}

/**
 * Every page of every locale, from the page kinds and the zh_TW files; English routes not listed
 * in site.yaml become guards. A route whose file has problems is named but not planned.
 */
export function planRoutes(session: BuildSession, model: SiteModel, problems: ContentProblem[]): RoutePlan {
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  const concrete = expand(base);
  problems.push(...missingBase(base), ...sameNames(concrete, base));
  const routes: PlannedRoute[] = [];
  const broken = new Set<string>();
  const events = new Map<string, LocaleEvents>();
  const isEnglish = englishRoutes(model);
  for (const locale of model.locales) {
    const input: PageInput = { locale, events: new LocaleEvents(session, locale) };
    events.set(locale.code, input.events);
    for (const { name, kind, file } of concrete) {
      if (file && locale.broken.has(file)) {
        broken.add(name);
        continue;
      }
      const path = pathOf(locale.code, name);
      const offered = locale.code !== 'en' || isEnglish(name);
      const page = offered ? pageOf(locale, kind, file, input) : undefined;
      routes.push(page ? { name, locale, path, kind: 'page', pageKind: kind, ...page } : { name, locale, path, kind: 'guard', pageKind: kind });
    }
    if (locale.code === 'en') problems.push(...missingEnglish(model, locale, isEnglish));
  }
  return { routes, names: new Set(concrete.map((route) => route.name)), broken, events };
}

/** The page of a route in one locale, or nothing when that locale has no content file for it. */
function pageOf(locale: LocaleModel, kind: PageKind, file: string | undefined, input: PageInput): Pick<PlannedRoute, 'prepared' | 'document'> | undefined {
  if (!file) return { prepared: kind.prepare(undefined, input) };
  const document = locale.documents.get(file);
  return document && { document, prepared: kind.prepare(document, input) };
}

/** Each kind's routes, with the file each is made from: one per matching zh_TW file (a file with problems included) for a `*` kind. */
function expand(locale: LocaleModel): ConcreteRoute[] {
  const files = [...new Set([...locale.documents.keys(), ...locale.broken])].sort();
  return pageKinds.flatMap((kind): ConcreteRoute[] => {
    if (!kind.content?.file.includes('*')) return [{ name: kind.route, kind, file: kind.content?.file }];
    const pattern = patternOf(kind.content.file, fileWildcard);
    return files.flatMap((file) => {
      const parts = pattern.exec(file)?.slice(1);
      return parts ? [{ name: fill(kind.route, nameWildcard, parts), kind, file }] : [];
    });
  });
}

function fill(template: string, wildcard: RegExp, parts: string[]): string {
  let index = 0;
  return template.replace(wildcard, () => parts[index++] ?? '');
}

/** Whether site.yaml's englishRoutes lists a route name (patterns such as event/{id} match any id): each pattern compiled once. */
function englishRoutes(model: SiteModel): (name: string) => boolean {
  const patterns = model.site.englishRoutes.map((pattern) => patternOf(pattern));
  return (name) => patterns.some((pattern) => pattern.test(name));
}

function missingBase(base: LocaleModel): ContentProblem[] {
  return singleFileKinds()
    .filter((kind) => !base.documents.has(kind.content.file) && !base.broken.has(kind.content.file))
    .map((kind) => problem(errors.missingPageFile, { file: `content/${base.code}/${kind.content.file}` }, kind.route || 'home'));
}

/** Two files that would write the same page (an event file named oops.md and the event/oops page). */
function sameNames(concrete: ConcreteRoute[], base: LocaleModel): ContentProblem[] {
  // The first route of each name, found once: comparing every route with every other grew with
  // the square of the number of events.
  const first = new Map<string, number>();
  concrete.forEach((route, index) => first.has(route.name) || first.set(route.name, index));
  return concrete
    .filter((route, index) => route.file && first.get(route.name)! < index)
    .map((route) => problem(errors.samePage, { file: base.documents.get(route.file!)?.source.file ?? `content/${base.code}/${route.file}` }, route.name));
}

/** A route site.yaml lists as English whose English file is missing, at the line that lists it. */
function missingEnglish(model: SiteModel, locale: LocaleModel, isEnglish: (name: string) => boolean): ContentProblem[] {
  return singleFileKinds()
    .filter((kind) => isEnglish(kind.route) && !locale.documents.has(kind.content.file) && !locale.broken.has(kind.content.file))
    .map((kind) => {
      const listed = model.site.englishRoutes.findIndex((pattern) => patternOf(pattern).test(kind.route));
      return problemAt(model.siteSource, ['englishRoutes', listed], errors.missingEnglish, kind.route || 'home', kind.content.file);
    });
}

/** The kinds made from one fixed file, one per file (the quiz's three screens share qa.yaml). */
function singleFileKinds(): (PageKind & { content: NonNullable<PageKind['content']> })[] {
  const byFile = new Map<string, PageKind & { content: NonNullable<PageKind['content']> }>();
  for (const kind of pageKinds)
    if (kind.content && !kind.content.file.includes('*') && !byFile.has(kind.content.file)) byFile.set(kind.content.file, { ...kind, content: kind.content });
  return [...byFile.values()];
}
