import { describe, expect, it } from 'vitest';
import { decodeContent } from '../../cli/content/encoding.ts';
import { encodedAs } from '../helpers/encodings.ts';

const text = 'title: 員工家庭日\nsummary: "近 300 位同仁與家人入廠同樂"\n';

describe('decodeContent', () => {
  it('reads UTF-8 as it is, a byte-order mark kept', () => {
    expect(decodeContent('a.yaml', Buffer.from(text))).toEqual({ text });
    expect(decodeContent('a.yaml', Buffer.from(`\uFEFF${text}`))).toEqual({ text: `\uFEFF${text}` });
  });

  it.each([
    ['big5', 'Big5'],
    ['gb18030', 'GB18030'],
  ] as const)('refuses %s with the first bad byte at its line and column (in characters) and the encoding named', (encoding, name) => {
    const { problem } = decodeContent('content/zh_TW/home.yaml', encodedAs(text, encoding));
    expect(problem).toMatchObject({ code: 'ESG1005', file: 'content/zh_TW/home.yaml', line: 1, column: 8 });
    expect(problem!.message).toContain(`looks like ${name}`);
    expect(problem!.frame).toContain('員工家庭日');
  });

  it('finds the first bad byte after valid UTF-8 lines', () => {
    const bytes = Buffer.concat([Buffer.from('# 說明\nid: x\n'), encodedAs('title: 家庭日\n', 'big5')]);
    expect(decodeContent('x.yaml', bytes).problem).toMatchObject({ line: 3, column: 8 });
  });

  it('tells UTF-16 by its byte-order mark, or by the zero bytes of its Latin text', () => {
    expect(decodeContent('x.yaml', encodedAs(text, 'utf-16le')).problem?.message).toContain('UTF-16LE');
    const withoutMark = Buffer.from('title: x\nsummary: y\n', 'utf16le');
    expect(decodeContent('x.yaml', withoutMark).problem).toMatchObject({ code: 'ESG1005', line: 1, column: 1 });
  });
});
