import { describe, expect, it } from 'vitest';
import { pageRanges } from '../../templates/pages/ReportPage.tsx';

describe('pageRanges', () => {
  it('writes pages in order, once each, consecutive ones as a range', () => {
    expect(pageRanges([23, 17, 18, 19, 18])).toBe('17–19, 23');
    expect(pageRanges([96])).toBe('96');
    expect(pageRanges([5, 7, 9, 10])).toBe('5, 7, 9–10');
    expect(pageRanges([])).toBe('');
  });
});
