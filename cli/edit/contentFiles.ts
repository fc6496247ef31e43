import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { editionYear, kindOf, siteWideFiles, type ContentKind } from '../content/catalog.ts';
import { localeFolders } from '../content/catalog.ts';
import { walk } from '../content/walk.ts';

/** What a content file is, in the editors' words: the groups of the editor's file list. */
export type FileGroup = 'page' | 'focus' | 'report' | 'event' | 'menu' | 'messages' | 'metrics' | 'quiz' | 'survey' | 'site';

/** A content file the editor may read and write. */
export interface ContentFile {
  /** Its path inside content/, with `/`: `zh_TW/pages/about.yaml`, `site.yaml`. */
  path: string;
  absolute: string;
  /** Its locale folder, or null for the files directly in content/. */
  locale: string | null;
  /** Its path inside the locale folder: `pages/about.yaml`. */
  localPath: string;
  kind: ContentKind;
  group: FileGroup;
}

/** Why a path is not a content file the editor serves: an HTTP status and a reason for the JSON answer. */
export interface Refusal {
  status: 400 | 403 | 404 | 412;
  reason: string;
}

const groupsByPattern: Record<string, FileGroup> = {
  'events/*.md': 'event',
  'focus/*/*.yaml': 'focus',
  'menu.yaml': 'menu',
  'sitemap.yaml': 'menu',
  'messages.yaml': 'messages',
  'metrics.yaml': 'metrics',
  'qa.yaml': 'quiz',
  'questionnaire.yaml': 'survey',
  'site.yaml': 'site',
  'synonyms.yaml': 'site',
};

function groupOf(kind: ContentKind): FileGroup {
  return groupsByPattern[kind.pattern] ?? (kind.pattern.startsWith('report/') ? 'report' : 'page');
}

/** The content file of a relative path as the catalogue names it (cli/content/catalog.ts), or undefined when it names no kind. */
function classify(contentDir: string, path: string): ContentFile | undefined {
  const [first = '', ...rest] = path.split('/');
  const absolute = join(contentDir, ...path.split('/'));
  if (!rest.length) {
    const kind = siteWideFiles.find((candidate) => candidate.pattern === first);
    return kind && { path, absolute, locale: null, localPath: path, kind, group: groupOf(kind) };
  }
  const localPath = rest.join('/');
  const kind = localeFolders.includes(first) ? kindOf(localPath) : undefined;
  return kind && { path, absolute, locale: first, localPath, kind, group: groupOf(kind) };
}

/**
 * The content file a requested path names, or why it is refused. The path must be relative and
 * plain (no `..`, `.`, empty or backslashed parts: nothing to normalise), name a kind of content
 * file, and stay inside content/ once symbolic links are followed.
 */
export function contentFileAt(contentDir: string, requested: string): ContentFile | Refusal {
  const file = namedFile(contentDir, requested);
  if (isRefusal(file)) return file;
  if (!existsSync(file.absolute)) return { status: 404, reason: `no such content file: ${requested}` };
  const root = realpathSync(contentDir);
  // A save replaces the file by a rename, which would replace a link rather than write where it points.
  if (lstatSync(file.absolute).isSymbolicLink()) return { status: 403, reason: `the file is a symbolic link: ${requested}` };
  if (!realpathSync(file.absolute).startsWith(`${root}${sep}`))
    return { status: 403, reason: `the file leaves the content folder through a symbolic link: ${requested}` };
  if (!statSync(file.absolute).isFile()) return { status: 404, reason: `not a file: ${requested}` };
  return file;
}

/**
 * The content file a new file's path names, or why it may not be made there: the path follows
 * `contentFileAt`'s rules and has no part starting with a dot (the build would skip it), nothing is there yet (412), and the folders it would go in, as far as
 * they exist, stay inside content/ once symbolic links are followed.
 */
export function newContentFileAt(contentDir: string, requested: string): ContentFile | Refusal {
  const file = namedFile(contentDir, requested);
  if (isRefusal(file)) return file;
  if (requested.split('/').some((part) => part.startsWith('.')))
    return { status: 400, reason: `the build skips names that start with a dot; choose another name: ${requested}` };
  if (lstatExists(file.absolute)) return { status: 412, reason: `${requested} exists already; open it to edit it` };
  let folder = dirname(file.absolute);
  while (!existsSync(folder)) folder = dirname(folder);
  const root = realpathSync(contentDir);
  const real = realpathSync(folder);
  if (real !== root && !real.startsWith(`${root}${sep}`))
    return { status: 403, reason: `the folder of ${requested} leaves the content folder through a symbolic link` };
  return file;
}

/**
 * The content file at a path (`contentFileAt`), or, where nothing is there yet, the new file it
 * names (`newContentFileAt`): a file a team member's change makes.
 */
export function existingOrNewFileAt(contentDir: string, requested: string): ContentFile | Refusal {
  return lstatExists(join(contentDir, ...requested.split('/'))) ? contentFileAt(contentDir, requested) : newContentFileAt(contentDir, requested);
}

/** A plain relative path (no `..`, `.`, empty or backslashed parts: nothing to normalise) that names a kind of content file. */
function namedFile(contentDir: string, requested: string): ContentFile | Refusal {
  if (requested.includes('\0') || requested.includes('\\')) return { status: 400, reason: `not a content path: ${requested}` };
  if (isAbsolute(requested) || /^[A-Za-z]:/.test(requested)) return { status: 400, reason: `absolute paths are refused: ${requested}` };
  if (requested.split('/').some((part) => part === '' || part === '.' || part === '..'))
    return { status: 400, reason: `the path must stay inside the content folder, without . or .. parts: ${requested}` };
  if (editionYear(requested))
    return { status: 403, reason: `a published edition's figures stay as published; the build compares the registry with them: ${requested}` };
  return classify(contentDir, requested) ?? { status: 404, reason: `not a kind of content file the build reads: ${requested}` };
}

/** Something is at the path, a broken symbolic link too. */
function lstatExists(absolute: string): boolean {
  return lstatSync(absolute, { throwIfNoEntry: false }) !== undefined;
}

export function isRefusal(value: ContentFile | Refusal): value is Refusal {
  return 'status' in value;
}

/** Every content file, site-wide files first, then each locale folder's, sorted by path. */
export function listContentFiles(contentDir: string): ContentFile[] {
  const paths = [
    ...siteWideFiles.map((kind) => kind.pattern),
    ...localeFolders.flatMap((locale) =>
      existsSync(join(contentDir, locale)) ? walk(join(contentDir, locale)).map((path) => `${locale}/${path.split(sep).join('/')}`) : [],
    ),
  ];
  return paths.flatMap((path) => {
    const file = contentFileAt(contentDir, path);
    return isRefusal(file) ? [] : [file];
  });
}
