import { describe, expect, it } from 'vitest';
import { closestFirst, closestIds, editDistance } from '../../schemas/closest.ts';

describe('closestIds', () => {
  const metrics = ['ghg-scope1', 'ghg-scope2', 'ghg-scope3', 'water-withdrawal', 'water-discharge', 'integrity-training-participants', 'integrity-training-pass-rate'];

  it('counts two letters typed the wrong way round as one step', () => {
    expect(editDistance('particiapnts', 'participants')).toBe(1);
    expect(editDistance('abuot', 'about')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('offers the id meant first, and not the ids that only share a word with it', () => {
    expect(closestIds('integrity-training-particiapnts', metrics)).toEqual(['integrity-training-participants']);
    expect(closestIds('ghg-scope4', metrics)).toEqual(['ghg-scope1', 'ghg-scope2', 'ghg-scope3']);
    expect(closestIds('water-withdrawl', metrics)).toEqual(['water-withdrawal']);
  });

  it('offers nothing for an id far from every known one', () => {
    expect(closestIds('nope.png', ['logo.svg', 'banner-1.svg'])).toEqual([]);
    expect(closestIds('energy', metrics)).toEqual([]);
  });
});

describe('closestFirst', () => {
  it('puts the allowed values nearest to a wrong one first: words by spelling, numbers by size', () => {
    expect(closestFirst('goverance', ['society', 'environment', 'governance'])).toEqual(['governance', 'society', 'environment']);
    expect(closestFirst(18, [4, 5, 7, 8, 9, 12, 13, 15, 16, 17])[0]).toBe(17);
  });
});
