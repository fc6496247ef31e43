import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageWithErrors, sampleSiteInBrowser } from '../helpers/browser.ts';

const site = sampleSiteInBrowser();
/** The results list once its first pages are all drawn (they are drawn as they come, the list busy meanwhile). */
const whole = '.search-results:not([aria-busy])';

/** The search page at a width, failing the test on any JavaScript error; resolves once hydrated. */
async function open(path: string, width = 1440): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const { page, errors } = await pageWithErrors(site.browser, { viewport: { width, height: 900 } });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(site.url + path);
  return { page, errors, requests };
}

describe('the search page in Chromium', () => {
  it('searches on Enter, puts the query in the address, and a result lands on its section', async () => {
    const { page, errors } = await open('/zh_TW/search', 390);
    await page.waitForSelector('.search-form', { state: 'visible' });
    await page.fill('.search-input', '溫室氣體盤查');
    await page.press('.search-input', 'Enter');
    await page.waitForSelector(whole);
    expect(new URL(page.url()).searchParams.get('query')).toBe('溫室氣體盤查');
    expect(await page.textContent('.search-count')).toMatch(/共找到 \d+ 個頁面/);
    expect(await page.textContent('.search-results mark')).toBe('溫室氣體盤查');
    // Each result says what kind of page it is, and the search was timed.
    expect(await page.textContent('.search-page .search-kind')).toBe('永續焦點');
    expect(await page.evaluate(() => performance.getEntriesByName('esg-search').length)).toBe(1);
    const first = page.locator('.search-section-link').first();
    const href = await first.getAttribute('href');
    expect(href).toBe('/zh_TW/focus/climate/energy#focus321');
    await first.click();
    await page.waitForURL('**/zh_TW/focus/climate/energy#focus321');
    const sectionTop = await page.evaluate(() => document.getElementById('focus321')!.getBoundingClientRect().top);
    expect(sectionTop).toBeGreaterThanOrEqual(0);
    expect(sectionTop).toBeLessThan(200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads ?query= from the address (the header popup sends visitors here) and back restores the earlier search', async () => {
    const { page, requests } = await open(`/zh_CN/search?query=${encodeURIComponent('環境')}`);
    await page.waitForSelector(whole);
    expect(await page.inputValue('.search-input')).toBe('環境');
    // The Traditional query found the Simplified sections.
    expect(await page.textContent('.search-results')).toContain('环境保护');
    // The index core, the term shards of 環 (as typed) and 环 (as the zh_CN index writes it) and of
    // the query's synonyms, and the page shards of the results shown: nothing else, nothing twice.
    const fetched = () => requests.filter((path) => path.startsWith('/_esg/search-'));
    expect(fetched().filter((path) => /^\/_esg\/search-zh_CN-[0-9a-f]{10}\.json$/.test(path))).toHaveLength(1);
    const shards = fetched().filter((path) => /^\/_esg\/search-zh_CN-t\d+-[0-9a-f]{10}\.json$/.test(path));
    const pageShards = fetched().filter((path) => /^\/_esg\/search-zh_CN-p\d+-[0-9a-f]{10}\.json$/.test(path));
    expect(shards.length).toBeGreaterThanOrEqual(1);
    expect(pageShards.length).toBeGreaterThanOrEqual(1);
    expect(pageShards.length).toBeLessThanOrEqual(10);
    expect(fetched()).toHaveLength(1 + shards.length + pageShards.length);
    expect(new Set(fetched()).size).toBe(fetched().length);
    await page.fill('.search-input', '奇异果');
    await page.press('.search-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('.search-page-title')?.textContent?.includes('奇异果'));
    // A new query fetches only the shards it still lacks, and the core not again.
    expect(fetched().filter((path) => /^\/_esg\/search-zh_CN-[0-9a-f]{10}\.json$/.test(path))).toHaveLength(1);
    expect(new Set(fetched()).size).toBe(fetched().length);
    await page.goBack();
    await page.waitForFunction(() => (document.querySelector('.search-input') as HTMLInputElement).value === '環境');
    await page.waitForSelector(whole);
    expect(await page.textContent('.search-results')).toContain('环境保护');
    await page.context().close();
  });

  it('shows a clear no-results state with related words of the vocabulary and the recommended searches', async () => {
    const { page } = await open(`/zh_TW/search?query=${encodeURIComponent('恐龍化石')}`);
    await page.waitForSelector('.search-none');
    expect(await page.textContent('.search-none')).toBe('找不到符合「恐龍化石」的內容');
    expect(await page.locator('.search-recommended li').count()).toBe(5);
    expect(await page.getAttribute('.search-recommended a >> nth=0', 'href')).toBe('/zh_TW/event');
    expect(await page.locator('.search-results').count()).toBe(0);
    // Words of the vocabulary sharing a character with the query are offered, and a click searches one.
    const related = page.locator('.search-closest a');
    expect(await related.count()).toBeGreaterThan(0);
    const word = (await related.first().textContent())!;
    await related.first().click();
    await page.waitForSelector(whole);
    expect(new URL(page.url()).searchParams.get('query')).toBe(word);
    await page.context().close();
  });

  it('finds a page by a synonym, says when results hold only part of the query, and shows more on demand', async () => {
    const { page } = await open(`/zh_TW/search?query=${encodeURIComponent('綠電')}`);
    await page.waitForSelector(whole);
    // 綠電 is not the report's word: 再生能源 is, and is marked in the results.
    expect(await page.getAttribute('.search-page-title a >> nth=0', 'href')).toBe('/zh_TW/focus/climate/energy');
    expect(await page.locator('.search-results mark', { hasText: '再生能源' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.search-partial').count()).toBe(0);
    expect(await page.locator('li.search-page').count()).toBe(10);
    await page.click('.search-more');
    await page.waitForFunction(() => document.querySelectorAll('li.search-page').length > 10);
    await page.fill('.search-input', '再生能源恐龍');
    await page.press('.search-input', 'Enter');
    await page.waitForSelector('.search-partial');
    expect(await page.locator('li.search-page').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('counts English results in the plural form of each number', async () => {
    for (const query of ['water', 'energy']) {
      const { page, errors } = await open(`/en/search?query=${query}`);
      await page.waitForSelector(whole);
      const [, sections, sectionWord, pages, pageWord] = /: (\d+) (sections?) on (\d+) (pages?)$/.exec((await page.textContent('.search-count')) ?? '') ?? [];
      expect(sectionWord, query).toBe(sections === '1' ? 'section' : 'sections');
      expect(pageWord, query).toBe(pages === '1' ? 'page' : 'pages');
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('does nothing for an empty query', async () => {
    const { page } = await open('/zh_TW/search');
    await page.waitForSelector('.search-form', { state: 'visible' });
    await page.press('.search-input', 'Enter');
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('draws the results of a query without React, and does not fetch ahead the recommended pages it took off the page', async () => {
    /** The scripts a page runs, and whether one of them is React's (its errors point to react.dev). */
    const scriptsOf = async (path: string, ready: string) => {
      const { page, errors } = await pageWithErrors(site.browser, { viewport: { width: 390, height: 844 } });
      const requests: string[] = [];
      const bodies: Promise<string>[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) bodies.push(response.text().catch(() => ''));
      });
      await page.goto(site.url + path);
      await page.waitForSelector(ready);
      await page.waitForLoadState('networkidle');
      const react = (await Promise.all(bodies)).some((body) => body.includes('react.dev/errors'));
      return { page, errors, requests, react };
    };
    const search = await scriptsOf(`/zh_TW/search?query=${encodeURIComponent('減碳')}`, whole);
    expect(search.react).toBe(false);
    expect(await search.page.locator('li.search-page').count()).toBe(10);
    expect(await search.page.locator('.search-recommended').count()).toBe(0);
    // The recommended searches are drawn by the server, then replaced by the results before the shell fetches their pages ahead.
    for (const path of ['/zh_TW/covid19', '/zh_TW/report-download', '/zh_TW/event']) expect(search.requests).not.toContain(path);
    expect(search.errors).toEqual([]);
    await search.page.context().close();
    // The event filter, a React island woken at once by a year in the address, does fetch React: the check can tell.
    const events = await scriptsOf('/zh_TW/event?year=2023', '.event-filter[data-ready]');
    expect(events.react).toBe(true);
    await events.page.context().close();
  });

  it('other pages do not load the index', async () => {
    const { page, requests } = await open('/zh_TW/about');
    await page.waitForLoadState('networkidle');
    expect(requests.some((path) => path.startsWith('/_esg/search-'))).toBe(false);
    await page.context().close();
  });

  it('without JavaScript, shows no box, explains that search needs it and links the recommended pages', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/zh_TW/search?query=test`);
    expect(await page.isVisible('.search-form')).toBe(false);
    expect(await page.textContent('.search-noscript')).toContain('JavaScript');
    expect(await page.locator('.search-recommended li a').count()).toBe(5);
    await context.close();
  });
});
