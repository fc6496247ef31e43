import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { errors } from '../../../errorCatalogue.ts';
import { UsageError } from '../../../errors.ts';

/** Where Chromium is looked for when CHROMIUM_PATH does not say: Debian's package first. */
const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The font the book's CJK text is embedded in (templates/book/book.css). */
export const bookFont = 'WenQuanYi Zen Hei';

/** Chromium's executable, or a usage error naming where it was looked for and how to install it (ESG8015). */
export function chromiumPath(): string {
  const looked = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : candidates;
  const found = looked.find((path) => existsSync(path));
  if (!found) throw new UsageError(errors.noChromium, looked);
  return found;
}

/** What the printer depends on besides the book's HTML: Chromium's build, for the build cache's key. */
export function printerIdentity(): string {
  const path = chromiumPath();
  const { size, mtimeMs } = statSync(path);
  return `${path} ${size} ${mtimeMs}`;
}

/** Fails at once (ESG8016) when fontconfig does not know the book's CJK font. */
export function checkBookFont(): void {
  const listed = spawnSync('fc-list', [`:family=${bookFont}`, 'family'], { encoding: 'utf8' });
  if (listed.error || !listed.stdout.trim()) throw new UsageError(errors.noBookFont, bookFont);
}

/** A file to answer a request of the book page with, by its path (`/_esg/site-1a2b.css`), or undefined for a 404. */
export type BookFiles = (path: string) => string | undefined;

/** Chromium, launched headless as the project runs it everywhere, printing books one page at a time. */
export interface Printer {
  /** The PDF of `html`, its files answered by `files`, as Chromium prints it: A4 from the CSS, tagged, with an outline. */
  print(html: string, files: BookFiles): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** The origin the book is loaded from: every request to it is answered from `files`, none goes to a network. */
const origin = 'http://book.esg.invalid';

const contentTypes: Record<string, string> = {
  css: 'text/css',
  js: 'text/javascript',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  woff2: 'font/woff2',
};

export async function launchPrinter(): Promise<Printer> {
  const executablePath = chromiumPath();
  checkBookFont();
  // Loaded only here: a build without --pdf never loads playwright-core.
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return {
    async print(html, files) {
      const page = await browser.newPage();
      try {
        await page.route('**/*', async (route) => {
          const url = new URL(route.request().url());
          if (url.origin !== origin) return route.abort();
          if (url.pathname === '/book.html') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
          const file = files(decodeURIComponent(url.pathname));
          if (!file) return route.fulfill({ status: 404, body: '' });
          return route.fulfill({
            status: 200,
            contentType: contentTypes[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream',
            body: readFileSync(file),
          });
        });
        await page.goto(`${origin}/book.html`, { waitUntil: 'load' });
        return new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: true, outline: true }));
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}
