import type { ReportFile } from './context.tsx';

/** `1.2 MB`, `18 KB`, with the locale's decimal mark. */
export function fileSize(bytes: number, iso: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${numberFormat(iso, digits).format(value)} ${units[unit]}`;
}

/**
 * The report best suited to a locale (`reports` newest first): the newest in its own language, else
 * the newest edition's in Traditional Chinese (zh_CN readers read it more easily than English). A
 * Chinese reader is not sent to an English book because this year's Chinese one is not made yet.
 */
export function reportFor(reports: ReportFile[], locale: string): ReportFile | undefined {
  const edition = reports.filter((file) => file.year === reports[0]?.year);
  return reports.find((file) => file.language === locale) ?? edition.find((file) => file.language === 'zh_TW') ?? edition[0];
}

/** A figure with exactly `decimals` digits after the point and the locale's grouping: `18,886`, `486.52`. */
export function formatFigure(value: number, iso: string, decimals: number): string {
  return numberFormat(iso, decimals, true).format(value);
}

/** 2024-05-17 → `2024年5月17日` / `May 17, 2024`. */
export function formatDate(date: string, iso: string): string {
  const key = `${iso} ${date}`;
  let formatted = formattedDates.get(key);
  if (formatted === undefined) formattedDates.set(key, (formatted = dateFormat(iso).format(new Date(`${date}T00:00:00Z`))));
  return formatted;
}

// Intl formatters take about a millisecond each to make, so each is made once and kept: an event
// list of thousands of dates spent most of its render time making them.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Each date as written, by locale: an event list shows thousands on each of its pages, and formatting takes microseconds. */
const formattedDates = new Map<string, string>();

/** At most `digits` decimals, or exactly that many when `fixed`. */
function numberFormat(iso: string, digits: number, fixed = false): Intl.NumberFormat {
  const key = `${iso}/${digits}/${fixed}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(iso, { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0 })));
  return format;
}

function dateFormat(iso: string): Intl.DateTimeFormat {
  let format = dateFormats.get(iso);
  if (!format) dateFormats.set(iso, (format = new Intl.DateTimeFormat(iso, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })));
  return format;
}
