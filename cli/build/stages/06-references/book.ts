import { closestIds } from '../../../../schemas/closest.ts';
import { locate, problemAt, type FieldPath } from '../../../content/source.ts';
import { errors } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import { documentOf, type SiteModel } from '../../model/site.ts';
import type { RoutePlan } from '../../model/routes.ts';

/**
 * A book's chapters must be pages of the site, each named once: checked in every build, not only
 * when the book is printed. The zh_TW book names every chapter; another locale's may name a page it
 * has no edition of (it is left out of that book). A zh_CN book converted from zh_TW's has that
 * file's problems, reported there.
 */
export function bookProblems(model: SiteModel, plan: RoutePlan): ContentProblem[] {
  return model.locales.flatMap((locale) => {
    const document = documentOf(locale, 'book.yaml', 'book');
    if (!document || locale.origins.get('book.yaml') === 'converted') return [];
    const first = new Map<string, FieldPath>();
    return document.data.parts.flatMap((part, p) =>
      part.chapters.flatMap((name, c): ContentProblem[] => {
        const at = ['parts', p, 'chapters', c];
        const earlier = first.get(name);
        if (earlier) return [problemAt(document.source, at, errors.chapterTwice, name, locate(document.source, earlier).line)];
        first.set(name, at);
        return plan.names.has(name) || plan.broken.has(name) ? [] : [problemAt(document.source, at, errors.unknownChapter, name, closestIds(name, plan.names))];
      }),
    );
  });
}
