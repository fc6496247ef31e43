import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ReportExchange, ReportGri, ReportIndexItem, ReportSasb } from '../../schemas/types.ts';
import { sampleContent } from '../helpers/site.ts';

const read = <T>(file: string): T => parse(readFileSync(join(sampleContent, 'zh_TW/report', file), 'utf8')) as T;
const gri = read<ReportGri>('gri.yaml');
const griItems: ReportIndexItem[] = Object.values(gri.sets).flatMap((set) => set.content.flatMap((group) => group.items));
const byNum = (num: string) => griItems.filter((item) => item.num === num);

describe('the GRI content index (zh_TW)', () => {
  const general = Array.from({ length: 30 }, (_, index) => `2-${index + 1}`);
  const material = ['3-1', '3-2', '3-3'];

  it.each([...general, ...material])('has disclosure %s with a location or an omission', (num) => {
    const items = byNum(num);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Boolean(item.chapter?.length) || Boolean(item.omission)).toBe(true);
  });

  it('never omits 2-1 to 2-5, 3-1 and 3-2 (GRI 1 does not allow it)', () => {
    for (const num of ['2-1', '2-2', '2-3', '2-4', '2-5', '3-1', '3-2']) expect(byNum(num).every((item) => !item.omission)).toBe(true);
  });

  it('states its use: in accordance with the GRI Standards, period 2024, GRI 1: Foundation 2021', () => {
    const statement = gri.statement.rows.map((row) => row.text).join(' ');
    expect(statement).toContain('依循 GRI 準則');
    expect(statement).toContain('2024 年 1 月 1 日至 2024 年 12 月 31 日');
    expect(statement).toContain('GRI 1：基礎 2021');
  });

  it('lists topic disclosures only from 201 to 418, each material topic with its 3-3', () => {
    const topics = griItems.filter((item) => /^\d{3}-\d+$/.test(item.num)).map((item) => Number(item.num.split('-')[0]));
    expect(topics.length).toBeGreaterThan(40);
    expect(topics.every((standard) => standard >= 201 && standard <= 418 && standard !== 307 && standard !== 419)).toBe(true);
    for (const group of gri.sets.GRI3.content) {
      expect(group.tag).toBeTruthy();
      expect(group.items[0]!.num).toBe('3-3');
    }
  });
});

describe('the SASB index (zh_TW)', () => {
  const sasb = read<ReportSasb>('sasb.yaml');
  const groups = Object.values(sasb.sets).flatMap((set) => set.groups);

  it('has well-formed RT-EE and EM-IS codes, each metric once', () => {
    const codes = groups.map((group) => group.code);
    for (const code of codes) expect(code).toMatch(/^(RT-EE|EM-IS)-(\d{3}a\.\d|000\.[A-Z])$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((code) => code.startsWith('RT-EE')).length).toBeGreaterThan(5);
    expect(codes.filter((code) => code.startsWith('EM-IS')).length).toBeGreaterThan(5);
    expect(codes).toEqual(expect.arrayContaining(['RT-EE-000.A', 'RT-EE-000.B', 'EM-IS-000.A', 'EM-IS-000.B', 'EM-IS-000.C']));
  });

  it('gives quantitative rows a value for 2020–2024 and discussion rows chapter links', () => {
    for (const group of groups) {
      for (const row of group.rows) {
        if (group.type === 'quantitative') expect([row.data2020, row.data2021, row.data2022, row.data2023, row.data2024].every(Boolean)).toBe(true);
        else expect(row.chapter?.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('the exchange disclosures (zh_TW)', () => {
  it('has climate items 1 to 9, once each', () => {
    const exchange = read<ReportExchange>('exchange.yaml');
    expect(exchange.climate.items.map((item) => item.num).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
