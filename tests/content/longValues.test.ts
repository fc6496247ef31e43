import { describe, expect, it } from 'vitest';
import { codeFrame, longestShown, problem, shortened } from '../../cli/errors.ts';
import { errors } from '../../cli/errorCatalogue.ts';

describe('long values in problems', () => {
  const pasted = `data:image/png;base64,${'A'.repeat(5_000_000)}`;

  it('are cut to their start and their length in messages', () => {
    const found = problem(errors.missingAsset, { file: 'content/zh_TW/home.yaml' }, pasted, []);
    expect(found.message.length).toBeLessThan(longestShown + 40);
    expect(found.message).toContain('(5,000,022 characters)');
    expect(shortened(['short', pasted])[0]).toBe('short');
  });

  it('are shown around the column in a code frame, with the line length', () => {
    const source = `id: x\ntitle: y\ncover: "${pasted}"\nnext: z\n`;
    const frame = codeFrame(source, 3, 8);
    expect(frame.length).toBeLessThan(600);
    expect(frame.split('\n')).toHaveLength(4);
    expect(frame).toContain('(5,000,031 characters)');
    const [, , line, caret] = frame.split('\n');
    expect(caret!.indexOf('^') - caret!.indexOf('|')).toBe(line!.indexOf('"data') - line!.indexOf('|'));
  });

  it('put the caret under a column far into a long line', () => {
    const line = `${'x'.repeat(1000)}BAD${'y'.repeat(1000)}`;
    const [shown, caret] = codeFrame(line, 1, 1001).split('\n');
    expect(shown!.slice(caret!.indexOf('^'), caret!.indexOf('^') + 3)).toBe('BAD');
  });

  it('lists a dozen items of a long list, and how many more', () => {
    const ids = Array.from({ length: 448 }, (_, index) => `metric-${index}`);
    expect(errors.unknownUnit.hint!('x', ids)).toMatch(/metric-11 and 436 more/);
  });
});
