import { describe, expect, it } from 'vitest';
import { bigrams, normalizeText, tokenizeForIndex, tokenizeQuery } from '../../widgets/search/tokenizer.ts';
import { convertQuery } from '../../widgets/search/engine.ts';
import { highlight } from '../../widgets/search/highlight.ts';

describe('tokenizer', () => {
  it('turns a CJK run into overlapping bigrams, and indexes its last character too', () => {
    expect(bigrams('溫室氣體')).toEqual(['溫室', '室氣', '氣體']);
    expect(tokenizeQuery('溫室氣體')).toEqual(['溫室', '室氣', '氣體']);
    expect(tokenizeForIndex('溫室氣體')).toEqual(['溫室', '室氣', '氣體', '體']);
  });

  it('counts a character outside the Basic Multilingual Plane as one character', () => {
    // 𥚃 (U+25683) is two UTF-16 units; a bigram is two characters whatever their width.
    expect(tokenizeForIndex('𥚃碳排')).toEqual(['𥚃碳', '碳排', '排']);
    expect(tokenizeForIndex('減𥚃')).toEqual(['減𥚃', '𥚃']);
    expect(tokenizeQuery('𥚃碳排')).toEqual(['𥚃碳', '碳排']);
  });

  it('keeps a one-character query as itself', () => {
    expect(tokenizeQuery('碳')).toEqual(['碳']);
    expect(tokenizeForIndex('碳')).toEqual(['碳']);
  });

  it('splits mixed Chinese, Latin and digits, lowercasing words and keeping codes whole', () => {
    expect(tokenizeQuery('GRI 305-1溫室氣體排放')).toEqual(['gri', '305-1', '溫室', '室氣', '氣體', '體排', '排放']);
    expect(tokenizeQuery('SDG 13：氣候行動')).toEqual(['sdg', '13', '氣候', '候行', '行動']);
    expect(tokenizeQuery('2050淨零')).toEqual(['2050', '淨零']);
    expect(tokenizeQuery('GRI 403職業安全')).toEqual(['gri', '403', '職業', '業安', '安全']);
  });

  it('indexes the parts of joined words, so a part finds the whole', () => {
    expect(tokenizeForIndex('net-zero GRI 305-1')).toEqual(['net-zero', 'net', 'zero', 'gri', '305-1', '305', '1']);
    expect(tokenizeQuery('net-zero')).toEqual(['net-zero']);
  });

  it('breaks CJK runs at punctuation, Chinese or Latin', () => {
    expect(tokenizeQuery('環境、社會，治理。')).toEqual(['環境', '社會', '治理']);
    expect(tokenizeQuery('「永續」(ESG)!')).toEqual(['永續', 'esg']);
  });

  it('reads full-width letters, digits and spaces as ordinary ones', () => {
    expect(normalizeText('ＧＲＩ　３０５－１')).toBe('gri 305-1');
    expect(tokenizeQuery('ＧＲＩ　３０５－１')).toEqual(['gri', '305-1']);
    expect(tokenizeQuery('ＳＤＧ１３')).toEqual(['sdg13']);
  });

  it('drops thousands separators and keeps decimals', () => {
    expect(tokenizeQuery('18,886 公噸 CO2e，1.5%')).toEqual(['18886', '公噸', 'co2e', '1.5']);
    expect(tokenizeQuery('NT$100,000')).toEqual(['nt', '100000']);
  });

  it('finds nothing to search in punctuation or spaces alone', () => {
    expect(tokenizeQuery('  ，。!? ')).toEqual([]);
  });
});

describe('query conversion and highlighting', () => {
  it('replaces each listed character with its counterpart and leaves the rest', () => {
    expect(convertQuery('永續環境 GRI', '續续環环')).toBe('永续环境 GRI');
    expect(convertQuery('永续', '')).toBe('永续');
  });

  it('marks every occurrence of the matched terms, case-insensitively', () => {
    expect(highlight('溫室氣體盤查與溫室', ['溫室', '室氣'])).toEqual([
      { text: '溫室氣', hit: true },
      { text: '體盤查與', hit: false },
      { text: '溫室', hit: true },
    ]);
    expect(highlight('GRI 305', ['gri'])).toEqual([{ text: 'GRI', hit: true }, { text: ' 305', hit: false }]);
  });
});
