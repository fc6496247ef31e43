import { useSyncExternalStore } from 'react';

/** State the islands share (docs/product.md, "Shell"). Each island reads the slice it needs. */
export interface SharedState {
  /** Which global modal is open. */
  modal: 'none' | 'subscriber' | 'subscriber-finished';
  /**
   * The 'English version under construction' notice, and why it shows: the English guard sent the
   * visitor back, English was chosen for a page without an English edition, or this is the first
   * English page of the visit (most of the site is not in English yet).
   */
  englishNotice: 'none' | 'returned' | 'unavailable' | 'partial';
  /** Main menu open on narrow screens. */
  menuOpen: boolean;
  online: boolean;
}

let state: SharedState = { modal: 'none', englishNotice: 'none', menuOpen: false, online: true };
const listeners = new Set<() => void>();

export const store = {
  get: (): SharedState => state,
  set(patch: Partial<SharedState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** `useShared((s) => s.menuOpen)`: re-renders only when the selected value changes. */
export function useShared<T>(select: (state: SharedState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(state),
    () => select(state),
  );
}
