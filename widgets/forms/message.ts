/** `第 {current} 題` → `第 3 題`: fills the simple ICU placeholders of texts passed to a widget. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
