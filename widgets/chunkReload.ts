/** A chunk that fails to load reloads the page, at most once per 60 s (docs/product.md, "Shell"). */
import { reloadGuardMs } from './limits.ts';

const key = 'esg:chunk-reload-at';

export function reloadAfterChunkFailure(error: unknown): void {
  console.error(error);
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < reloadGuardMs) return;
  sessionStorage.setItem(key, String(Date.now()));
  location.reload();
}

/**
 * A lazily loaded part of a widget (React.lazy) whose chunk failure reloads the page like a
 * widget's own; while the page reloads, or within the guard span, the part simply stays absent.
 */
export function loadOrReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      reloadAfterChunkFailure(error);
      return new Promise<T>(() => {});
    });
}
