import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageWithErrors, sampleSiteInBrowser } from '../helpers/browser.ts';

const site = sampleSiteInBrowser();

/** A page opened at laptop width and not scrolled: its fade-in content below the fold is still hidden on screen. */
async function open(path: string): Promise<Page> {
  const { page } = await pageWithErrors(site.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(site.url + path, { waitUntil: 'load' });
  await page.waitForSelector('.main-menu[data-ready]');
  return page;
}

/** The number of pages of a PDF as Chromium writes it: one `/Type /Page` object each. */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

/** What print media shows of the page: its fade-in elements, the shell around the content, its tables. */
function printedState(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => [...document.querySelectorAll(selector)].map((element) => getComputedStyle(element));
    return {
      hiddenFadeIns: [...document.querySelectorAll('main [data-animate]')]
        .filter((element) => getComputedStyle(element).opacity !== '1' || getComputedStyle(element).visibility !== 'visible')
        .map((element) => element.outerHTML.slice(0, 80)),
      fadeIns: document.querySelectorAll('main [data-animate]').length,
      shellDisplay: [...new Set(style('.site-header, .floating-buttons').map((s) => s.display))],
      shown: ['.site-header', '.main-menu', '.floating-buttons', '.to-top', '.site-footer', '.modal-island'].filter((selector) =>
        [...document.querySelectorAll(selector)].some((element) => element.checkVisibility()),
      ),
      tableHeads: [...new Set(style('main thead').map((s) => s.display))],
      rowBreaks: [...new Set(style('main tr').map((s) => s.breakInside))],
      hiddenHeadings: [...document.querySelectorAll('main :is(h1, h2, h3)')]
        .filter((heading) => !heading.checkVisibility())
        .map((heading) => heading.textContent),
      text: document.querySelector('main')!.innerText.length,
    };
  });
}

describe('every page prints readably (docs/product.md, "Print")', () => {
  const pages = [
    { path: '/zh_TW/focus/climate/energy', minPages: 2, fadeIns: true },
    { path: '/zh_TW/report/gri', minPages: 10, fadeIns: false },
    { path: '/zh_TW/performance/2', minPages: 2, fadeIns: false },
  ];

  it.each(pages)(
    '$path: all of its content without the shell, tables with their header row on every page',
    async ({ path, minPages, fadeIns }) => {
      const page = await open(path);
      if (fadeIns) {
        // On screen the fade-in content below the fold waits to be scrolled to…
        expect(await page.locator('main [data-animate]:not(.is-inview)').count()).toBeGreaterThan(0);
      }
      const pdf = await page.pdf({ format: 'A4' });
      expect(pageCount(pdf)).toBeGreaterThanOrEqual(minPages);
      expect(pdf.length).toBeGreaterThan(50_000);

      // …and in print it shows, without the header, the menu, the floating buttons or dialogs.
      await page.emulateMedia({ media: 'print' });
      const printed = await printedState(page);
      expect(printed.hiddenFadeIns).toEqual([]);
      if (fadeIns) expect(printed.fadeIns).toBeGreaterThan(0);
      expect(printed.shellDisplay).toEqual(['none']);
      expect(printed.shown).toEqual([]);
      expect(printed.tableHeads).toEqual(['table-header-group']);
      expect(printed.rowBreaks).toEqual(['avoid']);
      expect(printed.hiddenHeadings).toEqual([]);
      expect(printed.text).toBeGreaterThan(500);
      await page.context().close();
    },
    60_000,
  );

  it('prints the address of links in the text, not of navigation, buttons or chapter links', async () => {
    const after = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((link) => getComputedStyle(link, '::after').content);
    const page = await open('/zh_TW/event/2024-supplier-conference');
    await page.emulateMedia({ media: 'print' });
    const website = await page.getAttribute('.event-external a', 'href');
    expect(await after(page, '.event-external a')).toBe(`" (${website})"`);
    expect(await after(page, '.event-back a')).toBe('none');

    // A link to a page of this site: its full address, where the page was printed from.
    await page.goto(`${site.url}/zh_TW/components`, { waitUntil: 'load' });
    const internal = await page.getAttribute('.component-links a', 'href');
    expect(await after(page, '.component-links a')).toBe(`" (${site.url}${internal})"`);
    expect(await after(page, '.chapter-link')).toBe('none');
    expect(await after(page, 'main .button')).toBe('none');
    await page.context().close();
  });
});

/** The text of a PDF as pdf.js reads it back, whitespace removed and normalized (NFKC). */
async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await document.destroy();
  return squeezed(text);
}

const squeezed = (text: string) => text.replace(/\s+/g, '').normalize('NFKC');

/**
 * Whether a PDF's text holds a note, with at most one character in eight read back as another: a
 * glyph the font shares between characters comes back as either (户 as 戶, 黄 as the radical ⻩).
 */
function holds(text: string, note: string): boolean {
  const wanted = squeezed(note);
  const allowed = Math.floor(wanted.length / 8);
  for (let at = 0; at + wanted.length <= text.length; at++) {
    let differ = 0;
    for (let index = 0; index < wanted.length && differ <= allowed; index++) if (text[at + index] !== wanted[index]) differ++;
    if (differ <= allowed) return true;
  }
  return false;
}

/**
 * Each note's text as print shows it: the tooltips' bubbles and what the content's disclosures
 * hold beside their summary, each text element with its size, whether it is rendered at all, and
 * its opacity with its ancestors'.
 */
function printedNotes(page: Page) {
  return page.evaluate(() => {
    const holders = [...document.querySelectorAll('main .tooltip-bubble, main details > :not(summary)')];
    const texts = holders
      .flatMap((holder) => [holder, ...holder.querySelectorAll('*')])
      .filter((element) => element.childElementCount === 0 && element.textContent!.trim());
    return texts.map((element) => {
      let opacity = 1;
      for (let each: Element | null = element; each; each = each.parentElement) opacity *= Number(getComputedStyle(each).opacity);
      const box = element.getBoundingClientRect();
      return {
        text: element.textContent!.trim(),
        shown: element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }),
        size: box.width > 0 && box.height > 0,
        opacity,
      };
    });
  });
}

describe('notes print with their page, in every locale (docs/product.md, "Print")', () => {
  // The English report indexes are behind the English guard; the data page has an English edition.
  const pages = [
    { path: '/zh_TW/report/gri', notes: 'tooltips' },
    { path: '/zh_CN/report/gri', notes: 'tooltips' },
    { path: '/zh_TW/performance/data', notes: 'disclosures' },
    { path: '/zh_CN/performance/data', notes: 'disclosures' },
    { path: '/en/performance/data', notes: 'disclosures' },
  ];

  it.each(pages)(
    '$path: every $notes text is on paper, sized and opaque',
    async ({ path, notes }) => {
      const page = await open(path);
      if (notes === 'tooltips') {
        // One tooltip woken and open under the pointer, placed in the window by its code, as a reader may leave it.
        await page.locator('.tooltip-trigger').first().hover();
        await page.waitForSelector('.tooltip[data-ready][data-open]');
        expect(
          await page
            .locator('.tooltip-bubble')
            .first()
            .evaluate((bubble) => getComputedStyle(bubble).position),
        ).toBe('fixed');
      }
      // On screen the notes wait behind their tooltip or summary…
      const onScreen = await printedNotes(page);
      expect(onScreen.length).toBeGreaterThan(notes === 'tooltips' ? 2 : 100);
      expect(onScreen.filter((note) => note.shown && note.opacity === 1).length).toBeLessThan(onScreen.length);

      // …and in print, read the moment print starts, every one shows.
      await page.emulateMedia({ media: 'print' });
      const printed = await printedNotes(page);
      expect(printed.filter((note) => !note.shown || !note.size || note.opacity !== 1)).toEqual([]);
      // Printed as the browser prints: its own media again (page.pdf would print a media emulated as screen).
      await page.emulateMedia({ media: null });

      const text = await pdfText(await page.pdf({ format: 'A4' }));
      expect([...new Set(printed.map((note) => note.text))].filter((note) => !holds(text, note))).toEqual([]);
      await page.context().close();
    },
    120_000,
  );

  it('opens the closed disclosures of the content for printing where the stylesheet cannot, and closes them after', async () => {
    const page = await open('/zh_TW/performance/data');
    const opened = () => page.locator('main details[open]').count();
    const all = await page.locator('main details').count();
    expect(all).toBeGreaterThan(100);
    expect(await opened()).toBe(0);
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    expect(await opened()).toBe(all);
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    expect(await opened()).toBe(0);
    await page.context().close();
  });
});
