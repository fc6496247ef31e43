/**
 * The known ids closest to an unknown one, best first, for a hint: `ghg-scpoe-1` → `ghg-scope-1`.
 * Distance is the number of letters to add, remove, change or swap with a neighbour (optimal string
 * alignment), so two letters typed the wrong way round are one step. An id too far from every
 * known one gives nothing: a list of unrelated ids helps nobody.
 */
export function closestIds(wanted: string, known: Iterable<string>, count = 3): string[] {
  const limit = Math.min(4, Math.max(1, Math.floor(wanted.length / 4)));
  const scored: { id: string; distance: number }[] = [];
  for (const id of new Set(known)) {
    if (id === wanted || Math.abs(id.length - wanted.length) > limit) continue;
    const distance = editDistance(wanted.toLowerCase(), id.toLowerCase(), limit);
    if (distance <= limit) scored.push({ id, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id));
  // Only those about as close as the closest: one letter off is the likely meaning, five off is not.
  const best = scored[0]?.distance ?? 0;
  return scored
    .filter((entry) => entry.distance <= best + 1)
    .slice(0, count)
    .map((entry) => entry.id);
}

/** Allowed values with the ones closest to `value` first (numbers by their difference), for "must be one of". */
export function closestFirst(value: unknown, allowed: readonly unknown[]): unknown[] {
  if (typeof value === 'number' && allowed.every((item) => typeof item === 'number')) {
    return [...allowed].sort((a, b) => Math.abs((a as number) - value) - Math.abs((b as number) - value));
  }
  if (typeof value !== 'string' || !allowed.every((item) => typeof item === 'string')) return [...allowed];
  const close = closestIds(value, allowed as string[], allowed.length);
  return [...close, ...allowed.filter((item) => !close.includes(item as string))];
}

/** Optimal string alignment distance, or `limit + 1` as soon as it is known to be over `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, before[j - 2]! + 1);
      current[j] = distance;
      rowBest = Math.min(rowBest, distance);
    }
    if (rowBest > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}
