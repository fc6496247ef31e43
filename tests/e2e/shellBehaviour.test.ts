import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { pageWithErrors, sampleSiteInBrowser } from '../helpers/browser.ts';
import {
  homeHeaderSolidAfterPx,
  modalLayer,
  modalOverlayColour,
  pageViewDelayMs,
  progressDurationMs,
  progressHideAfterMs,
  progressThrottleMs,
  progressTickMs,
  scrollTopShownAfterPx,
  toastFadeBeforeEndMs,
  toastMs,
  wideBreakpoint,
} from '../../widgets/limits.ts';

const site = sampleSiteInBrowser();

const widths = [390, 1440] as const;
const socialHosts = /^https:\/\/(www\.facebook\.com|social-plugins\.line\.me|x\.com|www\.linkedin\.com)\//;

/** A page at the given width; `errors` collects JavaScript errors and console errors. */
async function open(path: string, width: number, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await pageWithErrors(site.browser, { viewport: { width, height: 844 }, ...options });
  // The share targets are outside this test's network: answer them with an empty page.
  await page.context().route(socialHosts, (route) => route.fulfill({ contentType: 'text/html', body: '<title>shared</title>' }));
  if (path) await goto(page, path);
  return { page, errors };
}

async function goto(page: Page, path: string): Promise<void> {
  await page.goto(site.url + path);
  await page.waitForSelector('.main-menu[data-ready]');
}

const focusedInside = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);
const scrollLocked = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'));
const scrollTo = (page: Page, y: number) =>
  page.evaluate(
    (top) =>
      new Promise((done) => {
        window.scrollTo(0, top);
        requestAnimationFrame(() => requestAnimationFrame(done));
      }),
    y,
  );

it('uses the numbers of docs/product.md, "Numbers"', () => {
  expect([wideBreakpoint, homeHeaderSolidAfterPx, scrollTopShownAfterPx, toastMs, toastFadeBeforeEndMs, pageViewDelayMs]).toEqual([
    1280, 100, 300, 3000, 500, 250,
  ]);
  expect([progressThrottleMs, progressTickMs, progressDurationMs, progressHideAfterMs]).toEqual([200, 100, 5000, 500]);
  expect([modalOverlayColour, modalLayer]).toEqual(['rgba(0, 0, 0, 0.7)', 3001]);
});

describe.each(widths)('search popup at %i px', (width) => {
  it('opens from the icon, keeps focus inside, closes with Esc and returns focus to the icon', async () => {
    const { page, errors } = await open('/zh_TW/about', width);
    expect(await page.getAttribute('.search-toggle', 'href')).toBe('/zh_TW/search');
    await page.click('.search-toggle');
    await page.waitForSelector('.search-popup.is-open');
    expect(await scrollLocked(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-popup-input');
    expect(await page.getAttribute('.search-popup-input', 'placeholder')).toBe('輸入關鍵字，例如：減碳、供應商');
    const suggestions = await page
      .locator('.search-popup-suggestions a')
      .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
    expect(suggestions).toEqual(
      ['最新活動', '知識問答', '績效與榮耀', '防疫應變', '報告書下載'].map((text) => [text, `/zh_TW/search?query=${encodeURIComponent(text)}`]),
    );
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusedInside(page, '.search-popup-dialog')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForSelector('.search-popup', { state: 'detached' });
    expect(await focusedInside(page, '.search-toggle')).toBe(true);
    expect(await scrollLocked(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('does nothing on empty text, clears, and sends non-empty text to the search page', async () => {
    const { page, errors } = await open('/zh_TW/company', width);
    await page.route('**/zh_TW/search?*', (route) => route.fulfill({ contentType: 'text/html', body: '<title>search</title>' }));
    await page.click('.search-toggle');
    await page.waitForSelector('.search-popup.is-open');
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/zh_TW/company');
    expect(await page.isVisible('.search-popup')).toBe(true);
    await page.click('.search-popup-clear');
    expect(await page.inputValue('.search-popup-input')).toBe('');
    expect(await page.isVisible('.search-popup-clear')).toBe(false);
    await page.fill('.search-popup-input', '減碳');
    await Promise.all([page.waitForURL('**/zh_TW/search?query=*'), page.click('.search-popup-submit')]);
    expect(new URL(page.url()).searchParams.get('query')).toBe('減碳');
    await page.goBack();
    await page.waitForSelector('.main-menu[data-ready]');
    await page.click('.search-toggle');
    await page.waitForSelector('.search-popup.is-open');
    await page.keyboard.type('copper');
    await Promise.all([page.waitForURL('**/zh_TW/search?query=copper'), page.keyboard.press('Enter')]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(widths)('floating buttons at %i px', (width) => {
  it('shows scroll-to-top only after 300 px of scroll, and it goes back to the top', async () => {
    const { page, errors } = await open('/zh_TW/focus/climate/energy', width);
    const shown = () => page.isVisible('.to-top');
    expect(await shown()).toBe(false);
    await scrollTo(page, scrollTopShownAfterPx);
    expect(await shown()).toBe(false);
    await scrollTo(page, scrollTopShownAfterPx + 1);
    await page.waitForSelector('.to-top', { state: 'visible' });
    await page.click('.to-top');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await focusedInside(page, '#main')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shares the current address on four networks, each in a new window', async () => {
    const { page, errors } = await open('/zh_TW/chairman', width);
    const here = page.url();
    const opened: string[] = [];
    for (const network of ['Facebook', 'LINE', 'X', 'LinkedIn']) {
      await page.click('.share-menu summary');
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click(`.share-targets a:text-is("${network}")`)]);
      await popup.waitForLoadState();
      opened.push(popup.url());
      expect(await page.evaluate(() => (document.querySelector('.share-menu') as HTMLDetailsElement).open)).toBe(false);
      await popup.close();
    }
    expect(opened.map((url) => new URL(url).host)).toEqual(['www.facebook.com', 'social-plugins.line.me', 'x.com', 'www.linkedin.com']);
    for (const url of opened) expect(url.endsWith(`=${encodeURIComponent(here)}`)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('links the quiz only when the quiz page is built', async () => {
    const { page } = await open('/zh_TW', width);
    const quizBuilt = (await page.request.get(`${site.url}/zh_TW/qa/qa`)).ok();
    expect(await page.locator('.floating-quiz').count()).toBe(quizBuilt ? 1 : 0);
    await page.context().close();
  });
});

describe.each(widths)('home header at %i px', (width) => {
  it('is transparent while scrolled 100 px or less and no menu is active', async () => {
    // Reduced motion: no colour transition to wait for.
    const { page, errors } = await open('/zh_TW', width, { reducedMotion: 'reduce' });
    // The colour is read once it settles: the scroll handler and style recalculation are asynchronous.
    const expectBackground = async (colour: string) => {
      await page
        .waitForFunction((expected) => getComputedStyle(document.querySelector('.site-header')!).backgroundColor === expected, colour, { timeout: 2000 })
        .catch(() => {});
      expect(
        await page
          .locator('.site-header')
          .first()
          .evaluate((header) => getComputedStyle(header).backgroundColor),
      ).toBe(colour);
    };
    await expectBackground('rgba(0, 0, 0, 0)');
    await scrollTo(page, homeHeaderSolidAfterPx);
    await expectBackground('rgba(0, 0, 0, 0)');
    await scrollTo(page, homeHeaderSolidAfterPx + 1);
    await expectBackground('rgb(255, 255, 255)');
    await scrollTo(page, 0);
    await expectBackground('rgba(0, 0, 0, 0)');
    if (width >= wideBreakpoint) await page.hover('.menu-category >> nth=0');
    else await page.click('.menu-toggle');
    await expectBackground('rgb(255, 255, 255)');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is solid on other pages', async () => {
    const { page } = await open('/zh_TW/about', width);
    expect(
      await page
        .locator('.site-header')
        .first()
        .evaluate((header) => getComputedStyle(header).backgroundColor),
    ).toBe('rgb(255, 255, 255)');
    await page.context().close();
  });
});

describe.each(widths)('the English notice at %i px', (width) => {
  it('shows when the English guard sent the visitor back: overlay, scroll lock, focus trap, Confirm', async () => {
    const { page, errors } = await open('/zh_TW/chairman', width);
    await Promise.all([
      page.waitForURL('**/zh_TW/chairman'),
      page.evaluate(() => {
        location.href = '/en/chairman';
      }),
    ]);
    await page.waitForSelector('.modal');
    const overlay = await page
      .locator('.modal-overlay')
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return { background: style.backgroundColor, layer: style.zIndex, position: style.position, box: [box.left, box.top, box.width, box.height] };
      });
    expect(overlay).toEqual({ background: modalOverlayColour, layer: String(modalLayer), position: 'fixed', box: [0, 0, width, 844] });
    expect(await page.textContent('.modal h2')).toBe('English version under construction');
    expect(await page.getAttribute('.modal', 'role')).toBe('dialog');
    expect(await scrollLocked(page)).toBe(true);
    expect(await focusedInside(page, '.modal')).toBe(true);
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press(step % 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusedInside(page, '.modal')).toBe(true);
    }
    await page.click('.modal button:text-is("Confirm")');
    await page.waitForSelector('.modal-overlay', { state: 'detached' });
    expect(await scrollLocked(page)).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('esg:english-notice'))).toBe(null);
    await page.reload();
    await page.waitForSelector('.main-menu[data-ready]');
    await page.waitForTimeout(300);
    expect(await page.isVisible('.modal')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows instead of leaving when English is chosen on a page without an English edition; Esc closes it', async () => {
    const { page, errors } = await open('/zh_TW/company', width);
    await page.click('.lang-switch summary');
    await page.click('.lang-options a[hreflang="en"]');
    await page.waitForSelector('.modal');
    expect(new URL(page.url()).pathname).toBe('/zh_TW/company');
    expect(await page.textContent('.modal p >> nth=0')).toBe('This page is not yet available in English.');
    expect(await page.textContent('.modal-translation')).toBe('英文版建置中 這個頁面尚無英文版。');
    expect(await page.context().cookies()).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.modal-overlay', { state: 'detached' });
    expect(await focusedInside(page, '.lang-switch summary')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is in English on the Chinese page a visitor who chose English is sent back to, with the Chinese below', async () => {
    const { page, errors } = await open('/zh_TW/about', width);
    await page.click('.lang-switch summary');
    await Promise.all([page.waitForURL('**/en/about'), page.click('.lang-options a[hreflang="en"]')]);
    await page.click('.modal button:text-is("Confirm")');
    await goto(page, '/zh_TW/chairman');
    // A link to the English edition, as a visitor would follow: the guard returns to the referrer.
    await page.evaluate(() =>
      document.querySelector('main')!.prepend(Object.assign(document.createElement('a'), { href: '/en/chairman', id: 'to-english', textContent: 'English' })),
    );
    await Promise.all([page.waitForURL('**/zh_TW/chairman'), page.click('#to-english')]);
    await page.waitForSelector('.modal');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hant-TW');
    expect(await page.getAttribute('.modal', 'lang')).toBe('en');
    expect(await page.textContent('.modal h2')).toBe('English version under construction');
    expect(await page.textContent('.modal p >> nth=0')).toBe('This page is not yet available in English, so we have opened the Chinese edition for you.');
    expect(await page.textContent('.modal button')).toBe('Confirm');
    expect(await page.getAttribute('.modal-translation', 'lang')).toBe('zh-Hant-TW');
    expect(await page.textContent('.modal-translation')).toBe('英文版建置中 這個頁面尚無英文版，我們為您開啟了中文版。');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows on English pages once per visit, in English', async () => {
    const { page, errors } = await open('/zh_TW/about', width);
    await page.click('.lang-switch summary');
    await Promise.all([page.waitForURL('**/en/about'), page.click('.lang-options a[hreflang="en"]')]);
    await page.waitForSelector('.modal');
    expect(await page.textContent('.modal h2')).toBe('English version under construction');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.modal-overlay', { state: 'detached' });
    await goto(page, '/en');
    await page.waitForTimeout(300);
    expect(await page.isVisible('.modal')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/**
 * Records when a `.toast` or `.progress-bar` comes, changes and goes, with the bar's width. The log
 * is kept in sessionStorage with Date.now() times, so it spans the documents of a navigation.
 *
 * `probes` names entries (by `what`) that start timers in the page, and their delays: each such
 * entry starts its own timer of every delay, noted as `<ms> ms after #<index>` when it fires. The
 * page's timer is late by as much as the probe beside it, so a test bounds it by the probe rather
 * than by a wall-clock margin that a loaded machine overruns.
 */
async function recordOverlays(page: Page, probes: Record<string, number[]>): Promise<void> {
  await page.addInitScript((probes: Record<string, number[]>) => {
    const note = (what: string, element?: Element) => {
      const log = JSON.parse(sessionStorage.getItem('overlay-log') ?? '[]') as object[];
      log.push({ what, at: Date.now(), width: (element as HTMLElement | undefined)?.style.width, failed: element?.classList.contains('is-failed') });
      sessionStorage.setItem('overlay-log', JSON.stringify(log));
      const index = log.length - 1;
      for (const ms of probes[what] ?? []) setTimeout(() => note(`${ms} ms after #${index}`), ms);
    };
    // Both are put in with body.append, noted here as it happens: a MutationObserver would note
    // them only when the script that put them in has finished, up to tens of ms later on a busy
    // machine, and the timers they start would seem early.
    const append = Element.prototype.append;
    Element.prototype.append = function (this: Element, ...nodes: (Node | string)[]) {
      append.apply(this, nodes);
      for (const node of nodes) if (node instanceof Element && node.matches('.toast, .progress-bar')) note(`${node.classList[0]} added`, node);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (record.type === 'attributes' && target.matches('.toast, .progress-bar')) note(`${target.className} changed`, target);
        for (const node of record.removedNodes)
          if (node instanceof Element && node.matches('.toast, .progress-bar')) note(`${node.classList[0]} removed`, node);
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
    document.addEventListener('click', () => note('click'), true);
  }, probes);
}

type OverlayLog = { what: string; at: number; width?: string; failed?: boolean }[];
const overlayLog = (page: Page): Promise<OverlayLog> => page.evaluate(() => JSON.parse(sessionStorage.getItem('overlay-log') ?? '[]'));
/** Waits until the page's log passes `test`: timers on a busy machine fire when they can. */
const untilLogged = (page: Page, test: (log: OverlayLog) => boolean) => expect.poll(async () => test(await overlayLog(page)), { timeout: 30_000 }).toBe(true);
const indexOf = (log: OverlayLog, what: string, from = 0) => log.findIndex((entry, index) => index >= from && entry.what === what);
const at = (log: OverlayLog, what: string, from = 0) => log[indexOf(log, what, from)]?.at ?? NaN;
/**
 * The page's timer of `ms`, started at entry `start`, fired as `what`: never early (Date.now() may
 * round by a few ms), and no later than the probe started beside it, give or take a few tasks.
 */
function expectTimer(log: OverlayLog, start: number, what: string, ms: number): void {
  const fired = at(log, what, start);
  const probe = at(log, `${ms} ms after #${start}`, start);
  expect(fired - log[start]!.at).toBeGreaterThanOrEqual(ms - 5);
  expect(fired - probe).toBeLessThan(100);
}

describe.each(widths)('offline notice and toast at %i px', (width) => {
  it('tracks offline, then shows a toast that fades 500 ms before it closes at 3000 ms, scroll locked meanwhile', async () => {
    const { page, errors } = await open('', width);
    await recordOverlays(page, { 'toast added': [toastMs - toastFadeBeforeEndMs, toastMs] });
    await goto(page, '/zh_TW/about');
    // Whatever the page still loads (islands, prefetches) has come: offline is the reader's doing, not a load cut short.
    await page.waitForLoadState('networkidle');
    expect(await page.isVisible('.offline-notice')).toBe(false);
    await page.context().setOffline(true);
    await page.waitForSelector('.offline-notice', { state: 'visible' });
    await page.context().setOffline(false);
    await page.waitForSelector('.toast');
    expect(await page.textContent('.toast')).toBe('網路已恢復連線');
    expect(await page.getAttribute('.toast', 'role')).toBe('status');
    expect(await scrollLocked(page)).toBe(true);
    expect(await page.isVisible('.offline-notice')).toBe(false);
    await page.waitForSelector('.toast', { state: 'detached', timeout: 30_000 });
    expect(await scrollLocked(page)).toBe(false);
    await untilLogged(page, (log) => indexOf(log, `${toastMs} ms after #${indexOf(log, 'toast added')}`) >= 0);
    const log = await overlayLog(page);
    const added = indexOf(log, 'toast added');
    expectTimer(log, added, 'toast is-leaving changed', toastMs - toastFadeBeforeEndMs);
    expectTimer(log, added, 'toast removed', toastMs);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(widths)('navigation progress bar at %i px', (width) => {
  it('starts after 200 ms, advances 2 % per 100 ms tick, completes on the next page and hides 500 ms later', async () => {
    const { page, errors } = await open('', width);
    await recordOverlays(page, { click: [progressThrottleMs], 'progress-bar added': [progressHideAfterMs] });
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route('**/zh_TW/president', async (route) => {
      await released;
      await route.continue();
    });
    await goto(page, '/zh_TW/about');
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/zh_TW/president', id: 'slow-link', textContent: 'slow' });
      document.querySelector('main')!.prepend(link);
    });
    await page
      .locator('#slow-link')
      .first()
      .evaluate((link) => (link as HTMLAnchorElement).click());
    // The page is held for 1200 ms, then comes; Playwright cannot look into the page meanwhile.
    setTimeout(release, 1200);
    await page.waitForURL('**/zh_TW/president');
    // The bar as the next page puts it in, full.
    const arrivalOf = (log: OverlayLog) => log.findIndex((entry) => entry.what === 'progress-bar added' && entry.width === '100%');
    const hiddenAndProbed = (log: OverlayLog) => {
      const arrival = arrivalOf(log);
      return arrival >= 0 && indexOf(log, 'progress-bar removed', arrival) >= 0 && indexOf(log, `${progressHideAfterMs} ms after #${arrival}`) >= 0;
    };
    await untilLogged(page, hiddenAndProbed);
    const log = await overlayLog(page);

    expectTimer(log, indexOf(log, 'click'), 'progress-bar added', progressThrottleMs);
    const shown = at(log, 'progress-bar added');
    const arrival = arrivalOf(log);
    const leaving = log.slice(0, arrival).filter((entry) => entry.what.startsWith('progress-bar'));
    const widths = leaving.map((entry) => parseFloat(entry.width!));
    expect(widths.slice(0, 4)).toEqual([0, 2, 4, 6]);
    // Every tick adds the same step; a busy machine may fire a tick late, never an extra one.
    const step = (100 * progressTickMs) / progressDurationMs;
    widths.slice(1).forEach((width, i) => expect(width - widths[i]!).toBeCloseTo(step, 5));
    const ticks = Math.round((leaving.at(-1)!.at - shown) / progressTickMs);
    expect(widths.at(-1)).toBeLessThanOrEqual(ticks * step + 1e-6);
    expect(widths.at(-1)).toBeGreaterThanOrEqual(14);

    const arrived = log[arrival]!;
    expect(arrived.failed).toBe(false);
    expectTimer(log, arrival, 'progress-bar removed', progressHideAfterMs);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the failed style when the next page is an error page', async () => {
    const { page } = await open('', width);
    await recordOverlays(page, {});
    await page.route('**/zh_TW/no-such-page', async (route) => {
      await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });
    await goto(page, '/zh_TW/about');
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/zh_TW/no-such-page', id: 'broken-link', textContent: 'broken' });
      document.querySelector('main')!.prepend(link);
    });
    await Promise.all([page.waitForURL('**/zh_TW/no-such-page'), page.click('#broken-link')]);
    // The bar shows for 500 ms on the arriving page: on a busy machine that may be over before
    // Playwright looks, so the page's own record says whether it was shown failed.
    await untilLogged(page, (log) => indexOf(log, 'progress-bar is-failed changed') >= 0);
    expect(await page.textContent('h1')).toBe('找不到這個頁面');
    await page.context().close();
  });
});

/**
 * Notes the delay of every timer the page sets from now on (run in the page): a test asserts the
 * delay asked for where a wall-clock upper bound would fail on a loaded machine.
 */
function recordTimerDelays(): void {
  const delays: number[] = [];
  (window as unknown as { timerDelays: number[] }).timerDelays = delays;
  const original = window.setTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
    delays.push(Number(delay ?? 0));
    return original(handler, delay, ...rest);
  }) as typeof window.setTimeout;
}
const timerDelays = (page: Page): Promise<number[]> => page.evaluate(() => (window as unknown as { timerDelays: number[] }).timerDelays);

/** Scrolls an element to the middle of the window and measures how long until it is marked in view. */
function msUntilInView(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      element.scrollIntoView({ block: 'center' });
      const start = performance.now();
      return new Promise<number>((done) => {
        const check = () => (element.classList.contains('is-inview') ? done(performance.now() - start) : requestAnimationFrame(check));
        check();
      });
    });
}

describe.each(widths)('fade-in on view at %i px', (width) => {
  const delayedFigure = '.home-highlights .figure[data-animate-delay="200"]';

  it('marks an element in view only once scrolled to, after its own delay', async () => {
    const { page, errors } = await open('/zh_TW', width, { viewport: { width, height: 500 } });
    expect(
      await page
        .locator(delayedFigure)
        .first()
        .evaluate((element) => element.classList.contains('is-inview')),
    ).toBe(false);
    expect(
      await page
        .locator(delayedFigure)
        .first()
        .evaluate((element) => getComputedStyle(element).opacity),
    ).toBe('0');
    await page.evaluate(recordTimerDelays);
    const waited = await msUntilInView(page, delayedFigure);
    // Never early; and late only by how busy the machine is: the page asked for its 200 ms.
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(await timerDelays(page)).toContain(200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows everything at once with reduced motion', async () => {
    const { page } = await open('/zh_TW', width, { reducedMotion: 'reduce', viewport: { width, height: 500 } });
    const opacity = () =>
      page
        .locator(delayedFigure)
        .first()
        .evaluate((element) => getComputedStyle(element).opacity);
    expect(await opacity()).toBe('1');
    // The figure's mark must not wait its 200 ms (a wall-clock bound would fail on a loaded
    // machine; the delay asked for does not).
    await page.evaluate(recordTimerDelays);
    await msUntilInView(page, delayedFigure);
    const delays = await timerDelays(page);
    expect(delays).toContain(0);
    expect(delays).not.toContain(200);
    expect(await opacity()).toBe('1');
    await page.context().close();
  });
});

describe('data layer and prefetch', () => {
  it('pushes a PageView 250 ms after the page shows', async () => {
    const { page, errors } = await open('', 390);
    await page.addInitScript(() => {
      const layer: object[] = [];
      const push = layer.push.bind(layer);
      layer.push = (...items: object[]) => {
        (window as unknown as { pushedAt: number }).pushedAt = performance.now();
        return push(...items);
      };
      (window as unknown as { dataLayer: object[] }).dataLayer = layer;
    });
    await page.addInitScript(recordTimerDelays);
    await goto(page, '/zh_TW/focus/climate/energy');
    await page.waitForFunction(() => (window as unknown as { pushedAt?: number }).pushedAt);
    const { pushed, delay } = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return { pushed: window.dataLayer, delay: (window as unknown as { pushedAt: number }).pushedAt - navigation!.domContentLoadedEventStart };
    });
    expect(pushed).toEqual([
      { event: 'PageView', routeName: 'focus/climate/energy', pageType: 'PageView', url: '/zh_TW/focus/climate/energy', title: await page.title() },
    ]);
    expect(delay).toBeGreaterThanOrEqual(pageViewDelayMs);
    expect(await timerDelays(page)).toContain(pageViewDelayMs);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads no tag manager script when site.yaml names no container', async () => {
    const { page } = await open('/zh_TW', 390);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    await page.context().close();
  });

  const prefetched = (page: Page) => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const footerPaths = (page: Page) => page.locator('.footer-sitemap a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));

  it('prefetches the pages of visible links when idle, and footer links once scrolled to', async () => {
    const { page, errors } = await open('/zh_TW/about', 1440);
    await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0, undefined, { timeout: 3000 });
    const first = await prefetched(page);
    expect(first).toContain('/zh_TW');
    expect(first.every((href) => href!.startsWith('/zh_TW'))).toBe(true);
    await page.evaluate(() => document.querySelector('.site-footer')!.scrollIntoView());
    const footer = await footerPaths(page);
    await page.waitForFunction(
      (paths) => paths.every((path) => path === location.pathname || document.querySelector(`link[rel="prefetch"][href="${path}"]`)),
      footer,
      { timeout: 3000 },
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('prefetches nothing while offline', async () => {
    const { page } = await open('/zh_TW/about', 1440);
    await page.waitForTimeout(2200);
    const before = await prefetched(page);
    await page.context().setOffline(true);
    await page.evaluate(() => document.querySelector('.site-footer')!.scrollIntoView());
    await page.waitForTimeout(2500);
    expect(await prefetched(page)).toEqual(before);
    await page.context().close();
  });
});

describe('failures', () => {
  it('reloads once when a widget chunk fails to load, not again within 60 s', async () => {
    const { page } = await open('', 390);
    // The GRI index's tooltips wake when touched; their chunks (React's too) fail to load, the page's own preloads do not.
    const html = await (await page.request.get(`${site.url}/zh_TW/report/gri`)).text();
    const preloaded = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    await page.route('**/_esg/chunk-*.js', (route) => (preloaded.includes(new URL(route.request().url()).pathname) ? route.continue() : route.abort()));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${site.url}/zh_TW/report/gri`);
    await page.locator('.tooltip-trigger').first().hover();
    await page.waitForFunction(() => sessionStorage.getItem('esg:chunk-reload-at'));
    await page.waitForLoadState('load');
    await page.locator('.tooltip-trigger').first().hover();
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
    await page.context().close();
  });

  it('opens the search popup offline with no code asked for; a dialog asked for offline loads once back online, with no error and no reload', async () => {
    const { page, errors } = await open('/zh_TW/about', 390);
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.context().setOffline(true);
    await page.waitForSelector('.offline-notice', { state: 'visible' });
    // The shell needs no code beyond the entry: the popup opens offline.
    await page.locator('.search-toggle').click();
    await page.waitForSelector('.search-popup.is-open');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.search-popup', { state: 'detached' });
    // The newsletter dialog's island has not woken yet: the footer's button asks for its code, offline.
    await page.locator('footer [data-menu-action="subscriber"]').click();
    await page.waitForTimeout(800);
    expect(await page.locator('.subscriber-form').count()).toBe(0);
    expect(asked).toEqual([]);
    await page.context().setOffline(false);
    await page.waitForSelector('.subscriber-form', { timeout: 20_000 });
    expect(asked.some((path) => path.startsWith('/_esg/'))).toBe(true);
    expect(loads).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('replaces a widget that fails to render with the generic error text', async () => {
    const { page } = await open('', 390);
    // The newsletter dialog's island gets props it cannot render (no English notice is due).
    await page.addInitScript(() => sessionStorage.setItem('esg:english-visit', 'shown'));
    await page.route('**/en/about', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json">[^<]*(<\/script><div class="modal-island" data-island="ModalHost")/,
        '<script type="application/json">{}$1',
      );
      await route.fulfill({ response, body });
    });
    await goto(page, '/en/about');
    await page.locator('footer [data-menu-action="subscriber"]').click();
    await page.waitForSelector('.modal-island .widget-error');
    expect(await page.textContent('.modal-island .widget-error')).toBe(
      'An error occurred while rendering the page. Check developer tools console for details.',
    );
    expect(await page.isVisible('.main-menu')).toBe(true);
    await page.context().close();
  });

  it('answers an unknown address with the 404 page and a way home', async () => {
    const { page, errors } = await open('', 1440);
    const response = await page.goto(`${site.url}/en/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('This page could not be found');
    expect(await page.getAttribute('a.button:text-is("Back to the home page")', 'href')).toBe('/en');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await page.context().close();
  });
});

describe.each(widths)('keyboard only at %i px', (width) => {
  it('reaches the search icon by Tab, opens it with Enter and closes it with Esc', async () => {
    const { page, errors } = await open('/zh_TW/about', width);
    for (let step = 0; step < 200 && !(await focusedInside(page, '.search-toggle')); step += 1) await page.keyboard.press('Tab');
    expect(await focusedInside(page, '.search-toggle')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.search-popup.is-open');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.search-popup', { state: 'detached' });
    expect(await focusedInside(page, '.search-toggle')).toBe(true);
    await page.keyboard.press(' ');
    await page.waitForSelector('.search-popup.is-open');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each([
  ['zh_TW', '減碳', true],
  ['zh_CN', '减碳', true],
  // The English report indexes and quiz are behind the English guard.
  ['en', 'energy', false],
])('islands in %s', (locale, query, reportAndQuiz) => {
  it('fetch no React before the reader reaches one, then wake with no console error', async () => {
    const { page, errors } = await open('', 390);
    // A visitor who has seen the English notice this visit: no dialog is due on arrival.
    await page.addInitScript(() => sessionStorage.setItem('esg:english-visit', 'shown'));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await goto(page, `/${locale}/about`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    // Only the scripts the page names: its entry, the entry's preloads, the classic scripts.
    const named = [...(await page.content()).matchAll(/(?:src|rel="modulepreload" href)="(\/_esg\/[^"]+\.js)"/g)].map((match) => match[1]);
    const scripts = asked.filter((path) => path.startsWith('/_esg/') && path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !named.includes(path))).toEqual([]);
    // The newsletter dialog's island wakes when asked for.
    await page.locator('footer [data-menu-action="subscriber"]').click();
    await page.waitForSelector('.subscriber-form');
    expect(asked.filter((path) => path.startsWith('/_esg/') && !named.includes(path)).length).toBeGreaterThan(0);
    if (reportAndQuiz) {
      // A tooltip wakes under the pointer, its bubble open as CSS showed it; the quiz's questions are plain DOM.
      await goto(page, `/${locale}/report/gri`);
      await page.locator('.tooltip-trigger').first().hover();
      await page.waitForSelector('.tooltip[data-ready][data-open]');
      await goto(page, `/${locale}/qa/qa-form`);
      await page.waitForSelector('.quiz-form[data-ready]');
    }
    // Search results wake at once for a query.
    await goto(page, `/${locale}/search?query=${encodeURIComponent(query)}`);
    await page.waitForSelector('.search-results, .search-none');
    // The event filter wakes when touched (the pointer kept off it until then); a year then hides the
    // other years and goes into the address…
    await page.mouse.move(1, 1);
    await goto(page, `/${locale}/event`);
    const shownYears = () => page.locator('section.event-year:visible').count();
    const years = await shownYears();
    expect(years).toBeGreaterThan(1);
    const last = page.locator('.event-filter a[href^="#year-"]').last();
    const year = (await last.getAttribute('href'))!.slice('#year-'.length);
    expect(await page.locator('.event-filter[data-ready]').count()).toBe(0);
    await last.hover();
    await page.waitForSelector('.event-filter[data-ready]');
    await last.click();
    await page.waitForURL(`**/${locale}/event?year=${year}`);
    expect(await shownYears()).toBe(1);
    expect(await page.isVisible(`#year-${year}`)).toBe(true);
    // …and an address with a year wakes it at once.
    await goto(page, `/${locale}/event`);
    await goto(page, `/${locale}/event?year=${year}`);
    await page.waitForSelector('.event-filter[data-ready]');
    expect(await shownYears()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('no JavaScript errors on any page kind', () => {
  const pages = [
    '/zh_TW',
    '/zh_TW/index2024',
    '/zh_TW/about',
    '/zh_TW/focus/climate/energy',
    '/zh_TW/report-download',
    '/zh_TW/event',
    '/zh_CN/about',
    '/en',
    '/en/event',
  ];
  it.each(widths)('at %i px', async (width) => {
    const { page, errors } = await open('', width);
    for (const path of pages) {
      await goto(page, path);
      await scrollTo(page, 2000);
      await page.waitForTimeout(200);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('accessibility (axe-core)', () => {
  const pages = ['/zh_TW', '/zh_TW/focus/climate/energy', '/zh_TW/report-download'];
  for (const width of widths) {
    it.each(pages)(`%s has no serious or critical violations at ${width} px`, async (path) => {
      const { page } = await open(path, width, { reducedMotion: 'reduce' });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
  it.each(widths)('the open search popup and English notice have none at %i px', async (width) => {
    const { page } = await open('/zh_TW/company', width, { reducedMotion: 'reduce' });
    await page.click('.search-toggle');
    await page.waitForSelector('.search-popup.is-open');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.click('.lang-switch summary');
    await page.click('.lang-options a[hreflang="en"]');
    await page.waitForSelector('.modal');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

/** axe-core's serious and critical violations on the page as it is now, as `rule: targets`. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the preview's Content-Security-Policy blocks inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync('node_modules/axe-core/axe.min.js', 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}
