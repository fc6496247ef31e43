import { describe, expect, it } from 'vitest';
import { remembered } from '../../cli/build/record/memo.ts';

describe('remembered (cli/build/record/memo.ts)', () => {
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

  it('finds a value again when given to Array.map, whose index and array are new every time', () => {
    let made = 0;
    const summary = remembered((event: { id: string }) => (made++, { id: event.id }));
    const events = [{ id: 'a' }, { id: 'b' }];
    const first = [...events].map(summary);
    const again = [...events].reverse().map(summary);
    expect(again[1]).toBe(first[0]);
    expect(again[0]).toBe(first[1]);
    expect(made).toBe(2);
  });
});
