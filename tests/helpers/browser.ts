import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { buildSample, preview, type RunningServer } from './site.ts';

/** Debian's Chromium, launched headless as the project's README and CI expect. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * The sample site built, served by `esg preview` and opened in Chromium for a test file: registers
 * the beforeAll/afterAll hooks and gives the browser and the site's address.
 */
export function sampleSiteInBrowser(): { readonly browser: Browser; readonly url: string } {
  const state: { browser?: Browser; server?: RunningServer } = {};
  beforeAll(async () => {
    state.server = await preview(await buildSample());
    state.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  return {
    get browser() {
      return state.browser!;
    },
    get url() {
      return state.server!.url;
    },
  };
}

/** A page in a context of its own that records every JavaScript error: uncaught, or logged with console.error. */
export async function pageWithErrors(browser: Browser, options: BrowserContextOptions): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext(options)).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { page, errors };
}
