/**
 * A figure written with its unit, as both the site (templates/metrics.ts) and the editor's figure
 * picker write it. English puts a space between them; Chinese writes a unit in Chinese characters
 * right after the figure (`18,886公噸CO2e`) and one in Latin letters after a space (`5.5 MWp`). A
 * unit name with `{value}` places the figure itself (`NT${value}` → `NT$1.86`); an empty name adds
 * nothing.
 */
export function placeUnit(formatted: string, name: string, iso: string): string {
  if (name.includes('{value}')) return name.replace('{value}', formatted);
  if (!name) return formatted;
  const joined = iso.startsWith('zh') && /^[\u3400-\u9fff\uf900-\ufaff]/.test(name);
  return joined ? `${formatted}${name}` : `${formatted} ${name}`;
}

/**
 * New Taiwan dollars in each money unit of the registry: a table of the book puts its amounts in
 * one of them (templates/book/DataAppendix.tsx). `NTD` is left out: its figures are per share or
 * nil, and stay in dollars.
 */
export const moneyUnits: Readonly<Record<string, number>> = { 'NTD-10k': 1e4, 'NTD-million': 1e6, 'NTD-100m': 1e8 };
