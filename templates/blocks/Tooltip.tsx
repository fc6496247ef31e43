import { Island } from '../Island.tsx';

/** A tooltip beside a table item: an island, so that touch can open it too (widgets/Tooltip.tsx). */
export function Tooltip({ id, label, text }: { id: string; label: string; text: string }) {
  return <Island name="Tooltip" as="span" className="tooltip-island" props={{ id, label, text }} />;
}
