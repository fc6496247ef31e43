import { describe, expect, it } from 'vitest';
import { byteOrderMark, toCsv } from '../../cli/build/csv.ts';
import { parseCsv } from './parseCsv.ts';

describe('the CSV writer', () => {
  it('round-trips fields with commas, quotes, line breaks, edge spaces and Chinese', () => {
    const records = [
      ['編號', '揭露項目', '對應章節與頁碼'],
      ['2-1', '組織詳細資訊', '公司概況／公司簡介 p.10\n公司概況／生產據點 p.12'],
      ['305-1', 'He said "scope 1", then left', ' leading and trailing '],
      ['', '5,812,340 GJ', 'a\r\nb'],
    ];
    const text = toCsv(records);
    expect(text.startsWith(byteOrderMark)).toBe(true);
    expect(parseCsv(text)).toEqual(records);
  });

  it('quotes only fields that need it and ends records with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'd"e']])).toBe(`${byteOrderMark}a,"b,c","d""e"\r\n`);
  });
});
