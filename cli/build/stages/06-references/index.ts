import type { ContentProblem } from '../../../errors.ts';
import type { ContentDocument } from '../../../content/documents.ts';
import type { SiteModel } from '../../model/site.ts';
import type { BuildSession } from '../../session.ts';
import type { RoutePlan } from '../../model/routes.ts';
import type { ContentImages } from '../11-images.ts';
import { bookProblems } from './book.ts';
import { formsContentProblems } from './formsContent.ts';
import { referenceProblems } from './references.ts';
import { settingsProblems } from './settings.ts';

/**
 * What the content names must exist and what its settings state must hold: the links, sections,
 * assets and events it points at (references.ts), what the site-wide files name (settings.ts), the
 * chapters of each report book (book.ts), the quiz and the survey (formsContent.ts), and the
 * photographs it shows, read and checked by `images`. Every problem of every file, each at its line.
 */
export async function checkReferences(
  session: BuildSession,
  model: SiteModel,
  plan: RoutePlan,
  synonyms: ContentDocument<'synonyms'> | undefined,
  images: ContentImages,
): Promise<ContentProblem[]> {
  return [
    ...referenceProblems(session, model, plan, images),
    ...settingsProblems(session, model, plan, synonyms),
    ...bookProblems(model, plan),
    ...formsContentProblems(model),
    ...(await images.check()),
  ];
}
