import { statSync } from 'node:fs';
import type { SavedBy } from '../../schemas/editApi.ts';
import type { ContentFile } from './contentFiles.ts';
import { git, repositoryOf } from './git.ts';

export type { SavedBy } from '../../schemas/editApi.ts';

/**
 * Who saved the version of a content file that a save ran into, as far as the folder tells: the
 * author of the last commit of the file when the file is as committed (in team mode, the writer
 * whose change was published), else only when the file was written (by the single-person editor,
 * or by a program outside the editor: Git cannot say who).
 */
export async function savedBy(contentDir: string, file: ContentFile): Promise<SavedBy> {
  const written = { at: statSync(file.absolute).mtime.toISOString() };
  if (!(await repositoryOf(contentDir))) return written;
  const uncommitted = (await git(contentDir, ['status', '--porcelain', '--', file.path])).trim();
  if (uncommitted) return written;
  const [name, at] = (await git(contentDir, ['log', '-1', '--format=%an%x00%aI', '--', file.path])).trim().split('\0');
  return name && at ? { name, at } : written;
}
