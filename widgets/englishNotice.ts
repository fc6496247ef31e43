/** sessionStorage key set when the English guard sent the visitor back (spec §3, English-only modal flag). */
export const englishNoticeKey = 'esg:english-notice';
