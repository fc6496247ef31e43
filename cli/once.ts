/**
 * `make`'s value, made on first use and the same ever after. Only for what depends on the code and
 * its packages alone (a table of a package's dictionaries, the hash of the code): never on content,
 * so no build can find it stale. What depends on content is kept by a build session
 * (cli/build/session.ts).
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
