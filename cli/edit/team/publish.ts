import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contentFileAt, existingOrNewFileAt, isRefusal } from '../contentFiles.ts';
import { baseOf, newFile } from '../fileApi.ts';
import { writeAtomically } from '../document.ts';
import { changedFiles, commitFiles, pushToRemote, repositoryOf, type GitIdentity } from '../git.ts';
import { HttpError, refused } from '../http.ts';
import { savedBy } from '../savedBy.ts';
import { findMember } from './accounts.ts';
import type { TeamMember } from '../../../schemas/editApi.ts';
import { uploaded, uploadsOf, type Change, type TeamChanges } from './changes.ts';

/**
 * Writes an approved change's files into content/ and commits them, its author as the commit's
 * author and its approver in an `Approved-by:` trailer; then pushes, when the repository has a
 * remote. Refused, with nothing written, when a file changed in content/ since the change took it:
 * publishing would undo what was published meanwhile.
 */
export async function publishChange(
  { contentDir, dataDir, changes }: { contentDir: string; dataDir: string; changes: TeamChanges },
  change: Change,
  publisher: TeamMember,
): Promise<{ commit: string; pushed?: string }> {
  if (!(await repositoryOf(contentDir)))
    throw refused(409, 'the content folder is not in a Git repository: a team publishes through Git, which records who wrote and who approved');
  const files = change.files
    .filter((held) => held.base !== uploaded)
    .map((held) => {
      // A file the change made is stale when content/ has one at its path now.
      const file = held.base === newFile ? existingOrNewFileAt(contentDir, held.path) : contentFileAt(contentDir, held.path);
      if (isRefusal(file)) throw refused(409, `${held.path}: ${file.reason}`);
      return { file, stale: baseOf(file) !== held.base };
    });
  const stale = files.filter(({ stale }) => stale).map(({ file }) => file);
  if (stale.length)
    throw new HttpError(409, {
      error: `changed in content/ since this change took them: ${stale.map((file) => file.path).join(', ')}; the author saves them again over the new text`,
      stale: await Promise.all(stale.map(async (file) => ({ path: file.path, savedBy: await savedBy(contentDir, file) }))),
    });
  // A file saved back to what content/ holds is no change: Git would have nothing to commit.
  const changed = files
    .map(({ file }) => file)
    .filter((file) => !existsSync(file.absolute) || !changes.text(change, file.path).equals(readFileSync(file.absolute)));
  const uploads = await uploadsToCommit(contentDir, uploadsOf(change));
  if (!changed.length && !uploads.length) throw refused(409, 'every file of the change is as content/ holds it: there is nothing to publish');
  for (const file of changed) {
    mkdirSync(dirname(file.absolute), { recursive: true });
    writeAtomically(file.absolute, changes.text(change, file.path));
  }
  const approver = change.events.findLast((event) => event.action === 'approved')!.by;
  const approved = identityOf(dataDir, approver);
  const paths = [...changed.map((file) => file.path), ...uploads];
  // What the author said of the change when they submitted it is what the history shows of it.
  const summary = change.events.findLast((event) => event.action === 'submitted' && event.comment)?.comment ?? `Update ${paths.join(', ')}`;
  const message = `${summary}\n\nApproved-by: ${approved.name} <${approved.email}>`;
  const commit = await commitFiles(contentDir, paths, message, { author: identityOf(dataDir, change.author), committer: identityOf(dataDir, publisher.name) });
  change.commit = commit;
  changes.move(change, 'published', { action: 'published', by: publisher.name });
  const pushed = await pushToRemote(contentDir).catch((error: Error) => {
    console.error(`published ${commit.slice(0, 7)} but could not push it: ${error.message}`);
    return undefined;
  });
  return { commit, ...(pushed ? { pushed } : {}) };
}

/**
 * Removes from content/ the files uploaded into a discarded change that Git has never had (a file
 * committed since, by another change, stays): nothing of the change is left behind.
 */
export async function removeUploads(contentDir: string, change: Change): Promise<void> {
  const paths = uploadsOf(change);
  const root = paths.length ? await repositoryOf(contentDir) : undefined;
  if (!root) return;
  for (const file of await changedFiles(contentDir, root, paths)) if (file.status === '??') rmSync(join(contentDir, file.path), { force: true });
}

/**
 * The files uploaded into a change (pictures, evidence) that Git does not have as they are (new, or
 * changed since), to commit with its content files; refused with 409 when one is gone from content/ meanwhile.
 */
async function uploadsToCommit(contentDir: string, paths: string[]): Promise<string[]> {
  const gone = paths.filter((path) => !lstatSync(join(contentDir, path), { throwIfNoEntry: false })?.isFile());
  if (gone.length) throw refused(409, `files uploaded into this change are gone from content/: ${gone.join(', ')}; upload them again`);
  const root = await repositoryOf(contentDir);
  if (!root || !paths.length) return [];
  const changed = new Set((await changedFiles(contentDir, root, paths)).map((file) => file.path));
  return paths.filter((path) => changed.has(path));
}

/** A member as Git records them; one without an e-mail gets an address of the reserved .invalid domain, which Git requires. */
function identityOf(dataDir: string, name: string): GitIdentity {
  const member = findMember(dataDir, name);
  return { name, email: member?.email ?? `${name}@esg-team.invalid` };
}
