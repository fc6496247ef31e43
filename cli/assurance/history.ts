import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { parse } from 'yaml';
import { git } from '../edit/git.ts';
import type { FigureEdit } from '../../schemas/editApi.ts';

/**
 * A figure's history in words, read from Git: every commit that changed the value of a metric's
 * year in content/metrics.yaml, who made it and when, the value before and after, the commit's
 * message, and whether the registry explains the change as a restatement.
 */

/**
 * One change of a figure's value, as the editor shows it (who approved it from team mode's
 * `Approved-by:` trailer, the registry's `restated` reason as of the change), with its commit
 * (undefined for a change not committed yet) and the author's e-mail.
 */
export interface FigureChange extends Omit<FigureEdit, 'uncommitted'> {
  commit?: string;
  email?: string;
}

/** The changes of every figure of the registry, oldest first. */
export interface FigureHistory {
  /** Whether the registry is in a Git repository with commits; without, every history is empty. */
  tracked: boolean;
  of(id: string, year: number): FigureChange[];
}

interface Commit {
  hash: string;
  /** The parents that touched the file (Git's parent rewriting); none for the commit that made it. */
  parents: string[];
  author: string;
  email: string;
  date: string;
  message: string;
  approvedBy: string;
  /** The commit's patch of the file (`git log -p --unified=0`); empty for a merge. */
  patch: string;
}

/** What a version of the registry says of each figure: its value and restatement reason, by `id year`. */
type Figures = Map<string, { value: number; restated?: { zh_TW: string; en: string } }>;

/**
 * The history of every figure of `registryFile` (content/metrics.yaml), from `git log -p` of the
 * file: each commit's version compared with its first parent's, so that commits of branches
 * merged later are each compared with what they changed, and a merge counts only for a value
 * none of its parents had (a conflict resolved by hand). Last, the file as it is now against the
 * checkout's commit. A version is parsed only when its patch touches a line that can hold a
 * figure (a year, `values`, `restated`, an `id`): parsing the whole registry takes a tenth of a
 * second, and most commits change its words.
 */
export async function readHistory(registryFile: string): Promise<FigureHistory> {
  const cwd = dirname(registryFile);
  const name = basename(registryFile);
  const commits = await commitsOf(cwd, name);
  const changes = new Map<string, FigureChange[]>();
  const versions = new Map<string, Figures>();
  const record = (before: Figures[], after: Figures, commit: Partial<Commit>) => {
    for (const key of new Set([...before.flatMap((figures) => [...figures.keys()]), ...after.keys()])) {
      const now = after.get(key);
      if (before.some((figures) => figures.get(key)?.value === now?.value)) continue;
      const was = before[0]?.get(key);
      const change: FigureChange = {
        ...(commit.hash && { commit: commit.hash, author: commit.author, email: commit.email, date: commit.date, message: commit.message }),
        ...(commit.approvedBy && { approvedBy: commit.approvedBy }),
        from: was?.value,
        to: now?.value,
        ...(now?.restated && { restated: now.restated }),
      };
      changes.set(key, [...(changes.get(key) ?? []), change]);
    }
  };
  for (const commit of commits) {
    const parents = commit.parents.map((parent) => versions.get(parent) ?? new Map());
    const merge = commit.parents.length > 1;
    const after = merge || mayChangeFigures(commit.patch) ? figuresOf(await git(cwd, ['show', `${commit.hash}:./${name}`])) : (parents[0] ?? new Map());
    versions.set(commit.hash, after);
    record(parents.length ? parents : [new Map()], after, commit);
  }
  const tracked = commits.length > 0;
  if (tracked) {
    const committed = await git(cwd, ['show', `HEAD:./${name}`]).catch(() => '');
    const now = readFileSync(registryFile, 'utf8');
    if (now !== committed) record([figuresOf(committed)], figuresOf(now), {});
  }
  return { tracked, of: (id, year) => (tracked ? (changes.get(`${id} ${year}`) ?? []) : []) };
}

/** Whether a patch adds or removes a line that can hold a figure: a year key, `values`, `restated` or an `id`. */
function mayChangeFigures(patch: string): boolean {
  return /^[-+](?![-+]{2} ).*(?:(?:^|[\s{,])(?:19|20)\d\d\s*:|values|restated|\bid\s*:)/m.test(patch);
}

/**
 * The commit the folder's checkout is at, with its committer's date, and whether the folder has
 * changes not committed; undefined outside a Git repository or before the first commit.
 */
export async function headCommit(cwd: string): Promise<{ hash: string; date: string; changed: boolean } | undefined> {
  try {
    const [hash, date] = (await git(cwd, ['log', '-1', '--format=%H%x1f%cI'])).trim().split('\x1f');
    if (!hash || !date) return undefined;
    return { hash, date, changed: (await git(cwd, ['status', '--porcelain', '--', '.'])).trim() !== '' };
  } catch {
    return undefined;
  }
}

/** The commits that changed the file, parents before children, with their patches; none outside a Git repository. */
async function commitsOf(cwd: string, name: string): Promise<Commit[]> {
  let log: string;
  try {
    log = await git(cwd, [
      'log',
      '--reverse',
      '--topo-order',
      '--parents',
      '-p',
      '--unified=0',
      '--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%(trailers:key=Approved-by,valueonly,separator=%x2C )%x1f%B%x1f',
      '--',
      name,
    ]);
  } catch {
    return [];
  }
  return log
    .split('\x1e')
    .filter(Boolean)
    .map((record) => {
      const [hash, parents, author, email, date, approvedBy, message, patch] = record.split('\x1f') as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      return {
        hash,
        parents: parents.split(' ').filter(Boolean),
        author,
        email,
        date,
        approvedBy: approvedBy.trim(),
        message: message.trim(),
        patch: patch ?? '',
      };
    });
}

/** The figures of one version of the registry; none when that version is not a registry YAML can read. */
function figuresOf(text: string): Figures {
  const figures: Figures = new Map();
  let data: unknown;
  try {
    data = parse(text);
  } catch {
    return figures;
  }
  const metrics = data && typeof data === 'object' && 'metrics' in data && Array.isArray(data.metrics) ? (data.metrics as unknown[]) : [];
  for (const metric of metrics) {
    if (!metric || typeof metric !== 'object' || !('id' in metric) || !('values' in metric) || !metric.values || typeof metric.values !== 'object') continue;
    const restated = 'restated' in metric && metric.restated && typeof metric.restated === 'object' ? (metric.restated as Record<string, unknown>) : {};
    for (const [year, value] of Object.entries(metric.values))
      if (typeof value === 'number') figures.set(`${String(metric.id)} ${year}`, { value, ...(isTexts(restated[year]) && { restated: restated[year] }) });
  }
  return figures;
}

function isTexts(value: unknown): value is { zh_TW: string; en: string } {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    typeof (value as { zh_TW?: unknown }).zh_TW === 'string' &&
    typeof (value as { en?: unknown }).en === 'string'
  );
}
