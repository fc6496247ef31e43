import type { ErrorEntry } from './errorCatalogue.ts';

/**
 * Runs one build stage and prints `✓ label  12 ms` or `✗ label`, as VitePress does; a stage that
 * added to `problems` is marked `✗` with their number, and the build goes on to the next stage.
 */
export async function task<T>(label: string, run: () => T | Promise<T>, quiet = false, problems?: unknown[]): Promise<T> {
  const started = performance.now();
  const before = problems?.length ?? 0;
  try {
    const result = await run();
    const found = (problems?.length ?? 0) - before;
    if (!quiet)
      console.log(
        `${found ? '✗' : '✓'} ${label.padEnd(22)} ${formatMs(performance.now() - started)}${found ? `  ${found} ${found === 1 ? 'problem' : 'problems'}` : ''}`,
      );
    return result;
  } catch (error) {
    if (!quiet) console.log(`✗ ${label}`);
    throw error;
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** Prints a warning of the catalogue, `⚠ ESG3003 en/messages.yaml: lacks …`, and what to do about it. The build goes on. */
export function warn<A extends unknown[]>(entry: ErrorEntry<A>, subject: string | undefined, ...args: A): void {
  const hint = entry.hint?.(...args);
  console.warn(`⚠ ${entry.code} ${subject ? `${subject}: ` : ''}${entry.message(...args)}${hint ? `\n  hint: ${hint}` : ''}`);
}
