import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPrinter, type Printer } from '../../cli/build/stages/08-book/chromium.ts';
import { bookFontSheets } from '../../cli/bookFonts.ts';
import { readPdf } from '../../cli/build/stages/08-book/readBack.ts';
import { verifyBook, type BookAnchors } from '../../cli/build/stages/08-book/verify.ts';

// The read-back check on PDFs Chromium prints: a page number that points at the wrong page, or at
// a page that does not show the section's heading, is found in the PDF itself, whatever the
// pagination believed.

let printer: Printer;
beforeAll(async () => {
  printer = await launchPrinter();
});
afterAll(() => printer?.close());

// The book's own fonts: the bundled engine sees no other.
const style = `${bookFontSheets('zh-Hant-TW')
  .map((sheet) => `<link rel="stylesheet" href="${sheet}">`)
  .join('')}<style>@page { size: A4; margin: 20mm; } body { font-family: 'Noto Sans TC'; } .next { break-before: page; }</style>`;
const anchors: BookAnchors = { keys: new Map([['s2', 'about#scope']]), headings: new Map([['s2', '報告期間與邊界']]), listed: new Set<number>() };
const print = async (body: string) =>
  readPdf(await printer.print(`<!DOCTYPE html><html lang="zh-Hant-TW"><head>${style}</head><body>${body}</body></html>`, () => undefined));

describe('verifyBook', () => {
  it('passes a page number that is the page of its section, which shows its heading', async () => {
    const read = await print(
      '<p><a href="#s2">報告範疇 p.3</a></p><p class="next">第二頁</p><section id="s2" class="next"><h2>報告期間與邊界</h2><p>內容</p></section>',
    );
    expect(read.pages).toBe(3);
    expect(verifyBook(read, anchors, 'book.pdf')).toEqual([]);
  });

  it('finds a number that points at the wrong page, with both pages (ESG9001)', async () => {
    const read = await print(
      '<p><a href="#s2">報告範疇 p.2</a></p><p class="next">第二頁</p><section id="s2" class="next"><h2>報告期間與邊界</h2><p>內容</p></section>',
    );
    const problems = verifyBook(read, anchors, 'book.pdf');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'ESG9001', file: 'book.pdf#page=1' });
    expect(problems[0]!.message).toContain('prints page 2 for about#scope');
    expect(problems[0]!.message).toContain('begins on page 3');
  });

  it('finds a heading that appears twice, the number naming the page of the other one (ESG9001)', async () => {
    const read = await print(
      '<p><a href="#s2">報告範疇 p.2</a></p><h2 class="next">報告期間與邊界</h2><section id="s2" class="next"><h2>報告期間與邊界</h2></section>',
    );
    expect(verifyBook(read, anchors, 'book.pdf').map((problem) => problem.code)).toEqual(['ESG9001']);
  });

  it('finds a section whose heading is carried to the next page, away from where the link leads (ESG9002)', async () => {
    const read = await print(
      '<p><a href="#s2">報告範疇 p.2</a></p><section id="s2" class="next"><p>一段沒有標題的文字</p><h2 class="next">報告期間與邊界</h2></section>',
    );
    const problems = verifyBook(read, anchors, 'book.pdf');
    expect(problems.map((problem) => problem.code)).toEqual(['ESG9002']);
    expect(problems[0]!.message).toContain('begins on page 2, which does not show its heading');
  });

  it('reads a number of the contents without its "p."', async () => {
    const read = await print(
      '<nav><a href="#s2"><span>報告期間與邊界</span> <span>5</span></a></nav><p class="next">二</p><section id="s2" class="next"><h2>報告期間與邊界</h2></section>',
    );
    expect(verifyBook(read, { ...anchors, listed: new Set([1]) }, 'book.pdf').map((problem) => problem.message)).toEqual([
      expect.stringContaining('prints page 5 for about#scope'),
    ]);
  });
});
