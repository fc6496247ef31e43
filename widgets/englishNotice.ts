/**
 * The English notice's behaviour (markup: templates/shell/EnglishNotice.tsx, docs/product.md,
 * "Shell"). It shows whenever the store's `englishNotice` names a reason: on arrival when the English
 * guard sent the visitor back or on the first English page of a visit, and when English is chosen
 * for a page without an English edition (widgets/shellBehaviours.ts). Plain DOM, so that an English
 * page loads no React to say it.
 */
import { store } from './store.ts';
import { holdDialog } from './dialog.ts';

/**
 * sessionStorage key set when the English guard sent the visitor back: the next page shows the
 * English notice.
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

/** Shows the notice while the store asks for it; Confirm or Esc dismisses it. */
export function wireEnglishNotice(): void {
  const template = document.querySelector<HTMLTemplateElement>('template#english-notice');
  if (!template) return;
  let close: (() => void) | undefined;
  const show = () => {
    const reason = store.get().englishNotice;
    if (reason === 'none' || close) return;
    const overlay = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    for (const sentence of overlay.querySelectorAll<HTMLElement>('[data-reason]')) if (sentence.dataset.reason !== reason) sentence.remove();
    const dialog = overlay.querySelector<HTMLElement>('.modal')!;
    const dismiss = () => store.set({ englishNotice: 'none' });
    dialog.querySelector('button')!.addEventListener('click', dismiss);
    template.after(overlay);
    const letGo = holdDialog(dialog, dismiss);
    close = () => {
      overlay.remove();
      letGo();
      close = undefined;
    };
  };
  store.subscribe(() => {
    if (store.get().englishNotice === 'none') close?.();
    else show();
  });
  const arrival = englishNoticeOnArrival(document.documentElement.classList.contains('locale-en'));
  if (arrival !== 'none') store.set({ englishNotice: arrival });
}
