/**
 * A text's bytes in an encoding Node can read but not write (Big5, GB18030), made from
 * TextDecoder's own tables turned round, or in UTF-16LE with its byte-order mark: what an editor
 * on Windows may save a content file as.
 */
export function encodedAs(text: string, encoding: 'big5' | 'gb18030' | 'utf-16le'): Buffer {
  if (encoding === 'utf-16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const table = tableOf(encoding);
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const pair = table.get(char);
      if (!pair) throw new Error(`${char} has no ${encoding} bytes`);
      bytes.push(...pair);
    }
  }
  return Buffer.from(bytes);
}

/** Every character of the encoding's two-byte range with its bytes. */
function tableOf(encoding: string): Map<string, [number, number]> {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, [number, number]>();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      const char = decoder.decode(Buffer.from([lead, trail]));
      if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  return table;
}
