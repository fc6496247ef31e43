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
