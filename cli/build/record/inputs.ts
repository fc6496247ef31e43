import { hashOf } from '../../cache.ts';
import { remembered, type BuildSession } from '../session.ts';

/**
 * What a page's inputs go into its fingerprint as: an object (a document's data, an event) by its
 * hash, a list by its items', a string or a number as itself (in a list of one, never taken for a
 * hash). The page's fingerprint is then the one hash it makes. Documents' data and events are the
 * same objects from build to build of a session (cli/build/session.ts), each hashed once.
 */
export function inputKey(session: BuildSession, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => inputKey(session, item));
  return value !== null && typeof value === 'object' ? objectHash(session, value) : [value ?? null];
}

const objectHash = remembered((_session: BuildSession, value: object) => hashOf(value));
