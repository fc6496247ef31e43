import type { LocaleModel } from './locales.ts';
import { reportPages } from '../../templates/report/reportRoutes.tsx';

/**
 * Section ids of the report index pages, by route name: every `id` in a report document is the
 * anchor of one of its tables (templates/pages/ReportPage.tsx renders each as a section id), so
 * links such as /report/accounting#appendix5 can be checked before anything is rendered.
 */
export function reportSectionIds(base: LocaleModel): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const [name, kind] of Object.entries(reportPages)) {
    const document = base.documents.get(kind.document);
    if (document) ids.set(name, new Set(idsIn(document.data)));
  }
  return ids;
}

function idsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (key === 'id' && typeof child === 'string' ? [child] : idsIn(child)));
}
