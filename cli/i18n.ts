import { bookPlans } from './build/stages/08-book/chapters.ts';
import type { Origin, SiteModel } from './build/model/site.ts';
import type { RoutePlan } from './build/model/routes.ts';

export type Coverage = 'translated' | 'converted' | 'overridden' | 'missing';

export interface LocaleCoverage {
  locale: string;
  /** Each content file of zh_TW, and how this locale has it. */
  files: Record<string, Coverage>;
  /** UI message keys of zh_TW this locale lacks. */
  missingMessages: string[];
  counts: Record<Coverage, number>;
}

export interface TranslationReport {
  locales: LocaleCoverage[];
  /** Route name → whether an English edition exists. */
  englishRoutes: Record<string, boolean>;
  /** The chapters of each locale's report book that it has no edition of (the English PDF's missing chapters), by locale. */
  missingChapters: Record<string, string[]>;
}

const fromOrigin: Record<Origin, Coverage> = { written: 'translated', converted: 'converted', overridden: 'overridden' };

/** `esg i18n`: per locale, which content is translated, converted from zh_TW or missing; per route, English or not. */
export function translationCoverage(model: SiteModel, plan: RoutePlan): TranslationReport {
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  const locales = model.locales
    .filter((locale) => locale !== base)
    .map((locale): LocaleCoverage => {
      const files = Object.fromEntries(
        [...base.documents.keys()].sort().map((path): [string, Coverage] => {
          const origin = locale.origins.get(path);
          return [path, origin ? fromOrigin[origin] : 'missing'];
        }),
      );
      const counts: Record<Coverage, number> = { translated: 0, converted: 0, overridden: 0, missing: 0 };
      for (const coverage of Object.values(files)) counts[coverage]++;
      return { locale: locale.code, files, counts, missingMessages: locale.missingMessages };
    });
  const englishRoutes = Object.fromEntries(
    plan.routes.filter((route) => route.locale.code === 'en').map((route) => [route.name || '(home)', route.kind === 'page']),
  );
  const missingChapters = Object.fromEntries(
    bookPlans(model, plan)
      .filter((book) => book.missing.length)
      .map((book) => [book.locale.code, book.missing]),
  );
  return { locales, englishRoutes, missingChapters };
}

export function formatCoverage(report: TranslationReport): string {
  const lines: string[] = [];
  for (const locale of report.locales) {
    const { counts } = locale;
    lines.push(
      `${locale.locale}: ${counts.translated} translated, ${counts.overridden} overridden, ${counts.converted} converted, ${counts.missing} missing (of ${Object.keys(locale.files).length} zh_TW files)`,
    );
    const missing = Object.entries(locale.files)
      .filter(([, coverage]) => coverage === 'missing')
      .map(([path]) => path);
    if (missing.length && locale.locale === 'en') lines.push(`  missing in English: ${summarize(missing)}`);
    if (locale.missingMessages.length) lines.push(`  UI messages missing (zh_TW text is shown): ${locale.missingMessages.join(', ')}`);
  }
  const routes = Object.entries(report.englishRoutes);
  const english = routes.filter(([, has]) => has).map(([name]) => name);
  lines.push(`English editions: ${english.length} of ${routes.length} routes (${summarize(english)})`);
  for (const [locale, chapters] of Object.entries(report.missingChapters))
    lines.push(`report PDF (${locale}): a partial edition, ${chapters.length} chapters not yet translated: ${chapters.join(', ')}`);
  return lines.join('\n');
}

/** Paths grouped by folder, so 17 event files read as `events/ (17)`. */
function summarize(paths: string[]): string {
  const groups = new Map<string, number>();
  for (const path of paths) {
    const folder = path.includes('/') ? `${path.slice(0, path.lastIndexOf('/'))}/` : path;
    groups.set(folder, (groups.get(folder) ?? 0) + 1);
  }
  return [...groups].map(([folder, count]) => (count > 1 ? `${folder} (${count})` : folder)).join(', ');
}
