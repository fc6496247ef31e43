import { statSync } from 'node:fs';
import type { SchemaName } from '../../schemas/types.ts';
import { listContentFiles, type ContentFile, type FileGroup } from './contentFiles.ts';
import { changedFiles, commitTimes, repositoryOf } from './git.ts';

/** How a zh_TW file's text is in another locale. */
export interface Counterpart {
  /** The other locale's file (`en/pages/about.yaml`), whether or not it exists. */
  path: string;
  exists: boolean;
  /** It exists but was last changed before the zh_TW file it translates (or, for zh_CN, overrides). */
  stale: boolean;
}

/** One line of the editor's file list (`GET /api/files`). */
export interface ListedFile {
  path: string;
  group: FileGroup;
  locale: string | null;
  schema: SchemaName;
  /** When the file last changed (ISO time), and where that time comes from (see `lastChanges`). */
  changed: string;
  changedBy: 'git' | 'mtime';
  /** For a zh_TW file: its English version and its zh_CN override. */
  translations?: { en: Counterpart; zh_CN: Counterpart };
}

/** The locales a zh_TW file is translated into (en) or overridden in (zh_CN). */
const counterpartLocales = ['en', 'zh_CN'] as const;

/** Every content file with its group, locale, schema, last change and, for zh_TW files, translation status. */
export async function fileList(contentDir: string): Promise<ListedFile[]> {
  const files = listContentFiles(contentDir);
  const changes = await lastChanges(contentDir, files);
  const byPath = new Map(files.map((file) => [file.path, file]));
  return files.map((file): ListedFile => {
    const change = changes.get(file.path)!;
    const listed: ListedFile = {
      path: file.path,
      group: file.group,
      locale: file.locale,
      schema: file.kind.schema,
      changed: new Date(change.time).toISOString(),
      changedBy: change.by,
    };
    if (file.locale !== 'zh_TW') return listed;
    const counterpart = (locale: (typeof counterpartLocales)[number]): Counterpart => {
      const path = `${locale}/${file.localPath}`;
      const other = byPath.get(path);
      return { path, exists: Boolean(other), stale: Boolean(other) && changes.get(path)!.time < change.time };
    };
    return { ...listed, translations: { en: counterpart('en'), zh_CN: counterpart('zh_CN') } };
  });
}

/**
 * When each file last changed. In a Git repository, a committed file without changes since has
 * its last commit's time: a clone or a checkout gives every file the same, new modification time,
 * which would say nothing of which text was written first. A changed, new or uncommitted file,
 * and every file outside Git, has its modification time. Git is asked about the whole content folder
 * (the file list), or about the files alone (`ask: 'files'`, for one file: not its whole history).
 */
export async function lastChanges(
  contentDir: string,
  files: ContentFile[],
  ask: 'folder' | 'files' = 'folder',
): Promise<Map<string, { time: number; by: 'git' | 'mtime' }>> {
  const root = await repositoryOf(contentDir);
  const scope = ask === 'files' ? files.map((file) => file.path) : ['.'];
  const committed = root ? await commitTimes(contentDir, scope) : new Map<string, number>();
  const changed = new Set(root ? (await changedFiles(contentDir, root, scope)).map((file) => file.path) : []);
  return new Map(
    files.map((file) => {
      const time = committed.get(file.path);
      return [
        file.path,
        time !== undefined && !changed.has(file.path) ? { time, by: 'git' as const } : { time: statSync(file.absolute).mtimeMs, by: 'mtime' as const },
      ];
    }),
  );
}
