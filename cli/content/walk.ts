import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * Every file under `dir` (names starting with a dot left out), as sorted paths relative to it. A
 * symbolic link is followed while it leads to something inside `root` (content/) and outside the
 * real folders of `closed`; one that leads outside it, into a closed folder, or nowhere, is left
 * out and its path given to `refuse`: CI builds contributors' branches, and a link to a file of the
 * machine that builds (or to the evidence, content/evidence) would publish it.
 */
export function walk(dir: string, root = realpathSync(dir), refuse: (path: string) => void = () => {}, closed: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const files = (folder: string, prefix: string): string[] => {
    seen.add(realpathSync(folder));
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => {
        const absolute = join(folder, entry.name);
        const path = `${prefix}${entry.name}`;
        if (entry.isSymbolicLink() && (!isInside(root, absolute) || closed.some((shut) => isInside(shut, absolute)))) {
          refuse(path);
          return [];
        }
        const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && statSync(absolute).isDirectory());
        if (!isFolder) return [path];
        // A link back to a folder already walked would walk it again and again.
        return seen.has(realpathSync(absolute)) ? [] : files(absolute, `${path}/`);
      });
  };
  return files(dir, '');
}

/** Whether a path, its symbolic links followed, is inside the real folder `root`; a link that leads nowhere is not. */
export function isInside(root: string, absolute: string): boolean {
  const real = realTarget(absolute);
  return real !== undefined && (real === root || real.startsWith(`${root}${sep}`));
}

export function realTarget(absolute: string): string | undefined {
  try {
    return realpathSync(absolute);
  } catch {
    return undefined;
  }
}
