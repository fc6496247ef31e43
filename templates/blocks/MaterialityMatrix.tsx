import type { MaterialityMatrix as Matrix, MaterialityTopic } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';
import { DataTable } from './DataTable.tsx';
import { SiteLink } from './SiteLink.tsx';

/** Drawing area of the chart in SVG units; scores map onto the plot box inside the margins. */
const size = { width: 480, height: 420, left: 56, right: 16, top: 16, bottom: 56 };
const plot = { width: size.width - size.left - size.right, height: size.height - size.top - size.bottom };

/** The axes start at the whole score below the lowest one, so clustered topics spread over the chart. */
function axesOf(matrix: Matrix) {
  const low = Math.min(4, Math.floor(Math.min(matrix.threshold, ...matrix.topics.flatMap((topic) => [topic.concern, topic.impact]))));
  const scores = Array.from({ length: 6 - low }, (_, index) => low + index);
  const x = (score: number) => size.left + ((score - low) / (5 - low)) * plot.width;
  const y = (score: number) => size.top + plot.height - ((score - low) / (5 - low)) * plot.height;
  return { low, scores, x, y };
}

export const isMaterial = (topic: MaterialityTopic, threshold: number) => topic.concern >= threshold && topic.impact >= threshold;

/**
 * The materiality matrix drawn from content: each topic a numbered dot at (impact, concern), the
 * material zone shaded. The SVG has a title and description for screen readers, and the same data
 * follows as a table, which is the accessible equivalent of the picture.
 */
export function MaterialityMatrix({ matrix, id = 'materiality-matrix' }: { matrix: Matrix; id?: string }) {
  const { t } = usePage();
  const { low, scores, x, y } = axesOf(matrix);
  const categoryName = (category: string) => matrix.categories.find((entry) => entry.id === category)?.name ?? category;
  return (
    <figure className="matrix" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="matrix-caption">
        {matrix.title}
      </figcaption>
      <svg className="matrix-chart" viewBox={`0 0 ${size.width} ${size.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{matrix.title}</title>
        <desc id={`${id}-desc`}>{matrix.summary}</desc>
        <rect className="matrix-zone" x={x(matrix.threshold)} y={y(5)} width={x(5) - x(matrix.threshold)} height={y(matrix.threshold) - y(5)} />
        {scores.map((score) => (
          <g key={score} className="matrix-grid">
            <line x1={x(score)} x2={x(score)} y1={y(low)} y2={y(5)} />
            <line x1={x(low)} x2={x(5)} y1={y(score)} y2={y(score)} />
            <text x={x(score)} y={y(low) + 20} textAnchor="middle">
              {score}
            </text>
            <text x={x(low) - 12} y={y(score) + 5} textAnchor="end">
              {score}
            </text>
          </g>
        ))}
        <text className="matrix-axis" x={x((low + 5) / 2)} y={size.height - 8} textAnchor="middle">
          {matrix.impactLabel}
        </text>
        <text className="matrix-axis" x={16} y={y((low + 5) / 2)} textAnchor="middle" transform={`rotate(-90 16 ${y((low + 5) / 2)})`}>
          {matrix.concernLabel}
        </text>
        {matrix.topics.map((topic, index) => (
          <g
            key={topic.name}
            className={`matrix-dot matrix-${topic.category}`}
            transform={`translate(${x(topic.impact).toFixed(1)} ${y(topic.concern).toFixed(1)})`}
          >
            <title>
              {t('sustain.matrix.dot', {
                num: index + 1,
                name: topic.name,
                concernLabel: matrix.concernLabel,
                concern: topic.concern.toFixed(2),
                impactLabel: matrix.impactLabel,
                impact: topic.impact.toFixed(2),
              })}
            </title>
            <circle r={11} />
            <text y={4} textAnchor="middle">
              {index + 1}
            </text>
          </g>
        ))}
      </svg>
      <ul className="matrix-legend" aria-label={t('sustain.matrix.legend')}>
        {matrix.categories.map((category) => (
          <li key={category.id} className={`matrix-${category.id}`}>
            {category.name}
          </li>
        ))}
        <li className="matrix-zone-key">{t('sustain.matrix.zone', { threshold: matrix.threshold })}</li>
      </ul>
      <DataTable
        caption={t('sustain.matrix.table', { title: matrix.title })}
        head={[
          t('sustain.matrix.number'),
          t('sustain.matrix.topic'),
          t('sustain.matrix.category'),
          matrix.concernLabel,
          matrix.impactLabel,
          t('sustain.matrix.material'),
        ]}
        rows={matrix.topics.map((topic, index) => [
          String(index + 1),
          topic.url ? <SiteLink url={topic.url}>{topic.name}</SiteLink> : topic.name,
          categoryName(topic.category),
          topic.concern.toFixed(2),
          topic.impact.toFixed(2),
          isMaterial(topic, matrix.threshold) ? t('sustain.matrix.yes') : t('sustain.matrix.no'),
        ])}
      />
    </figure>
  );
}
