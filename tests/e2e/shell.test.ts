import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageWithErrors, sampleSiteInBrowser } from '../helpers/browser.ts';

const site = sampleSiteInBrowser();

/** A page at the given width that fails the test on any JavaScript error. */
async function open(path: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await pageWithErrors(site.browser, { viewport: { width, height: 844 } });
  await page.goto(site.url + path);
  await page.waitForSelector('.main-menu[data-ready]');
  return { page, errors };
}

describe('at 390 px', () => {
  it('opens the menu with page scroll locked, follows a link, and the menu closes', async () => {
    const { page, errors } = await open('/zh_TW/about', 390);
    await expect(page.isVisible('#site-menu')).resolves.toBe(false);
    await page.click('.menu-toggle');
    await page.waitForSelector('#site-menu.is-open');
    expect(await page.getAttribute('.menu-toggle', 'aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(true);
    await page.click('.menu-category-button:has-text("永續經營")');
    await page.click('.submenu a:has-text("董事長的話")');
    await page.waitForURL('**/zh_TW/chairman');
    expect(await page.textContent('h1')).toBe('董事長的話');
    expect(await page.isVisible('#site-menu')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('closes the menu with the cross and with the mask, and unlocks scroll', async () => {
    const { page } = await open('/zh_TW/company', 390);
    await page.click('.menu-toggle');
    await page.click('.menu-close');
    expect(await page.isVisible('#site-menu')).toBe(false);
    await page.click('.menu-toggle');
    await page.mouse.click(10, 400);
    expect(await page.isVisible('#site-menu')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(false);
    await page.context().close();
  });

  it('opens the menu with its sub-menus before the script arrives; then it stays open, closes and locks scroll as usual', async () => {
    const { page, errors } = await pageWithErrors(site.browser, { viewport: { width: 390, height: 844 } });
    let arrive = () => {};
    const held = new Promise<void>((done) => (arrive = done));
    await page.route('**/_esg/client-*.js', async (route) => {
      await held;
      await route.continue();
    });
    // The module script holds DOMContentLoaded back: the page is read as soon as its HTML is there.
    await page.goto(site.url + '/zh_TW/about', { waitUntil: 'commit' });
    await page.waitForSelector('.menu-toggle');
    await page.click('.menu-toggle');
    expect(await page.isVisible('#site-menu')).toBe(true);
    expect(await page.isVisible('.submenu a:has-text("董事長的話")')).toBe(true);
    arrive();
    await page.waitForSelector('.main-menu[data-ready]');
    // The script takes over: the panel stays open, sub-menus open one at a time, scroll is locked.
    expect(await page.isVisible('#site-menu.is-open')).toBe(true);
    expect(await page.isVisible('.submenu a:has-text("董事長的話")')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(true);
    await page.click('.menu-close');
    expect(await page.isVisible('#site-menu')).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
    await page.click('.menu-toggle');
    await page.waitForSelector('#site-menu.is-open');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches language to the same page and remembers it in the i18n_redirected cookie', async () => {
    const { page } = await open('/zh_TW/company', 390);
    await page.click('.lang-switch summary');
    await page.click('.lang-options a[hreflang="zh-Hans-CN"]');
    await page.waitForURL('**/zh_CN/company');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans-CN');
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'i18n_redirected');
    expect(cookie?.value).toBe('zh_CN');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await page.goto(`${site.url}/`);
    await page.waitForURL('**/zh_CN');
    await page.context().close();
  });

  it('sends / to /zh_TW when no locale was chosen', async () => {
    const { page } = await open('/', 390);
    expect(new URL(page.url()).pathname).toBe('/zh_TW');
    await page.context().close();
  });
});

describe('the English route guard', () => {
  it('returns to the previous page and sets the English-notice flag', async () => {
    const { page } = await open('/zh_TW/chairman', 390);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/en/chairman';
      link.id = 'to-english';
      link.textContent = 'English';
      document.body.prepend(link);
    });
    await page.click('#to-english');
    await page.waitForURL('**/zh_TW/chairman');
    // The flag is read once: the page shows the notice and clears it (tests/e2e/shellBehaviour.test.ts).
    await page.waitForSelector('.modal');
    expect(await page.evaluate(() => sessionStorage.getItem('esg:english-notice'))).toBe(null);
    await page.context().close();
  });

  it('goes to /zh_TW when there is no previous page', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/en/committee`);
    await page.waitForURL((url) => url.pathname === '/zh_TW');
    await context.close();
  });
});

describe('at 1440 px', () => {
  it('shows the menu always, opens a sub-menu on hover and closes it when the mouse leaves', async () => {
    const { page, errors } = await open('/zh_TW', 1440);
    expect(await page.isVisible('.menu-categories')).toBe(true);
    expect(await page.isVisible('.menu-toggle')).toBe(false);
    const category = page.locator('.menu-category').first();
    await category.hover();
    await expect(category.locator('.submenu').isVisible()).resolves.toBe(true);
    await page.mouse.move(700, 600);
    await expect(category.locator('.submenu').isVisible()).resolves.toBe(false);
    expect(await page.textContent('.lang-switch summary .lang-alias')).toBe('繁');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads fully with JavaScript off: content, footer, the menu with its sub-menus, languages, search and share', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/zh_TW/committee`);
    expect(await page.textContent('h1')).toBeTruthy();
    expect(await page.isVisible('.site-footer')).toBe(true);
    await page.click('.menu-toggle');
    expect(await page.isVisible('#site-menu')).toBe(true);
    // Every sub-menu is listed open: a link of the last category too.
    expect(await page.isVisible('.submenu a:has-text("董事長的話")')).toBe(true);
    await page.locator('.menu-category').last().locator('.submenu a').first().scrollIntoViewIfNeeded();
    expect(await page.locator('.menu-category').last().locator('.submenu a').first().isVisible()).toBe(true);
    await page.click('.menu-close');
    expect(await page.isVisible('#site-menu')).toBe(false);
    // The language dropdown and the share menu are <details>: they open, and their links lead on.
    await page.click('.lang-switch summary');
    await Promise.all([page.waitForURL('**/zh_CN/committee'), page.click('.lang-options a[data-locale="zh_CN"]')]);
    await page.click('.share-menu summary');
    expect(await page.getAttribute('.share-menu a[data-share]', 'href')).toContain(encodeURIComponent('/zh_CN/committee'));
    // The search icon is a link to the search page.
    await Promise.all([page.waitForURL('**/zh_CN/search'), page.click('.search-toggle')]);
    await context.close();
  });
});
