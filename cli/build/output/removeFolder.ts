/**
 * Deletes the folders named on its command line. staging.ts starts it detached, compiled
 * (dist/removeFolder.js), so that neither the editor nor the next command waits for a large site
 * to be deleted. A folder another remover is deleting at the same time is simply left to it.
 */
import { rmSync } from 'node:fs';

for (const folder of process.argv.slice(2)) {
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch {
    // Gone meanwhile, or being deleted by another remover.
  }
}
