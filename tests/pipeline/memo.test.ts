import { describe, expect, it } from 'vitest';
import { remembered } from '../../cli/pipeline/memo.ts';

describe('remembered (cli/pipeline/memo.ts)', () => {
  it('gives the same value for the same object and arguments without making it again, and makes it anew for others', () => {
    const calls: string[] = [];
    const shout = remembered((document: { text: string }, suffix: string) => {
      calls.push(`${document.text}${suffix}`);
      return { text: `${document.text.toUpperCase()}${suffix}` };
    });
    const document = { text: 'hello' };
    const first = shout(document, '!');
    expect(shout(document, '!')).toBe(first);
    expect(shout(document, '?')).toEqual({ text: 'HELLO?' });
    // An equal object is another document: a file read again with other text is never mistaken for the old one.
    expect(shout({ text: 'hello' }, '!')).not.toBe(first);
    // A few argument lists are kept per object (a document's figures in each locale).
    expect(shout(document, '!')).toBe(first);
    expect(calls).toEqual(['hello!', 'hello?', 'hello!']);
  });
});
