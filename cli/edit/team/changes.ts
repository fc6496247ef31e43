import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeAtomically } from '../document.ts';
import { newFile, type DraftFiles } from '../fileApi.ts';

import type { ChangeState } from '../../../schemas/editApi.ts';

export type { ChangeState } from '../../../schemas/editApi.ts';

/** The files uploaded into a change (pictures, evidence), by path inside content/. */
export const uploadsOf = (change: Change) => change.files.flatMap((held) => (held.base === uploaded ? [held.path] : []));

/** A change that takes no more saves: published, or discarded by its author or an admin. */
export const closed = (change: { state: ChangeState }) => change.state === 'published' || change.state === 'discarded';

/** A change's base for a file uploaded into it (`assets/images/…`, `evidence/2024/…`): in content/ at once, committed when the change is published. */
export const uploaded = 'uploaded';

export interface ChangeEvent {
  /** `saved` (one file), `reopened` (a save after it was submitted or approved), or the state it went to. */
  action: 'saved' | 'reopened' | 'submitted' | 'approved' | 'returned' | 'published' | 'discarded';
  by: string;
  /** ISO time. */
  at: string;
  path?: string;
  comment?: string;
}

/** A change as kept: its files reach content/ only when it is published. */
export interface Change {
  id: string;
  state: ChangeState;
  author: string;
  /**
   * Each file the change holds, with the ETag the file in content/ had when the change first took
   * it (`newFile` for one it made), or `uploaded` for a file uploaded into it (a picture, an
   * evidence file), which is written into content/ at once and committed when it is published.
   */
  files: { path: string; base: string }[];
  events: ChangeEvent[];
  /** The commit that published it. */
  commit?: string;
}

export interface TeamChanges {
  /** Every change, oldest first. */
  list(): Change[];
  find(id: string): Change | undefined;
  /** The member's change not yet published, which their saves go into (at most one). */
  openOf(author: string): Change | undefined;
  /** The change's text of a file it holds. */
  text(change: Change, path: string): Buffer;
  /** Where the member's saves go: their open change, made at their first save. */
  draftsOf(author: string): DraftFiles;

  /** Records the change's new state, and who moved it there and why. */
  move(change: Change, to: ChangeState, event: Omit<ChangeEvent, 'at'>): void;
}

/** The changes under review, each a folder under `<team folder>/changes/<id>/`: change.json, and the files' text under files/. */
export function teamChanges(folder: string): TeamChanges {
  const root = join(folder, 'changes');
  const changeFile = (id: string) => join(root, id, 'change.json');
  const fileOf = (id: string, path: string) => join(root, id, 'files', ...path.split('/'));
  const write = (change: Change) => {
    mkdirSync(join(root, change.id), { recursive: true, mode: 0o700 });
    writeAtomically(changeFile(change.id), `${JSON.stringify(change, null, 2)}\n`);
  };
  const find = (id: string) =>
    /^[a-f0-9]{16}$/.test(id) && existsSync(changeFile(id)) ? (JSON.parse(readFileSync(changeFile(id), 'utf8')) as Change) : undefined;
  const list = () => (existsSync(root) ? readdirSync(root) : []).flatMap((id) => find(id) ?? []).sort((a, b) => a.events[0]!.at.localeCompare(b.events[0]!.at));
  const openOf = (author: string) => list().find((change) => change.author === author && !closed(change));

  /** The member's open change (a new one at their first save) with the file in it, back to draft. */
  const taken = (author: string, path: string, base: string) => {
    const change = openOf(author) ?? { id: randomBytes(8).toString('hex'), state: 'draft' as const, author, files: [], events: [] };
    if (!change.files.some((file) => file.path === path)) change.files.push({ path, base });
    const at = new Date().toISOString();
    // What a reviewer saw is not what would be published any more: it is reviewed again.
    if (change.state !== 'draft') change.events.push({ action: 'reopened', by: author, at });
    change.state = 'draft';
    change.events.push({ action: 'saved', by: author, at, path });
    return change;
  };

  const save = (author: string, path: string, text: string, base: string) => {
    const change = taken(author, path, base);
    const file = fileOf(change.id, path);
    mkdirSync(dirname(file), { recursive: true });
    writeAtomically(file, text);
    write(change);
  };

  return {
    list,
    find,
    openOf,
    text: (change, path) => readFileSync(fileOf(change.id, path)),
    draftsOf: (author) => ({
      read(file) {
        const change = openOf(author);
        return change?.files.some((held) => held.path === file.path) ? readFileSync(fileOf(change.id, file.path)) : undefined;
      },
      save: (file, text, base) => save(author, file.path, text, base),
      made: () => openOf(author)?.files.flatMap((held) => (held.base === newFile ? [held.path] : [])) ?? [],
      hold: (path) => write(taken(author, path, uploaded)),
    }),
    move(change, to, event) {
      change.state = to;
      change.events.push({ ...event, at: new Date().toISOString() });
      write(change);
    },
  };
}
