import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fill } from '../../widgets/forms/message.ts';
import { sampleContent } from '../helpers/site.ts';

const resultCount = (locale: string) => (parse(readFileSync(join(sampleContent, locale, 'search.yaml'), 'utf8')) as { resultCount: string }).resultCount;

describe('texts filled in by widgets (widgets/forms/message.ts)', () => {
  it('gives the English result count the plural form of each number', () => {
    const text = resultCount('en');
    expect(fill(text, { query: 'water', count: 1, pages: 1 }, 'en')).toBe('Results for “water”: 1 section on 1 page');
    expect(fill(text, { query: 'water', count: 4, pages: 1 }, 'en')).toBe('Results for “water”: 4 sections on 1 page');
    expect(fill(text, { query: 'steel', count: 12, pages: 5 }, 'en')).toBe('Results for “steel”: 12 sections on 5 pages');
  });

  it('leaves Chinese counts, which have no plural, as written', () => {
    expect(fill(resultCount('zh_TW'), { query: '綠電', count: 1, pages: 3 }, 'zh-Hant-TW')).toBe('「綠電」共找到 3 個頁面、1 個段落');
  });

  it('takes an exact number first, then the language’s form, then other; leaves what it has no value for', () => {
    const text = '{n, plural, =0 {none} one {# item} other {# items}} {missing}';
    expect(fill(text, { n: 0 }, 'en')).toBe('none {missing}');
    expect(fill(text, { n: 1 }, 'en')).toBe('1 item {missing}');
    expect(fill(text, { n: 2 }, 'en')).toBe('2 items {missing}');
    expect(fill('{n, plural, one {# item} other {# items}}', {}, 'en')).toBe('{n, plural, one {# item} other {# items}}');
  });
});
