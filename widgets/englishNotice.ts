/**
 * sessionStorage key set when the English guard sent the visitor back: the next page shows the
 * English notice (docs/product.md, "Shell").
 */
export const englishNoticeKey = 'esg:english-notice';
/** sessionStorage key set once the notice has been shown on an English page during this visit. */
export const englishVisitKey = 'esg:english-visit';
