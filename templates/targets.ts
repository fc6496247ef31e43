/**
 * A target's progress, computed from the registry alone (content/metrics.yaml): a target is a
 * metric whose values are milestones and which tracks another metric's figures. The rule of its
 * status is the rule of docs/figures.md ("Add a target"):
 *
 * - the *target level* is the last milestone: the value to reach, or with `change` the baseline
 *   moved by that per cent (down for reduce, up for increase);
 * - the *latest* value is the tracked metric's value in the latest year after the baseline;
 * - **no data yet** without one; **achieved** when the latest is at or past the target level;
 *   **on track** when it is at or past the straight path from the baseline (its year and value) to
 *   the target level in the target's year, taken at the latest's year; **behind** otherwise.
 *
 * "At or past" is ≤ for a target that reduces, ≥ for one that increases.
 */

export type TargetStatus = 'achieved' | 'on-track' | 'behind' | 'no-data';

export interface TargetDeclaration {
  tracks: string;
  baseline: { year: number; value?: number };
  direction: 'reduce' | 'increase';
  change?: boolean;
}

/** A year and the value of that year. */
export interface YearValue {
  year: number;
  value: number;
}

export interface TargetProgress {
  tracks: string;
  direction: 'reduce' | 'increase';
  /** The milestones are per cent changes against the baseline. */
  change: boolean;
  baseline: YearValue;
  /** The last milestone's year and the level it sets, in the tracked metric's unit. */
  target: YearValue;
  /** The tracked metric's value in its latest year after the baseline. */
  latest?: YearValue;
  status: TargetStatus;
  /** How far from the baseline to the target level the latest value is, 0 to 1. */
  progress: number;
}

/**
 * The progress of the target whose milestones are `milestones`, tracking the figures `tracked`;
 * undefined when its baseline has no value (the metrics stage reports it).
 */
export function targetProgress(
  declaration: TargetDeclaration,
  milestones: Record<string, number>,
  tracked: Record<string, number>,
): TargetProgress | undefined {
  const { direction } = declaration;
  const baselineValue = declaration.baseline.value ?? tracked[declaration.baseline.year];
  const last = Object.keys(milestones)
    .map(Number)
    .sort((a, b) => a - b)
    .at(-1);
  if (baselineValue === undefined || last === undefined) return undefined;
  const baseline = { year: declaration.baseline.year, value: baselineValue };
  const sign = direction === 'reduce' ? -1 : 1;
  const level = declaration.change ? baseline.value * (1 + (sign * milestones[last]!) / 100) : milestones[last]!;
  const target = { year: last, value: Number(level.toFixed(6)) };
  const latestYear = Object.keys(tracked)
    .map(Number)
    .filter((year) => year > baseline.year)
    .sort((a, b) => a - b)
    .at(-1);
  const latest = latestYear === undefined ? undefined : { year: latestYear, value: tracked[latestYear]! };
  /** Whether `value` is at or past `mark` in the target's direction. */
  const reaches = (value: number, mark: number) => sign * (value - mark) >= 0;
  let status: TargetStatus = 'no-data';
  if (latest) {
    const path = baseline.value + (target.value - baseline.value) * Math.min(1, (latest.year - baseline.year) / Math.max(1, target.year - baseline.year));
    status = reaches(latest.value, target.value) ? 'achieved' : reaches(latest.value, path) ? 'on-track' : 'behind';
  }
  const span = target.value - baseline.value;
  const progress = latest && span !== 0 ? Math.min(1, Math.max(0, (latest.value - baseline.value) / span)) : status === 'achieved' ? 1 : 0;
  return { tracks: declaration.tracks, direction, change: declaration.change ?? false, baseline, target, latest, status, progress };
}
