import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from '../../cli/build/index.ts';

/** Every file under `folder`, compressed copies included, with its bytes. */
export function filesOf(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(folder, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)));
  }
  return files;
}

/** Every file under `folder` with the SHA-256 of its bytes: what a build left, to compare after a failed one. */
export function hashesOf(folder: string): Record<string, string> {
  return Object.fromEntries([...filesOf(folder)].map(([path, bytes]) => [path, createHash('sha256').update(bytes).digest('hex')]));
}

/** Every folder under `folder`, as `path/`. */
function foldersOf(folder: string): Set<string> {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory());
  return new Set(entries.map((entry) => `${relative(folder, join(entry.parentPath, entry.name))}/`));
}

/** The paths whose bytes differ between two folders, and the files and folders (`path/`) only one of them has. */
export function differences(a: string, b: string): string[] {
  const left = filesOf(a);
  const right = filesOf(b);
  const paths = new Set([...left.keys(), ...right.keys()]);
  const files = [...paths].filter((path) => !left.get(path)?.equals(right.get(path) ?? Buffer.alloc(0)) || !right.has(path));
  const [leftFolders, rightFolders] = [foldersOf(a), foldersOf(b)];
  const folders = [...[...leftFolders].filter((path) => !rightFolders.has(path)), ...[...rightFolders].filter((path) => !leftFolders.has(path))];
  return [...files, ...folders].sort();
}

/**
 * The page map of the report PDF a built site publishes for `locale` (`reports/<file>-<locale>.pages.json`),
 * or undefined when it publishes none: a build without `--pdf` takes the book of the build cache made
 * from the same content (cli/build/stages/08-book/), so a site built on a machine that made the PDF shows its numbers.
 */
export function publishedPageMap(outDir: string, locale: string): Record<string, number> | undefined {
  const folder = join(outDir, 'reports');
  const file = existsSync(folder) ? readdirSync(folder).find((name) => name.endsWith(`-${locale}.pages.json`)) : undefined;
  return file ? (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { map: Record<string, number> }).map : undefined;
}

/** A build as `esg build --compress` runs it: comparisons of out/ folders cover the compressed copies too. */
export const quietBuild = (contentDir: string, outDir: string, clean = false) => build({ contentDir, outDir, verbose: false, clean, compress: true });
