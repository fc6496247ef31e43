import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A content file Git sees as changed: its path inside content/ and its two-letter `git status` code (` M`, `??`, ` D`). */
export interface ChangedFile {
  path: string;
  status: string;
}

/**
 * Runs git with an argument list (no shell: a commit message or a path is never read as a
 * command) in `cwd` (the content folder), with the paths it prints unquoted. Its output may be a
 * registry's whole history (cli/assurance/history.ts).
 */
export function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    execFile('git', ['-c', 'core.quotePath=false', ...args], { cwd, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) fail(new Error(stderr.trim() || error.message));
      else done(stdout);
    });
  });
}

/** The folder of the Git repository holding the content folder, or undefined when there is none (or no git). */
export async function repositoryOf(contentDir: string): Promise<string | undefined> {
  try {
    return realpathSync((await git(contentDir, ['rev-parse', '--show-toplevel'])).trim());
  } catch {
    return undefined;
  }
}

/** The content files changed since the last commit, untracked ones included (`git status --porcelain -- .` in content/); of `paths` only, when given. */
export async function changedFiles(contentDir: string, root: string, paths = ['.']): Promise<ChangedFile[]> {
  const output = await git(contentDir, ['status', '--porcelain', '-z', '--untracked-files=all', '--', ...paths]);
  const entries = output.split('\0');
  const changed: ChangedFile[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if (!entry) continue;
    const status = entry.slice(0, 2);
    // A rename is followed by the path it had before, which is not a file any more.
    if (status.includes('R') || status.includes('C')) index++;
    changed.push({ path: insideContent(contentDir, root, entry.slice(3)), status });
  }
  return changed;
}

/**
 * When each content file was last committed (seconds since 1970), by path inside content/: the
 * first time a path appears in `git log`, newest first, is its last change.
 */
export async function commitTimes(contentDir: string, paths = ['.']): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  // A repository without a commit yet has no times to give.
  const output = await git(contentDir, ['log', '--format=%x00%ct', '--name-only', '--relative', '--', ...paths]).catch(() => '');
  for (const commit of output.split('\0')) {
    const [time, ...paths] = commit.split('\n').filter(Boolean);
    for (const path of paths) if (!times.has(path)) times.set(path, Number(time) * 1000);
  }
  return times;
}

/**
 * A content file (path inside content/) as the last commit at or before `time` (milliseconds
 * since 1970) held it; undefined when no commit before then had it.
 */
export async function committedBefore(contentDir: string, path: string, time: number): Promise<string | undefined> {
  const commit = (await git(contentDir, ['log', '-1', '--format=%H', `--before=@${Math.floor(time / 1000)}`, '--', path]).catch(() => '')).trim();
  return commit ? git(contentDir, ['show', `${commit}:./${path}`]) : undefined;
}

/**
 * Commits the given content files (paths inside content/) with `message`, and nothing else: other
 * files already staged stay staged and out of this commit (`git commit --only`). Never pushes.
 * Returns the new commit's hash.
 */
export async function commitFiles(contentDir: string, paths: string[], message: string, people?: CommitPeople): Promise<string> {
  await git(contentDir, ['add', '--all', '--', ...paths]);
  // The people of a team, not the machine's configured identity, are who Git records.
  const who = people
    ? [
        '-c',
        `user.name=${people.committer.name}`,
        '-c',
        `user.email=${people.committer.email}`,
        'commit',
        `--author=${people.author.name} <${people.author.email}>`,
      ]
    : ['commit'];
  await git(contentDir, [...who, '--quiet', '--only', '-m', message, '--', ...paths]);
  return (await git(contentDir, ['rev-parse', 'HEAD'])).trim();
}

/** A name and an address as Git records them. */
export interface GitIdentity {
  name: string;
  email: string;
}

/** Who wrote a commit's change, and who made the commit. */
export interface CommitPeople {
  author: GitIdentity;
  committer: GitIdentity;
}

/**
 * Pushes the current branch to the repository's first remote, when it has one; returns the
 * remote's name, or undefined when there is none to push to.
 */
export async function pushToRemote(contentDir: string): Promise<string | undefined> {
  const remote = (await git(contentDir, ['remote'])).split('\n')[0]?.trim();
  if (!remote) return undefined;
  await git(contentDir, ['push', '--quiet', remote, 'HEAD']);
  return remote;
}

/** A path `git status` printed (relative to the repository) as a path inside content/. */
function insideContent(contentDir: string, root: string, path: string): string {
  return relative(realpathSync(contentDir), join(root, path)).split(sep).join('/');
}
