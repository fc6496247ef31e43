// The Eleventy comparison site (bench/vsEleventy.ts): text helpers shared by the data file and the
// templates — zh_CN conversion, figures from metrics.yaml, UI messages, dates, image sizes.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

const require = createRequire(import.meta.url);

// ——— zh_CN: Traditional → Simplified with opencc-js, as esg converts (Taiwan phrases → mainland) ———

let converter;
const converted = new Map();
const han = /[\u3400-\u9fff\uf900-\ufaff]/;

/** One string in Simplified script; each distinct string converted once per build (the menu recurs on every page). */
export function toSimplified(text) {
  if (typeof text !== 'string' || !han.test(text)) return text;
  let result = converted.get(text);
  if (result === undefined) {
    converter ??= require('opencc-js/t2cn').Converter({ from: 'twp', to: 'cn' });
    // The report word esg passes through as it is (指標 would become 指针, "pointer").
    result = converter(text.replaceAll('指標', '指标'));
    converted.set(text, result);
  }
  return result;
}

/** Fields that name things (ids, addresses, classes): never converted. */
const nonTextKeys = new Set(['id', 'url', 'to', 'href', 'src', 'cover', 'file', 'class', 'key', 'link', 'target', 'triggerAction', 'type', 'category', 'date', 'language', 'code', 'iso', 'pinned']);

/** A deep copy of YAML data with every text converted to Simplified. */
export function simplifiedData(value, key) {
  if (typeof value === 'string') return key !== undefined && nonTextKeys.has(key) ? value : toSimplified(value);
  if (Array.isArray(value)) return value.map((item) => simplifiedData(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, simplifiedData(v, k)]));
  return value;
}

// ——— figures: {{metric-id 2024}} and {{metric-id 2024 unit}} from metrics.yaml ———

const numberFormats = new Map();
function numberFormat(iso, digits, fixed) {
  const key = `${iso}/${digits}/${fixed}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(iso, { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0 })));
  return format;
}

/** The registry as one locale shows it: `{ id → { label, unit, percent, decimals, values } }`. */
export function localeMetrics(registry, code) {
  const text = (texts) => (!texts ? '' : code === 'en' ? texts.en : code === 'zh_CN' ? toSimplified(texts.zh_TW) : texts.zh_TW);
  const metrics = new Map();
  for (const metric of registry.metrics) {
    const unit = text(registry.units[metric.unit]);
    metrics.set(metric.id, { id: metric.id, label: text(metric.label), unit: unit.includes('{value}') ? unit.replace('{value}', '').trim() : unit, unitPattern: unit.includes('{value}') ? unit : undefined, percent: metric.unit === 'percent', decimals: metric.decimals ?? 0, values: metric.values });
  }
  return metrics;
}

export function formatValue(metric, value, iso) {
  const figure = numberFormat(iso, metric.decimals, true).format(value);
  return metric.percent ? `${figure}%` : figure;
}

function withUnit(metric, formatted, iso) {
  if (metric.unitPattern) return metric.unitPattern.replace('{value}', formatted);
  if (!metric.unit) return formatted;
  return iso.startsWith('zh') && han.test(metric.unit[0]) ? `${formatted}${metric.unit}` : `${formatted} ${metric.unit}`;
}

const reference = /\{\{\s*([a-z][a-z0-9-]*)\s+(\d{4})(\s+unit)?\s*\}\}/g;

/** Text with its figure references written out. */
export function withFigures(text, metrics, iso) {
  if (typeof text !== 'string' || !text.includes('{{')) return text;
  return text.replace(reference, (whole, id, year, unit) => {
    const metric = metrics.get(id);
    const value = metric?.values[year];
    if (value === undefined) return whole;
    const formatted = formatValue(metric, value, iso);
    return unit ? withUnit(metric, formatted, iso) : formatted;
  });
}

/** Every string of YAML data with its figure references written out. */
export function dataWithFigures(value, metrics, iso) {
  if (typeof value === 'string') return withFigures(value, metrics, iso);
  if (Array.isArray(value)) return value.map((item) => dataWithFigures(item, metrics, iso));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dataWithFigures(v, metrics, iso)]));
  return value;
}

// ——— UI messages (ICU, as esg's messages.yaml) ———

/** `t(key, values)` over a locale's messages; each message compiled once. */
export function translator(messages, iso) {
  const compiled = new Map();
  return (key, values) => {
    const message = messages[key] ?? key;
    if (!values && !message.includes('{')) return message;
    let format = compiled.get(key);
    if (!format) compiled.set(key, (format = new IntlMessageFormat(message, iso)));
    return String(format.format(values));
  };
}

// ——— dates, file sizes, image sizes ———

const dateFormats = new Map();
/** 2024-05-17 → `2024年5月17日` / `May 17, 2024`. */
export function formatDate(date, iso) {
  let format = dateFormats.get(iso);
  if (!format) dateFormats.set(iso, (format = new Intl.DateTimeFormat(iso, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })));
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** Front matter's `date` as YYYY-MM-DD (YAML may have made it a Date). */
export const isoDate = (date) => (date instanceof Date ? date.toISOString().slice(0, 10) : String(date));

export function fileSize(bytes, iso) {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${numberFormat(iso, unit === 0 || value >= 10 ? 0 : 1, false).format(value)} ${units[unit]}`;
}

const sizes = new Map();
/** An image's width and height, read from the file once (SVG attributes or viewBox). */
export function imageSize(assetsParent, src) {
  let size = sizes.get(src);
  if (!size) {
    let width;
    let height;
    try {
      const head = readFileSync(join(assetsParent, src)).subarray(0, 400).toString('utf8');
      width = /\swidth="(\d+)"/.exec(head)?.[1];
      height = /\sheight="(\d+)"/.exec(head)?.[1];
      const box = /viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"/.exec(head);
      width ??= box?.[1];
      height ??= box?.[2];
    } catch {
      // a missing image shows without a size
    }
    sizes.set(src, (size = { width, height }));
  }
  return size;
}

export const fileBytes = (path) => statSync(path).size;
