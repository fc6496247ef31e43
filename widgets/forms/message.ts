/**
 * Fills the ICU placeholders of texts passed to a widget: `第 {current} 題` → `第 3 題`, and the
 * plural form of a number by the browser's own rules for the page's language (`Intl.PluralRules`,
 * no message library in the bundle): `{count, plural, one {# section} other {# sections}}` → `1
 * section`, `4 sections` (`=0 {…}` takes an exact number first; `#` is the number).
 */
export function fill(message: string, values: Record<string, string | number>, language = pageLanguage()): string {
  return message
    .replace(/\{(\w+),\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g, (whole, name: string, forms: string) => {
      const count = Number(values[name]);
      if (!(name in values) || Number.isNaN(count)) return whole;
      const chosen = new Map([...forms.matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)].map(([, form, text]) => [form!, text!]));
      const text = chosen.get(`=${count}`) ?? chosen.get(new Intl.PluralRules(language).select(count)) ?? chosen.get('other') ?? whole;
      return text.replace(/#/g, String(count));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The page's language (`<html lang>`), or English where there is no page (a server render). */
function pageLanguage(): string {
  return (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';
}
