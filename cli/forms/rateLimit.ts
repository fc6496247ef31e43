/** Submissions one address may make per window (default: 20 a minute). */
export interface RateLimitOptions {
  /** 0 turns the limit off (`esg serve --rate-limit 0`: a load test, or a proxy in front that limits). */
  limit?: number;
  windowMs?: number;
}

/**
 * A sliding-window count per client address: `allow(address)` is false once the address has made
 * `limit` submissions within the last `windowMs`. Old entries are dropped as they age out, so the
 * memory held is bounded by the traffic of one window.
 */
export function createRateLimit({ limit = 20, windowMs = 60_000 }: RateLimitOptions = {}) {
  // Off: nothing is counted or kept (an unbounded list per address would grow without end).
  if (limit === 0) return { allow: (_address: string, _now?: number) => ({ allowed: true, retryAfter: 0 }) };
  const recent = new Map<string, number[]>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [address, times] of recent) if (times[times.length - 1]! <= now - windowMs) recent.delete(address);
  }

  return {
    /** Counts one submission and says whether it is within the limit; `retryAfter` in seconds when not. */
    allow(address: string, now = Date.now()): { allowed: boolean; retryAfter: number } {
      sweep(now);
      const times = (recent.get(address) ?? []).filter((time) => time > now - windowMs);
      if (times.length >= limit) {
        recent.set(address, times);
        return { allowed: false, retryAfter: Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000)) };
      }
      times.push(now);
      recent.set(address, times);
      return { allowed: true, retryAfter: 0 };
    },
  };
}
