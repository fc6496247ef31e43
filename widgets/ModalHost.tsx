import { lazy, Suspense, useSyncExternalStore } from 'react';
import { initialState, store, type SharedState } from './store.ts';
import { loadOrReload } from './chunkReload.ts';
import type { SubscriberTexts } from './subscriber.tsx';
import type { FormTexts } from './forms/FormStatus.tsx';

// The dialogs' code loads only when one is to be shown, to keep every page's first load small.
const EnglishNotice = lazy(loadOrReload(() => import('./modal.tsx')));
const Subscriber = lazy(loadOrReload(() => import('./subscriber.tsx')));

/** Why the English notice shows: each reason has its own sentence. */
type NoticeReason = Exclude<SharedState['englishNotice'], 'none'>;

export interface ModalHostProps {
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
  /** The newsletter dialog: where it posts (site.yaml forms.endpoint) and its texts. */
  subscriber: { endpoint: string; locale: string; texts: SubscriberTexts; forms: FormTexts };
}

/**
 * The global modal host, one per page, woken when a dialog is to open (widgets/shellBehaviours.ts,
 * `openDialogsOnDemand`). It shows the 'English version under construction' notice when the English
 * guard sent the visitor back, when English was chosen for a page without an English edition, and on
 * the first English page of a visit. It also shows the newsletter dialog in the store's `modal`
 * states subscriber → subscriber-finished, opened from the menu entry or a footer button marked
 * `data-menu-action="subscriber"`.
 */
export default function ModalHost({ english, translation, subscriber }: ModalHostProps) {
  const notice = useShared((state) => state.englishNotice);
  const modal = useShared((state) => state.modal);

  if (modal !== 'none' && notice === 'none') {
    return (
      <Suspense fallback={null}>
        <Subscriber
          {...subscriber}
          finished={modal === 'subscriber-finished'}
          onSubscribed={() => store.set({ modal: 'subscriber-finished' })}
          onClose={() => store.set({ modal: 'none' })}
        />
      </Suspense>
    );
  }
  if (notice === 'none') return null;
  return (
    <Suspense fallback={null}>
      <EnglishNotice
        title={english.title}
        text={english[notice]}
        confirm={english.confirm}
        translation={translation && notice !== 'partial' ? { lang: translation.lang, title: translation.title, text: translation[notice] } : undefined}
        onClose={() => store.set({ englishNotice: 'none' })}
      />
    </Suspense>
  );
}

/**
 * `useShared((s) => s.modal)`: re-renders only when the selected value changes. Hydration reads the
 * state the server rendered with, then the store's, which may already ask for a dialog.
 */
function useShared<T>(select: (state: SharedState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(initialState),
  );
}
