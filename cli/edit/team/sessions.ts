import { randomBytes } from 'node:crypto';

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
  /** A new session for the account: its id, the cookie's value. */
  open(name: string): string;
  /** The account name of a session still open, or undefined. */
  find(id: string | undefined): string | undefined;
  close(id: string | undefined): void;
  /** Seconds until a name or an address may try again, or 0 when it may now. */
  waitFor(name: string, address: string): number;
  failed(name: string, address: string): void;
  /** The name's failures are forgotten once its password is given. */
  succeeded(name: string): void;
}

/** The signed-in sessions and the failed sign-ins, kept in memory: a restart signs everybody out. */
export function teamSessions(): TeamSessions {
  const now = () => Date.now();
  const sessions = new Map<string, { name: string; expires: number }>();
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
    open(name) {
      for (const [id, session] of sessions) if (session.expires <= now()) sessions.delete(id);
      const id = randomBytes(32).toString('base64url');
      sessions.set(id, { name, expires: now() + sessionSeconds * 1000 });
      return id;
    },
    find(id) {
      const session = id === undefined ? undefined : sessions.get(id);
      if (!session) return undefined;
      if (session.expires > now()) return session.name;
      sessions.delete(id!);
      return undefined;
    },
    close(id) {
      if (id !== undefined) sessions.delete(id);
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
