import { describe, expect, it } from 'vitest';
import { BuildSession, remembered } from '../../cli/build/session.ts';

describe('remembered (cli/build/session.ts)', () => {
  it('gives the same value for the same object and arguments without making it again, and makes it anew for others', () => {
    const calls: string[] = [];
    const shout = remembered((_session: BuildSession, document: { text: string }, suffix: string) => {
      calls.push(`${document.text}${suffix}`);
      return { text: `${document.text.toUpperCase()}${suffix}` };
    });
    const session = new BuildSession();
    const document = { text: 'hello' };
    const first = shout(session, document, '!');
    expect(shout(session, document, '!')).toBe(first);
    expect(shout(session, document, '?')).toEqual({ text: 'HELLO?' });
    // An equal object is another document: a file read again with other text is never mistaken for the old one.
    expect(shout(session, { text: 'hello' }, '!')).not.toBe(first);
    // A few argument lists are kept per object (a document's figures in each locale).
    expect(shout(session, document, '!')).toBe(first);
    expect(calls).toEqual(['hello!', 'hello?', 'hello!']);
  });

  it('finds a value again when given to Array.map, whose index and array are new every time', () => {
    let made = 0;
    const session = new BuildSession();
    const summary = remembered((_session: BuildSession, event: { id: string }) => (made++, { id: event.id }));
    const events = [{ id: 'a' }, { id: 'b' }];
    const first = [...events].map((event) => summary(session, event));
    const again = [...events].reverse().map((event) => summary(session, event));
    expect(again[1]).toBe(first[0]);
    expect(again[0]).toBe(first[1]);
    expect(made).toBe(2);
  });

  it('keeps what it made in the session it is called with: another session makes it again', () => {
    let made = 0;
    const hash = remembered((_session: BuildSession, value: object) => (made++, JSON.stringify(value)));
    const value = { a: 1 };
    const [one, two] = [new BuildSession(), new BuildSession()];
    hash(one, value);
    hash(one, value);
    expect(made).toBe(1);
    hash(two, value);
    expect(made).toBe(2);
  });
});
