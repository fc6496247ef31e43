import type { Figure } from '../../schemas/types.ts';

/** Key figures shown large: value, unit, label and an optional note. */
export function Figures({ items }: { items: Figure[] }) {
  return (
    <ul className="figures">
      {items.map((figure, index) => (
        <li key={index} className="figure" data-animate="fade" data-animate-delay={(index % 4) * 100}>
          <span className="figure-value">
            {figure.value}
            {figure.unit && <span className="figure-unit">{figure.unit}</span>}
          </span>
          <span className="figure-label">{figure.label}</span>
          {figure.note && <span className="figure-note">{figure.note}</span>}
        </li>
      ))}
    </ul>
  );
}
