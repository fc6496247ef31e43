import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageWithErrors, sampleSiteInBrowser } from '../helpers/browser.ts';

const site = sampleSiteInBrowser();

async function open(path: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await pageWithErrors(site.browser, { viewport: { width, height: 844 } });
  await page.goto(site.url + path, { waitUntil: 'load' });
  return { page, errors };
}

/** Where a section sits against the sticky header, once scrolling has settled. */
async function landing(page: Page, id: string) {
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))));
  return page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId)!.getBoundingClientRect();
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    const atBottom = Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight - 1;
    return { gap: section.top - header.bottom, scrolled: scrollY, atBottom };
  }, id);
}

/** The section's top is just below the header: not hidden under it, and no more than the scroll padding away. */
function expectJustBelowHeader(where: { gap: number; scrolled: number; atBottom: boolean }, label: string) {
  expect(where.scrolled, label).toBeGreaterThan(0);
  if (where.atBottom && where.gap > 24) return; // the page ends before the section can reach the top
  expect(where.gap, label).toBeGreaterThanOrEqual(0);
  expect(where.gap, label).toBeLessThanOrEqual(24);
}

const specSections: [string, string][] = [
  ['focus213', '/focus/smart/communication'],
  ['focus341', '/focus/climate/waste'],
  ['focus423', '/focus/care/human-rights'],
  ['focus142', '/focus/sustainability/risk'],
  ['focus352', '/focus/climate/water'],
  ['focus311', '/focus/climate/action'],
  ['focus242', '/focus/smart/quality'],
];

describe.each([390, 1440])('section deep links at %i px', (width) => {
  it.each(specSections)('?focus=%s lands on its section just below the header', async (id, route) => {
    const { page, errors } = await open(`/zh_TW${route}?focus=${id}`, width);
    expectJustBelowHeader(await landing(page, id), `${route}?focus=${id}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('#focusNNN lands the same way, in zh_CN too', async () => {
    const { page } = await open('/zh_CN/focus/climate/energy#focus322', width);
    expectJustBelowHeader(await landing(page, 'focus322'), '#focus322');
    await page.context().close();
  });

  it('a ?focus= link on another page (the SDG tab) lands on the section it names', async () => {
    const { page, errors } = await open('/zh_TW/sustainable/2', width);
    await page.click('#sdg-7 a.chapter-link[href$="?focus=focus323"]');
    await page.waitForURL('**/zh_TW/focus/climate/energy?focus=focus323');
    await page.waitForLoadState('load');
    expectJustBelowHeader(await landing(page, 'focus323'), 'link to focus323');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('tabs without JavaScript', () => {
  it('the sustainable tabs are links that work with scripts off', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/zh_TW/sustainable`);
    await page.click('a.tab:has-text("永續發展目標對應")');
    await page.waitForURL('**/zh_TW/sustainable/2');
    expect(await page.getAttribute('a.tab[aria-current="page"]', 'href')).toBe('/zh_TW/sustainable/2');
    expect(await page.locator('.goal-card').count()).toBe(10);
    await context.close();
  });
});
