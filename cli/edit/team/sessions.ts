import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomically } from '../document.ts';

/** A session as kept: its account, the account's password (its salt) when it signed in, and when it ends. */
interface Session {
  name: string;
  password: string;
  expires: number;
}

/** The cookie that names a signed-in session. */
export const sessionCookie = 'esg-edit-session';

/** How long a sign-in lasts: a working day, then the password again. */
export const sessionSeconds = 12 * 60 * 60;

/** Failed sign-ins counted for a name or an address, within this window. */
const failureWindow = 15 * 60 * 1000;

/**
 * How many failures within the window stop further tries. An address has more: behind a proxy
 * the whole team comes from one address, and one person's mistakes must not shut out the rest.
 */
const mostFailures = { name: 5, address: 20 };

export interface TeamSessions {
  /** A new session for the account whose password is now `password` (its salt): its id, the cookie's value. */
  open(name: string, password: string): string;
  /**
   * The account name of a session still open, or undefined; `passwordOf` gives an account's
   * password (its salt) now: a session ends when its account is removed or its password reset.
   */
  find(id: string | undefined, passwordOf: (name: string) => string | undefined): string | undefined;
  close(id: string | undefined): void;
  /** Seconds until a name or an address may try again, or 0 when it may now. */
  waitFor(name: string, address: string): number;
  failed(name: string, address: string): void;
  /** The name's failures are forgotten once its password is given. */
  succeeded(name: string): void;
}

/**
 * The signed-in sessions, kept in the team folder's sessions.json so that a restart signs nobody
 * out (only a hash of each id is kept: the file opens no session), and the failed sign-ins, kept in
 * memory.
 */
export function teamSessions(folder: string): TeamSessions {
  const now = () => Date.now();
  const file = join(folder, 'sessions.json');
  const sessions = new Map<string, Session>(existsSync(file) ? Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Session>) : []);
  const keep = () => {
    for (const [key, session] of sessions) if (session.expires <= now()) sessions.delete(key);
    writeAtomically(file, `${JSON.stringify(Object.fromEntries(sessions))}\n`);
  };
  const keyOf = (id: string) => createHash('sha256').update(id).digest('hex');
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const times = (failures.get(key) ?? []).filter((time) => time > now() - failureWindow);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };
  /** Seconds until the oldest failure that keeps `key` at its limit leaves the window. */
  const blockedFor = (key: string, most: number) => {
    const times = recent(key);
    return times.length < most ? 0 : Math.ceil((times[times.length - most]! + failureWindow - now()) / 1000);
  };

  return {
    open(name, password) {
      const id = randomBytes(32).toString('base64url');
      sessions.set(keyOf(id), { name, password, expires: now() + sessionSeconds * 1000 });
      keep();
      return id;
    },
    find(id, passwordOf) {
      const session = id === undefined ? undefined : sessions.get(keyOf(id));
      if (!session) return undefined;
      if (session.expires > now() && passwordOf(session.name) === session.password) return session.name;
      sessions.delete(keyOf(id!));
      keep();
      return undefined;
    },
    close(id) {
      if (id === undefined || !sessions.delete(keyOf(id))) return;
      keep();
    },
    waitFor: (name, address) => Math.max(blockedFor(`name:${name}`, mostFailures.name), blockedFor(`address:${address}`, mostFailures.address)),
    failed(name, address) {
      // Names tried once and never again would otherwise stay: forget every failure out of the window.
      if (failures.size > 10_000) for (const key of [...failures.keys()]) recent(key);
      for (const key of [`name:${name}`, `address:${address}`]) failures.set(key, [...recent(key), now()]);
    },
    succeeded(name) {
      failures.delete(`name:${name}`);
    },
  };
}
