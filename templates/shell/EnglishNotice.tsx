import type { SharedState } from '../../widgets/store.ts';

/** Why the English notice shows: each reason has its own sentence. */
export type NoticeReason = Exclude<SharedState['englishNotice'], 'none'>;

export interface EnglishNoticeProps {
  /**
   * The notice in English (content/en/messages.yaml), on every page: it shows to a visitor who
   * chose English, also on the Chinese page the English guard sent them back to.
   */
  english: { title: string; confirm: string } & Record<NoticeReason, string>;
  /**
   * On a page in another language, the notice in that language as well, below the English. Only
   * for the reasons that show there: the first English page of a visit is an English page.
   */
  translation?: { lang: string; title: string } & Record<Exclude<NoticeReason, 'partial'>, string>;
}

const reasons: NoticeReason[] = ['returned', 'unavailable', 'partial'];

/**
 * The 'English version under construction' notice (docs/product.md, "Shell"): a modal dialog with
 * its title, why it shows and Confirm, in English, with the page's own language below it on a
 * Chinese page. A `<template>`: widgets/englishNotice.ts puts a copy into the page when it is due,
 * keeping the sentences of its reason.
 */
export function EnglishNotice({ english, translation }: EnglishNoticeProps) {
  return (
    <template id="english-notice">
      <div className="modal-overlay">
        <div className="modal" role="dialog" aria-modal="true" aria-labelledby="english-notice-title" tabIndex={-1} lang="en">
          <h2 id="english-notice-title">{english.title}</h2>
          {reasons.map((reason) => (
            <p key={reason} data-reason={reason}>
              {english[reason]}
            </p>
          ))}
          {translation &&
            (['returned', 'unavailable'] as const).map((reason) => (
              <p key={reason} className="modal-translation" lang={translation.lang} data-reason={reason}>
                <strong>{translation.title}</strong> {translation[reason]}
              </p>
            ))}
          <button type="button" className="button">
            {english.confirm}
          </button>
        </div>
      </div>
    </template>
  );
}
