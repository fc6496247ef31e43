import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchPrinter, type Printer } from '../../cli/build/stages/08-book/chromium.ts';
import { bookFontSheets } from '../../cli/bookFonts.ts';
import { readPdf } from '../../cli/build/stages/08-book/readBack.ts';
import { layoutFaults, warnLayout } from '../../cli/build/stages/08-book/layout.ts';

// The typesetter's checks on PDFs Chromium prints, read back from the PDF's tags: a heading at the
// foot of a page, a table's caption and head at the foot with its rows overleaf, a page of three
// lines or fewer. Each page is filled to a chosen height by a block of no text.

let printer: Printer;
beforeAll(async () => {
  printer = await launchPrinter();
});
afterAll(() => printer?.close());

// The book's own fonts: the bundled engine sees no other.
const style = `${bookFontSheets('zh-Hant-TW')
  .map((sheet) => `<link rel="stylesheet" href="${sheet}">`)
  .join('')}<style>
  @page { size: A4; margin: 20mm; }
  body { margin: 0; font: 10pt/1.5 'Noto Sans TC'; }
  .fill { break-inside: avoid; }
  .next { break-before: page; }
  td, th { padding: 2pt; }
</style>`;
/** A block of no text, `mm` high. */
const fill = (mm: number) => `<div class="fill" style="height:${mm}mm"></div>`;
const lines = (count: number) => Array.from({ length: count }, (_, index) => `<p style="margin:0">第 ${index + 1} 行的文字。</p>`).join('');
/** A table of `rows` rows; past the first, each `tall` mm high, and no row is cut. */
const table = (rows: number, tall = 0) =>
  `<table><caption>年度數據</caption><thead><tr><th>項目</th><th>數值</th></tr></thead><tbody>${Array.from(
    { length: rows },
    (_, index) => `<tr style="break-inside:avoid"><td>第 ${index + 1} 列</td><td style="height:${index && tall ? tall : 0}mm">${index}</td></tr>`,
  ).join('')}</tbody></table>`;
const layoutOf = async (body: string) =>
  (await readPdf(await printer.print(`<!DOCTYPE html><html lang="zh-Hant-TW"><head>${style}</head><body>${body}</body></html>`, () => undefined))).layout;
/** Pages 1 and last are the cover and the back cover, which are never faulted: the pages under test are between. */
const book = (...pages: string[]) => [lines(8), ...pages, lines(8)].map((page, index) => (index ? `<section class="next">${page}</section>` : page)).join('');

describe('layout checks', () => {
  it('pass full pages whose headings, tables and text run on', async () => {
    const layout = await layoutOf(book(`${lines(20)}<h2>管理方針</h2>${lines(10)}${table(4)}${lines(6)}`));
    expect(layout[1]!.lines).toBeGreaterThan(30);
    expect(layoutFaults(layout)).toEqual([]);
  });

  it('find a heading that ends its page, its text overleaf', async () => {
    // What follows the heading is a box that is never split, too tall for the rest of the page.
    const layout = await layoutOf(book(`${lines(4)}${fill(205)}<h2>管理方針</h2><div class="fill">${lines(12)}</div>`));
    expect(layoutFaults(layout)).toEqual([{ kind: 'headingAtFoot', page: 2, text: '管理方針' }]);
  });

  it("find a table begun at a page's foot with fewer than two rows under its head, the rest overleaf", async () => {
    const layout = await layoutOf(book(`${lines(4)}${fill(205)}${table(6, 40)}${lines(4)}`));
    const faults = layoutFaults(layout);
    expect(faults).toContainEqual({ kind: 'tableHeadAlone', page: 2, text: '年度數據' });
  });

  it('find a page of three lines or fewer, but never the cover or the back cover', async () => {
    const layout = await layoutOf(
      `${lines(2)}<section class="next">${lines(12)}</section><section class="next">${lines(3)}</section><section class="next">${lines(1)}</section>`,
    );
    expect(layoutFaults(layout)).toEqual([{ kind: 'nearlyEmpty', page: 3, text: '第3行的文字。' }]);
    // A part's opening page holds little by design.
    expect(layoutFaults(layout, new Set([3]))).toEqual([]);
  });

  it('say each fault as a warning naming its code, chapter and page, and what to do', () => {
    const said = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnLayout(
      [{ kind: 'headingAtFoot', page: 15, text: '管理方針' }],
      [
        { name: '關於本報告書 (about)', first: 9 },
        { name: '董事長的話 (chairman)', first: 16 },
      ],
      'reports/x.pdf',
    );
    expect(String(said.mock.calls[0]![0])).toMatch(
      /^⚠ ESG9005 reports\/x\.pdf#page=15: in 關於本報告書 \(about\), page 15 ends with the heading "管理方針"[^\n]*\n {2}hint: /,
    );
    said.mockRestore();
  });
});
