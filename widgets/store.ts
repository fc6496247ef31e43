/** State the shell and the islands share (docs/product.md, "Shell"). Each reads the slice it needs. */
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

/** The state every page starts in, which is also the state the server rendered the islands in. */
export const initialState: SharedState = { modal: 'none', englishNotice: 'none', menuOpen: false, online: true };

let state = initialState;
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
