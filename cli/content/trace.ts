export { assuredYears, isLocaleTexts, isOwnerId, traceOf, tracedValues } from '../../schemas/figureTrace.ts';

/** The folder of content/ that holds the evidence, one folder per year; never published. */
export const evidenceFolder = 'evidence';

/**
 * Whether a link or path leads into content/evidence: `/evidence/…` (with or without a locale),
 * `content/evidence/…` or a relative `../evidence/…`. Evidence is never published, so a page may
 * not point at it.
 */
export function leadsToEvidence(url: string): boolean {
  return /^(?:\.{0,2}\/)*(?:(?:zh_TW|zh_CN|en|content)\/)?evidence(?:\/|$)/.test(url);
}
