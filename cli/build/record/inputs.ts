import { hashOf } from '../../cache.ts';
import { remembered } from './memo.ts';

/**
 * What a page's inputs go into its fingerprint as: an object (a document's data, an event) by its
 * hash, a list by its items', a string or a number as itself (in a list of one, never taken for a
 * hash). The page's fingerprint is then the one hash it makes. Documents' data and events are the
 * same objects from build to build in a long-running process (memo.ts), each hashed once.
 */
export function inputKey(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inputKey);
  return value !== null && typeof value === 'object' ? objectHash(value) : [value ?? null];
}

const objectHash = remembered((value: object) => hashOf(value));
