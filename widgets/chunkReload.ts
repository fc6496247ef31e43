/**
 * A chunk that fails to load reloads the page, at most once per 60 s (docs/product.md, "Shell").
 * Offline, no chunk is asked for and a failure is no fault of the site's: the load waits, quietly,
 * until the browser is back online, and is tried again then.
 */
import { reloadGuardMs } from './limits.ts';

const key = 'esg:chunk-reload-at';

export function reloadAfterChunkFailure(error: unknown): void {
  console.error(error);
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < reloadGuardMs) return;
  sessionStorage.setItem(key, String(Date.now()));
  location.reload();
}

/** Resolves when the browser is next online (at once when it is). */
const online = () => (navigator.onLine ? Promise.resolve() : new Promise<void>((done) => addEventListener('online', () => done(), { once: true })));

/**
 * Loads a chunk once the browser is online; a load that fails offline is tried again once back
 * online, one that fails online reloads the page (`reloadAfterChunkFailure`). While the page
 * reloads, or within the guard span, the promise stays pending: the part simply stays absent.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return online()
    .then(load)
    .catch((error: unknown) => {
      if (!navigator.onLine) return loadChunk(load);
      reloadAfterChunkFailure(error);
      return new Promise<T>(() => {});
    });
}

/** A lazily loaded part of a widget (React.lazy): loaded as `loadChunk` loads it. */
export function loadOrReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () => loadChunk(load);
}
