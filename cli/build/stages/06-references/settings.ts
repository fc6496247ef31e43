import twPhrases from 'opencc-js/dict/TWPhrases';
import { closestIds } from '../../../../schemas/closest.ts';
import { locate, problemAt, type FieldPath } from '../../../content/source.ts';
import { errors } from '../../../errorCatalogue.ts';
import type { ContentProblem } from '../../../errors.ts';
import type { ContentDocument } from '../../../content/documents.ts';
import type { SiteModel } from '../../model/site.ts';
import { patternOf, type RoutePlan } from '../../model/routes.ts';
import { remembered, type BuildSession } from '../../session.ts';

/**
 * What the site-wide files name and what their comments and schemas state, held by the build
 * rather than by a test of the sample: every English route is a route of the site, the report
 * editions come newest first, a search term is in one synonym group only and a word pair is listed
 * once and only when the zh_CN conversion does not know it. Each problem at its own line.
 */
export function settingsProblems(
  session: BuildSession,
  model: SiteModel,
  plan: RoutePlan,
  synonyms: ContentDocument<'synonyms'> | undefined,
): ContentProblem[] {
  return [...englishRouteProblems(model, plan), ...reportOrderProblems(model), ...(synonyms ? synonymsProblems(session, synonyms) : [])];
}

function englishRouteProblems(model: SiteModel, plan: RoutePlan): ContentProblem[] {
  const names = [...plan.names];
  return model.site.englishRoutes.flatMap((route, index) =>
    names.some(matching(patternOf(route))) || plan.broken.has(route)
      ? []
      : [problemAt(model.siteSource, ['englishRoutes', index], errors.unknownEnglishRoute, route, closestIds(route, names))],
  );
}

const matching = (pattern: RegExp) => (name: string) => pattern.test(name);

function reportOrderProblems(model: SiteModel): ContentProblem[] {
  const { reports } = model.site;
  return reports.flatMap((edition, index) =>
    index > 0 && edition.year >= reports[index - 1]!.year
      ? [problemAt(model.siteSource, ['reports', index, 'year'], errors.reportsOutOfOrder, edition.year, reports[index - 1]!.year)]
      : [],
  );
}

/** The rules content/synonyms.yaml states, checked once per document (`remembered`). */
const synonymsProblems = remembered((_session: BuildSession, document: ContentDocument<'synonyms'>): ContentProblem[] => {
  const { source, data } = document;
  const problems: ContentProblem[] = [];
  // Lines are found only for a problem: finding them parses the file again.
  const lineOf = (path: FieldPath) => locate(source, path).line;
  const groupOf = new Map<string, { group: string; path: FieldPath }>();
  data.groups.forEach((group, g) => {
    // A Latin code may stand in both lists of its own group (GHG, REC): it is still one group.
    const inGroup = new Set<string>();
    for (const list of ['zh', 'en'] as const) {
      group[list].forEach((term, t) => {
        const key = term.toLowerCase();
        if (inGroup.has(key)) return;
        inGroup.add(key);
        const first = groupOf.get(key);
        if (first) problems.push(problemAt(source, ['groups', g, list, t], errors.termInTwoGroups, term, first.group, lineOf(first.path)));
        else groupOf.set(key, { group: group.zh[0]!, path: ['groups', g, list, t] });
      });
    }
  });
  const pairs = new Map<string, number>();
  const known = `|${twPhrases}|`;
  (data.variants ?? []).forEach(([taiwan, mainland], v) => {
    const shown = `${taiwan} / ${mainland}`;
    const key = [taiwan, mainland].sort().join(' ');
    const first = pairs.get(key);
    if (first !== undefined) problems.push(problemAt(source, ['variants', v], errors.variantTwice, shown, lineOf(['variants', first])));
    else pairs.set(key, v);
    if (known.includes(`|${mainland} ${taiwan}|`)) problems.push(problemAt(source, ['variants', v], errors.variantKnown, shown));
  });
  return problems;
});
