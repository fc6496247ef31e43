/** Runs one build stage and prints `✓ label  12 ms` or `✗ label`, as VitePress does. */
export async function task<T>(label: string, run: () => T | Promise<T>, quiet = false): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    if (!quiet) console.log(`✓ ${label.padEnd(22)} ${formatMs(performance.now() - started)}`);
    return result;
  } catch (error) {
    if (!quiet) console.log(`✗ ${label}`);
    throw error;
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function warn(message: string): void {
  console.warn(`⚠ ${message}`);
}
