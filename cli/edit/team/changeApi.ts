import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EditorBuilds } from '../builds.ts';
import { readJson, refused, sendJson } from '../http.ts';
import { atLeast } from './accounts.ts';
import type { ChangeSummary, TeamMember } from '../../../schemas/editApi.ts';
import type { Change, ChangeEvent, ChangeState, TeamChanges } from './changes.ts';
import { publishChange, removeUploads } from './publish.ts';
import { changeDiff } from './changeDiff.ts';

export interface ChangeApiContext {
  contentDir: string;
  dataDir: string;
  builds: EditorBuilds;
  changes: TeamChanges;
  /** A publish prints the report PDFs too (`esg edit --team --pdf`). */
  pdf?: boolean;
}

/** A step of a review: the states it starts from, the state it leads to, and why a member may not take it (or undefined). */
interface Step {
  from: ChangeState[];
  to: ChangeState;
  action: ChangeEvent['action'];
  refusal: (member: TeamMember, change: Change) => string | undefined;
}

const steps: Record<string, Step> = {
  submit: {
    from: ['draft'],
    to: 'submitted',
    action: 'submitted',
    refusal: (member, change) => (member.name === change.author ? undefined : 'only its author submits a change'),
  },
  approve: {
    from: ['submitted'],
    to: 'approved',
    action: 'approved',
    refusal: (member, change) =>
      !atLeast(member, 'reviewer')
        ? 'only a reviewer or an admin approves a change'
        : member.name === change.author
          ? 'nobody approves their own change'
          : undefined,
  },
  return: {
    from: ['submitted', 'approved'],
    to: 'draft',
    action: 'returned',
    refusal: (member) => (atLeast(member, 'reviewer') ? undefined : 'only a reviewer or an admin returns a change'),
  },
  discard: {
    from: ['draft', 'submitted', 'approved'],
    to: 'discarded',
    action: 'discarded',
    refusal: (member, change) => (member.name === change.author || atLeast(member, 'admin') ? undefined : 'only its author or an admin discards a change'),
  },
  publish: {
    from: ['approved'],
    to: 'published',
    action: 'published',
    refusal: (member) => (atLeast(member, 'admin') ? undefined : 'only an admin publishes a change'),
  },
};

/**
 * `GET /api/changes`: every change, `{ id, state, author, files }`; `GET /api/changes/<id>`: one,
 * with its events; `GET /api/changes/<id>/diff`: what it would publish, field by field; `POST /api/changes/<id>/submit|approve|return|publish|discard` with `{ comment? }`
 * (return needs one): a step of its review, refused with 403 to a member whose role or part in it
 * does not allow it, and with 409 from a state it does not start from.
 */
export async function changeRoutes(
  context: ChangeApiContext,
  member: TeamMember,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  if (path === '/api/changes') {
    if (method !== 'GET') throw refused(405, `${method} is not allowed here; use GET`);
    return sendJson(response, 200, {
      changes: context.changes.list().map(({ id, state, author, files, events }): ChangeSummary => {
        // The last step of its review: a return is shown until the author submits again.
        const last = events.findLast((event) => event.action === 'submitted' || event.action === 'returned');
        const summary = events.findLast((event) => event.action === 'submitted' && event.comment)?.comment;
        return {
          id,
          state,
          author,
          files: files.map((file) => file.path),
          ...(state === 'draft' && last?.action === 'returned' && last.comment ? { returned: { by: last.by, comment: last.comment } } : {}),
          ...(summary ? { summary } : {}),
        };
      }),
    });
  }
  const [, id = '', name] = /^\/api\/changes\/([^/]+)(?:\/([a-z]+))?$/.exec(path) ?? [];
  const found = context.changes.find(id);
  if (!found) throw refused(404, `no such change: ${id}`);
  if (name === undefined || name === 'diff') {
    if (method !== 'GET') throw refused(405, `${method} is not allowed here; use GET`);
    return sendJson(response, 200, name ? changeDiff(context.changes, context.contentDir, found) : found);
  }
  const step = steps[name];
  if (!step) throw refused(404, `no such step of a review: ${name}; the steps are ${Object.keys(steps).join(', ')}`);
  if (method !== 'POST') throw refused(405, `${method} is not allowed here; use POST`);
  const comment = await commentOf(request, name === 'return');
  // In the queue saves are in: a change is not published while a save goes into it.
  const answer = await context.builds.queued(async () => {
    const change = context.changes.find(id)!;
    const refusal = step.refusal(member, change);
    if (refusal) throw refused(403, refusal);
    if (!step.from.includes(change.state)) throw refused(409, `the change is ${change.state}; ${name} needs it ${step.from.join(' or ')}`);
    if (name === 'publish') return { ...(await publishChange(context, change, member)), change: context.changes.find(id) };
    if (name === 'discard') await removeUploads(context.contentDir, change);
    context.changes.move(change, step.to, { action: step.action, by: member.name, ...(comment ? { comment } : {}) });
    return { change };
  });
  sendJson(response, 200, answer);
  if (name === 'publish') void context.builds.rebuild({ pdf: context.pdf });
}

/** A step's comment: `{ comment }` when a body is sent; `required` for a return, which tells the author what to change. */
async function commentOf(request: IncomingMessage, required: boolean): Promise<string | undefined> {
  const sent = request.headers['content-type'] ? await readJson(request) : {};
  const comment = typeof sent === 'object' && sent !== null ? (sent as { comment?: unknown }).comment : undefined;
  if (comment !== undefined && typeof comment !== 'string') throw refused(400, 'comment is a text');
  if (required && !comment?.trim()) throw refused(400, 'say what to change: send { "comment": "…" }');
  return comment?.trim() || undefined;
}
