import { usePage, type LocaleMetric } from '../context.tsx';
import { DataTable } from './DataTable.tsx';
import { formatFigure } from '../format.ts';
import { formatValue, withUnit } from '../metrics.ts';
import type { TargetProgress, TargetStatus } from '../targets.ts';

/** A target of the registry with its progress (templates/targets.ts). */
export type Target = LocaleMetric & { target: TargetProgress };

/** The message that writes out each status. */
const statusNames = {
  achieved: 'targets.achieved',
  'on-track': 'targets.onTrack',
  behind: 'targets.behind',
  'no-data': 'targets.noDataYet',
} as const satisfies Record<TargetStatus, string>;

/** The locale's targets, in registry order; of one topic when given. */
export function targetsOf(metrics: Map<string, LocaleMetric>, topic?: string): Target[] {
  return [...metrics.values()].filter((metric): metric is Target => metric.target !== undefined && (topic === undefined || metric.topic === topic));
}

/**
 * Targets as a table: each with its baseline, latest value, target and status, and a bar drawn at
 * build time showing how far from the baseline to the target the latest value is. The status is
 * written out, never told by colour alone.
 */
export function TargetsTable({ targets, caption, captionHidden }: { targets: Target[]; caption?: string; captionHidden?: boolean }) {
  const { t, locale } = usePage();
  if (!targets.length) return null;
  const tracked = (target: Target) => locale.metrics.get(target.target.tracks)!;
  /** A value of the tracked metric, with its unit and year. */
  const at = (target: Target, point: { year: number; value: number }) =>
    t('targets.yearValue', { year: point.year, value: withUnit(tracked(target), formatValue(tracked(target), point.value, locale.iso), locale.iso) });
  const rows = targets.map((target) => {
    const { baseline, latest, status, progress, change, direction } = target.target;
    const goal = target.target.target;
    return [
      target.label,
      at(target, baseline),
      latest ? at(target, latest) : t('targets.noData'),
      <>
        {at(target, goal)}
        {change && (
          <span className="target-change">
            {t('targets.change', { direction, value: formatValue(target, target.values[goal.year]!, locale.iso), year: baseline.year })}
          </span>
        )}
      </>,
      <span className={`target-status target-${status}`}>
        <ProgressBar progress={progress} label={t('targets.progress', { percent: `${formatFigure(progress * 100, locale.iso, 0)}%` })} />
        <span className="target-status-text">{t(statusNames[status])}</span>
      </span>,
    ];
  });
  return (
    <DataTable
      caption={caption ?? t('targets.title')}
      captionHidden={captionHidden ?? !caption}
      head={[t('targets.target'), t('targets.baseline'), t('targets.latest'), t('targets.goal'), t('targets.status')]}
      rows={rows}
      className="targets-table"
    />
  );
}

/** The targets of a topic: a `targets` block of a page. */
export function TargetsOfTopic({ topic, caption }: { topic: string; caption?: string }) {
  const { t, locale } = usePage();
  // Without a caption of its own the table is named by its topic, so two blocks on a page differ.
  return <TargetsTable targets={targetsOf(locale.metrics, topic)} caption={caption ?? t('metrics.topic', { topic })} captionHidden={!caption} />;
}

/** How far along, as a bar: a track and its filled part, drawn as SVG at build time. */
function ProgressBar({ progress, label }: { progress: number; label: string }) {
  return (
    <svg className="target-bar" viewBox="0 0 100 8" width="100" height="8" role="img" aria-label={label}>
      <rect className="target-bar-track" x="0" y="0" width="100" height="8" rx="4" />
      <rect className="target-bar-done" x="0" y="0" width={Math.round(progress * 1000) / 10} height="8" rx="4" />
    </svg>
  );
}
