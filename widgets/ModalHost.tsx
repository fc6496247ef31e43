import { lazy, Suspense, useSyncExternalStore } from 'react';
import { initialState, store, type SharedState } from './store.ts';
import { loadOrReload } from './chunkReload.ts';
import type { SubscriberTexts } from './subscriber.tsx';
import type { FormTexts } from './forms/FormStatus.tsx';

// The dialog's code loads only when it is to be shown, to keep every page's first load small.
const Subscriber = lazy(loadOrReload(() => import('./subscriber.tsx')));

export interface ModalHostProps {
  /** The newsletter dialog: where it posts (site.yaml forms.endpoint) and its texts. */
  subscriber: { endpoint: string; locale: string; texts: SubscriberTexts; forms: FormTexts };
}

/**
 * The host of the newsletter dialog, one per page, woken when it is to open
 * (widgets/shellBehaviours.ts, `openDialogsOnDemand`): the store's `modal` states subscriber →
 * subscriber-finished, opened from the menu entry or a footer button marked
 * `data-menu-action="subscriber"`. One dialog at a time: it waits while the English notice
 * (widgets/englishNotice.ts, plain DOM) is open.
 */
export default function ModalHost({ subscriber }: ModalHostProps) {
  const notice = useShared((state) => state.englishNotice);
  const modal = useShared((state) => state.modal);
  if (modal === 'none' || notice !== 'none') return null;
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
