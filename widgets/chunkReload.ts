/** Spec §4: a chunk that fails to load reloads the page, at most once per 60 s. */
export const reloadGuardMs = 60_000;
const key = 'esg:chunk-reload-at';

export function reloadAfterChunkFailure(error: unknown): void {
  console.error(error);
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < reloadGuardMs) return;
  sessionStorage.setItem(key, String(Date.now()));
  location.reload();
}
