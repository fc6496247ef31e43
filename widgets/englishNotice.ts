/**
 * sessionStorage key set when the English guard sent the visitor back: the next page shows the
 * English notice (docs/product.md, "Shell").
 */
export const englishNoticeKey = 'esg:english-notice';
/** sessionStorage key set once the notice has been shown on an English page during this visit. */
export const englishVisitKey = 'esg:english-visit';

/**
 * What the page shows on arrival: the notice when the English guard sent the visitor back, else
 * on the first English page of a visit.
 */
export function englishNoticeOnArrival(englishPage: boolean): 'returned' | 'partial' | 'none' {
  const returned = sessionStorage.getItem(englishNoticeKey);
  const firstEnglishPage = englishPage && !sessionStorage.getItem(englishVisitKey);
  sessionStorage.removeItem(englishNoticeKey);
  if (englishPage) sessionStorage.setItem(englishVisitKey, 'shown');
  return returned ? 'returned' : firstEnglishPage ? 'partial' : 'none';
}
