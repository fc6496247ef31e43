import type { Book } from '../../../../schemas/types.ts';
import { routeNameOf, sectionsAskedFor } from '../../../content/siteLinks.ts';
import { type ContentDocument } from '../../../content/documents.ts';
import { documentOf, type LocaleModel, type SiteModel } from '../../model/site.ts';
import type { PlannedRoute, RoutePlan } from '../../model/routes.ts';

/** One chapter of a locale's book: a page of the site, printed from the same document. */
export interface Chapter {
  route: PlannedRoute;
  /** The anchor of the chapter in the book: `ch-focus-climate-energy`. */
  anchor: string;
  /** Its content file's title; empty for a page made without one (the data page), whose heading says it. */
  title: string;
  part: string;
}

/** What a locale's book prints, in order, and what it leaves out. */
export interface BookPlan {
  locale: LocaleModel;
  document: ContentDocument<'book'>;
  book: Book;
  parts: { title: string; chapters: Chapter[] }[];
  chapters: Chapter[];
  /** The chapters this locale has no edition of (an English book's), named as its menu names them, else by their zh_TW title. */
  missing: string[];
}

/** `focus/climate/energy` → `ch-focus-climate-energy`; a section of it → `ch-focus-climate-energy--focus321`. */
export function anchorOf(route: string, section?: string): string {
  const chapter = `ch-${route.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return section ? `${chapter}--${section}` : chapter;
}

/**
 * The key of a site link in a book's page map: its route name, and the section it names:
 * `/focus/climate/energy?focus=focus321` → `focus/climate/energy#focus321`.
 */
export function pageKey(url: string): string {
  const [section] = sectionsAskedFor(url);
  const name = routeNameOf(url);
  return section ? `${name}#${section}` : name;
}

/**
 * The books of a site: one per locale that has a book.yaml (zh_CN's converted from zh_TW's). A
 * chapter is a page of that locale; a route without one in the locale (an English page not yet
 * written) is left out and listed as missing.
 */
export function bookPlans(model: SiteModel, plan: RoutePlan): BookPlan[] {
  return model.locales.flatMap((locale) => {
    const document = documentOf(locale, 'book.yaml', 'book');
    if (!document) return [];
    const pages = new Map(plan.routes.filter((route) => route.locale === locale && route.kind === 'page').map((route) => [route.name, route]));
    const base = model.locales.find((entry) => entry.code === model.site.defaultLocale)!;
    const menuNames = new Map(
      (documentOf(locale, 'menu.yaml', 'menu')?.data.items ?? []).flatMap((item) => item.children ?? []).map((item) => [routeNameOf(item.to ?? ''), item.name]),
    );
    const missing: string[] = [];
    const parts = document.data.parts.map((part) => ({
      title: part.title,
      chapters: part.chapters.flatMap((name): Chapter[] => {
        const route = pages.get(name);
        if (!route?.prepared) {
          const original = plan.routes.find((entry) => entry.locale === base && entry.name === name)?.document;
          missing.push(menuNames.get(name) ?? (original ? titleOf(original) : name));
          return [];
        }
        return [{ route, anchor: anchorOf(name), title: route.document ? titleOf(route.document) : '', part: part.title }];
      }),
    }));
    return [
      { locale, document, book: document.data, parts: parts.filter((part) => part.chapters.length), chapters: parts.flatMap((part) => part.chapters), missing },
    ];
  });
}

function titleOf(document: ContentDocument): string {
  const { data } = document;
  return typeof data === 'object' && data && 'title' in data && typeof data.title === 'string' ? data.title : '';
}
