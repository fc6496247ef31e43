import { describe, expect, it } from 'vitest';
import type { MetricsMetric } from '../../schemas/types.ts';
import { arithmeticFailures } from '../../cli/build/stages/04-metrics/registry.ts';
import type { LocaleMetric } from '../../templates/context.tsx';
import { metricText } from '../../templates/metrics.ts';

const metric = (fields: Partial<LocaleMetric>): LocaleMetric => ({
  id: 'm',
  topic: 'climate',
  label: 'm',
  unit: '',
  percent: false,
  decimals: 0,
  values: {},
  boundary: '',
  gri: [],
  sasb: [],
  ...fields,
});

describe('a figure as each locale writes it', () => {
  it('groups thousands and keeps exactly the declared decimals', () => {
    const reduction = metric({ values: { 2024: 18886 } });
    const revenue = metric({ decimals: 2, values: { 2024: 486.5, 2023: 1234567.891 } });
    for (const iso of ['zh-Hant-TW', 'zh-Hans-CN', 'en']) {
      expect(metricText(reduction, 2024, iso)).toBe('18,886');
      expect(metricText(revenue, 2024, iso)).toBe('486.50');
      expect(metricText(revenue, 2023, iso)).toBe('1,234,567.89');
    }
  });

  it('gives a percent its sign, and puts a unit after the figure as each language does', () => {
    const share = metric({ percent: true, decimals: 2, values: { 2024: 46.65 } });
    expect(metricText(share, 2024, 'zh-Hant-TW', true)).toBe('46.65%');
    const tonnes = metric({ unit: '公噸CO2e', values: { 2024: 18886 } });
    expect(metricText(tonnes, 2024, 'zh-Hant-TW', true)).toBe('18,886公噸CO2e');
    expect(metricText(metric({ unit: 't CO2e', values: { 2024: 18886 } }), 2024, 'en', true)).toBe('18,886 t CO2e');
    expect(metricText(metric({ unit: 'MWp', decimals: 1, values: { 2024: 5.5 } }), 2024, 'zh-Hant-TW', true)).toBe('5.5 MWp');
    // A currency goes first in English: the unit's pattern places the figure.
    expect(metricText(metric({ unit: 'NT$ million', unitPattern: 'NT${value} million', values: { 2024: 43018 } }), 2024, 'en', true)).toBe('NT$43,018 million');
  });

  it('has no text for a year without a value', () => {
    expect(metricText(metric({ values: { 2024: 1 } }), 2023, 'en')).toBeUndefined();
  });
});

const registered = (id: string, values: Record<string, number>, fields: Partial<MetricsMetric> = {}): MetricsMetric => ({
  id,
  topic: 'climate',
  label: { zh_TW: id, en: id },
  unit: 'tCO2e',
  values,
  boundary: { zh_TW: '全公司', en: 'Company' },
  ...fields,
});

describe('the arithmetic a metric declares', () => {
  const scope1 = registered('ghg-scope1', { 2023: 41200, 2024: 40100 });
  const scope2 = registered('ghg-scope2', { 2023: 54820, 2024: 52000 });
  const byId = (...metrics: MetricsMetric[]) => new Map(metrics.map((entry) => [entry.id, entry]));

  it('passes a sum within the rounding of its figures and fails one beyond it, with the figures side by side', () => {
    const total = registered('ghg-scope12', { 2023: 96021, 2024: 92200 }, { sum: ['ghg-scope1', 'ghg-scope2'] });
    const failures = arithmeticFailures(total, byId(scope1, scope2, total));
    expect(failures).toEqual([{ year: '2024', declared: '92,200', computed: '92,100.00', working: 'ghg-scope1 40,100 + ghg-scope2 52,000' }]);
    // 96,021 against 96,020: within a unit of rounding (half a unit for each of the three figures).
    expect(failures.some((failure) => failure.year === '2023')).toBe(false);
  });

  it('checks a share and an intensity, skipping years a part lacks, and honours a declared tolerance', () => {
    const revenue = registered('revenue', { 2023: 463.18, 2024: 486.52 }, { decimals: 2, unit: 'NTD-100m' });
    const intensity = registered('ghg-intensity', { 2022: 1, 2023: 207.31, 2024: 180 }, { decimals: 2, intensity: { of: 'ghg-scope12', per: 'revenue' } });
    const total = registered('ghg-scope12', { 2023: 96020, 2024: 92100 });
    const failures = arithmeticFailures(intensity, byId(revenue, total, intensity));
    expect(failures.map((failure) => failure.year)).toEqual(['2024']);
    expect(failures[0]!.working).toBe('ghg-scope12 92,100 ÷ revenue 486.52');
    expect(arithmeticFailures({ ...intensity, tolerance: 10 }, byId(revenue, total, intensity))).toEqual([]);
    const share = registered('women-managers', { 2024: 19.5 }, { unit: 'percent', decimals: 1, share: { part: 'women', of: 'managers' } });
    const parts = [registered('women', { 2024: 39 }), registered('managers', { 2024: 200 })];
    expect(arithmeticFailures(share, byId(share, ...parts))).toEqual([]);
    expect(arithmeticFailures({ ...share, values: { 2024: 21 } }, byId(share, ...parts))[0]).toMatchObject({
      declared: '21.0%',
      working: 'women 39 ÷ managers 200 × 100',
    });
  });
});
