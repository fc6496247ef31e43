import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();
let watching = false;
const removeAll = () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
};

/**
 * Removes the folders when the process exits; and on Ctrl-C or a kill, which end a process without
 * its 'exit' event, then ends as the signal would, unless the command stops on signals its own way
 * (esg serve, cli/server/shutdown.ts). Set up by the first `tempDir`, so a process that makes none
 * handles its signals as before.
 */
function removeAtEnd(): void {
  process.on('exit', removeAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      removeAll();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/** A temp folder removed by `removeTempDir`, or else when the command exits or is stopped. */
export function tempDir(prefix: string): string {
  if (!watching) removeAtEnd();
  watching = true;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes a folder of `tempDir` now: a process that goes on (a test run, `esg edit`) would keep it until its end. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}
