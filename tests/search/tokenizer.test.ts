import { describe, expect, it } from 'vitest';
import { bigrams, normalizeText, stem, tokenizeForIndex, tokenizeQuery } from '../../widgets/search/tokenizer.ts';
import { convertQuery } from '../../widgets/search/engine.ts';
import { highlight, phraseRuns, shortWords, snippet } from '../../widgets/search/highlight.ts';
import { queryVariants, synonymWeight, variantWeight } from '../../widgets/search/vocabulary.ts';
import { closestTerms } from '../../widgets/search/closest.ts';

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
    expect(highlight('GRI 305', ['gri'])).toEqual([
      { text: 'GRI', hit: true },
      { text: ' 305', hit: false },
    ]);
  });
});

describe('English word forms and questions', () => {
  it('takes the common endings off English words, the same way for pages and queries', () => {
    expect(['emissions', 'recycled', 'recycling', 'recycles', 'policies', 'training', 'trains'].map(stem)).toEqual([
      'emission',
      'recycl',
      'recycl',
      'recycl',
      'policy',
      'train',
      'train',
    ]);
    // Short words, codes and words ending in -ss, -us or -is stay as they are.
    expect(['use', 'gri', 'co2e', 'process', 'status', 'analysis', '305-1'].map(stem)).toEqual([
      'use',
      'gri',
      'co2e',
      'process',
      'status',
      'analysis',
      '305-1',
    ]);
    expect(tokenizeForIndex('Recycled water')).toEqual(['recycl', 'water']);
    expect(tokenizeQuery('recycling')).toEqual(['recycl']);
  });

  it('leaves out the words of a question that do not say what is sought, unless there is nothing else', () => {
    expect(tokenizeQuery('how much water do you recycle')).toEqual(['water', 'recycl']);
    expect(tokenizeQuery('公司的再生能源目標是什麼')).toEqual(['公司', '再生', '生能', '能源', '源目', '目標']);
    expect(tokenizeQuery('what')).toEqual(['what']);
    expect(tokenizeQuery('什麼')).toEqual(['什麼']);
  });
});

describe('the search vocabulary', () => {
  const vocabulary = {
    synonyms: [
      ['再生能源', '綠電', '綠色電力'],
      ['renewable energy', 'green power'],
    ],
    variants: [['資訊', '信息']],
  };

  it('searches the query as typed, then with each term it holds replaced by the others of its group', () => {
    expect(queryVariants('綠電 目標', vocabulary)).toEqual([
      { text: '綠電 目標', weight: 1 },
      { text: '再生能源  目標', weight: synonymWeight },
      { text: '綠色電力  目標', weight: synonymWeight },
    ]);
    expect(queryVariants('信息安全', vocabulary).map((variant) => variant.text)).toEqual(['信息安全', '資訊 安全']);
    expect(synonymWeight).toBeLessThan(variantWeight);
    expect(variantWeight).toBeLessThan(1);
  });

  it('finds a short Chinese term that a question splits with a few characters, and searches the span as each term of its group', () => {
    const trees = { synonyms: [['植樹', '種樹']], variants: [] };
    expect(queryVariants('一年種了多少棵樹', trees).map((variant) => variant.text)).toEqual(['一年種了多少棵樹', '一年 植樹', '一年 種樹']);
    // Too far apart, or across a space: not the term.
    expect(queryVariants('種了很多很多棵樹', trees)).toHaveLength(1);
    expect(queryVariants('種 樹', trees)).toHaveLength(1);
  });

  it('matches a Latin term only as whole words, case-insensitively', () => {
    expect(queryVariants('Green Power purchase', vocabulary).map((variant) => variant.text)).toEqual(['green power purchase', 'renewable energy  purchase']);
    expect(queryVariants('greenpowerful', vocabulary)).toHaveLength(1);
  });

  it("offers the report's words of the groups nearest a query that found nothing", () => {
    expect(closestTerms('電力', vocabulary)).toEqual(['再生能源']);
    expect(closestTerms('恐龍', vocabulary)).toEqual([]);
  });
});

describe('snippets', () => {
  it('shows the part of a long text around its best match, marked, with … where it is cut', () => {
    const text = `${'前文'.repeat(100)}我們完成溫室氣體盤查與查證${'後文'.repeat(100)}`;
    const pieces = snippet(text, ['溫室', '室氣', '氣體', '盤查'], [], 60);
    expect(pieces[0]).toEqual({ text: '…', hit: false });
    expect(pieces.at(-1)).toEqual({ text: '…', hit: false });
    expect(pieces.filter((piece) => piece.hit).map((piece) => piece.text)).toEqual(['溫室氣體盤查']);
    expect(pieces.map((piece) => piece.text).join('').length).toBeLessThanOrEqual(62);
  });

  it('leaves a lone pair of characters unmarked when it is only a piece of a longer word searched', () => {
    const terms = ['再生', '生能', '能源'];
    const marked = (text: string, words: string[]) =>
      snippet(text, terms, words)
        .filter((piece) => piece.hit)
        .map((piece) => piece.text);
    expect(marked('再生能源與能源管理', [])).toEqual(['再生能源']);
    expect(marked('再生能源與能源管理', ['能源'])).toEqual(['再生能源', '能源']);
    expect(shortWords(['公司的再生能源 目標', '碳'])).toEqual(['公司', '目標', '碳']);
  });

  it('marks a stemmed English term to the end of its word', () => {
    expect(highlight('Recycling rate', ['recycl'])).toEqual([
      { text: 'Recycling', hit: true },
      { text: ' rate', hit: false },
    ]);
  });

  it("finds the query's Chinese phrases of three characters or more, in the index's script", () => {
    expect(phraseRuns('温室气体 GRI 碳', '温溫室室气氣体體')).toEqual(['溫室氣體']);
    expect(phraseRuns('公司的溫室氣體盤查是什麼', '')).toEqual(['溫室氣體盤查']);
  });
});
