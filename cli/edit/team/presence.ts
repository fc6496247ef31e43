/**
 * Who has which file open in team mode, as each member's editor says every so often
 * (`PUT /api/presence/<path>`). Kept in memory: after a restart the editors say it again within
 * their next round. Someone not heard of for `window` ms has left.
 */
export interface Presence {
  /** Notes that `name` has `path` open; answers the others who have it open, by name. */
  here(path: string, name: string): string[];
  /** Notes that `name` closed `path`. */
  left(path: string, name: string): void;
}

/** How long a member counts as having a file open after their editor last said so. */
export const presenceWindow = 60_000;

export function presence(now: () => number = Date.now): Presence {
  const seen = new Map<string, Map<string, number>>();
  return {
    here(path, name) {
      const at = now();
      const members = seen.get(path) ?? new Map<string, number>();
      members.set(name, at);
      seen.set(path, members);
      for (const [other, last] of members) if (at - last > presenceWindow) members.delete(other);
      return [...members.keys()].filter((other) => other !== name).sort();
    },
    left(path, name) {
      seen.get(path)?.delete(name);
    },
  };
}
