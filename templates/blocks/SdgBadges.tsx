import { Tags } from './Tags.tsx';

/** SDG numbers as coloured goal tags (`SDG 7`), the same tags focus pages carry. */
export function SdgBadges({ numbers, label }: { numbers: number[]; label: string }) {
  return <Tags tags={numbers.map((num) => `SDG ${num}`)} label={label} />;
}
