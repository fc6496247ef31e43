/** Byte order mark: without it Excel reads a UTF-8 CSV in the system code page and garbles Chinese. */
export const byteOrderMark = '\uFEFF';

/**
 * RFC 4180 text of some records: CRLF between records; a field is quoted when it holds a comma, a
 * quote, a line break or edge spaces, and quotes inside are doubled. Starts with the BOM.
 */
export function toCsv(records: string[][]): string {
  return byteOrderMark + records.map((record) => record.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
