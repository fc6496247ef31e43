import { lazy, Suspense, useEffect } from 'react';
import { store, useShared, type SharedState } from './store.ts';
import { englishNoticeKey, englishVisitKey } from './englishNotice.ts';
import { loadOrReload } from './chunkReload.ts';

// The dialogs' code loads only when one is to be shown, to keep every page's first load small.
const EnglishNotice = lazy(loadOrReload(() => import('./modal.tsx')));

export interface ModalHostProps {
  /** This page is an English page: the notice shows once per visit. */
  englishPage: boolean;
  texts: {
    title: string;
    confirm: string;
  } & Record<Exclude<SharedState['englishNotice'], 'none'>, string>;
}

/**
 * The global modal host, one per page. It shows the 'English version under construction' notice
 * when the English guard sent the visitor back, when English was chosen for a page without an
 * English edition, and on the first English page of a visit. The subscriber modal states
 * (store `modal`) get their dialog here with the newsletter form.
 */
export default function ModalHost({ englishPage, texts }: ModalHostProps) {
  const notice = useShared((state) => state.englishNotice);

  useEffect(() => {
    const returned = sessionStorage.getItem(englishNoticeKey);
    const firstEnglishPage = englishPage && !sessionStorage.getItem(englishVisitKey);
    sessionStorage.removeItem(englishNoticeKey);
    if (englishPage) sessionStorage.setItem(englishVisitKey, 'shown');
    if (returned) store.set({ englishNotice: 'returned' });
    else if (firstEnglishPage) store.set({ englishNotice: 'partial' });
  }, [englishPage]);

  if (notice === 'none') return null;
  return (
    <Suspense fallback={null}>
      <EnglishNotice title={texts.title} text={texts[notice]} confirm={texts.confirm} onClose={() => store.set({ englishNotice: 'none' })} />
    </Suspense>
  );
}
