import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { errors } from '../../../errorCatalogue.ts';
import { UsageError } from '../../../errors.ts';
import { warn } from '../../../log.ts';
import { once } from '../../../once.ts';
import { bookFontFile } from '../../../bookFonts.ts';

/** Where an installed Chromium is looked for when the bundled one cannot run and CHROMIUM_PATH does not say: Debian's package first. */
const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium that prints the book, and whether it is the one the lockfile pins. */
export interface BookEngine {
  path: string;
  /** The engine of `@sparticuz/chromium`, the same on every machine; else an installed one, whose page numbers may differ. */
  bundled: boolean;
  /** The package and its version (`@sparticuz/chromium 153.0.0`), or the installed executable's path. */
  source: string;
}

/**
 * The engine the book is printed by: the Chromium inside `@sparticuz/chromium` (Linux x64, unpacked
 * into the temp folder on first use), so that CI, a laptop and the container print the same pages;
 * where it cannot run, CHROMIUM_PATH or an installed Chromium, with a warning (ESG4104) that its
 * page numbers may differ. A usage error (ESG8015) when there is none.
 */
export const bookEngine: () => Promise<BookEngine> = once(findEngine);

async function findEngine(): Promise<BookEngine> {
  const chosen = process.env.CHROMIUM_PATH;
  if (!chosen && process.platform === 'linux' && process.arch === 'x64') {
    try {
      // Loaded only here: a build without --pdf never unpacks a browser.
      const { default: bundled } = await import('@sparticuz/chromium');
      const path = await bundled.executablePath();
      if (runs(path)) return { path, bundled: true, source: bundledSource() };
    } catch {
      // Another platform's files, or a folder that cannot be written: an installed Chromium then.
    }
  }
  const looked = chosen ? [chosen] : candidates;
  const path = looked.find((candidate) => existsSync(candidate));
  if (!path) throw new UsageError(errors.noChromium, looked);
  warn(errors.otherEngine, undefined, path);
  return { path, bundled: false, source: path };
}

/** Whether an executable starts on this machine (the bundled one needs the system's NSS libraries). */
function runs(path: string): boolean {
  return spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 }).status === 0;
}

/** The environment of the bundled engine: fontconfig reads the configuration unpacked beside it (its few fonts), not the system's. */
function withOwnFonts(path: string): Record<string, string> {
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'FONTCONFIG_FILE')) as Record<string, string>;
  return { ...environment, FONTCONFIG_PATH: join(dirname(path), 'fonts') };
}

/** The bundled engine's package and version, as the lockfile pins it. */
export function bundledSource(): string {
  const file = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '../package.json');
  return `@sparticuz/chromium ${(JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version}`;
}

/** A file to answer a request of the book page with, by its path (`/_esg/site-1a2b.css`), or undefined for a 404. */
export type BookFiles = (path: string) => string | undefined;

/** Chromium, launched headless as the project runs it everywhere, printing books one page at a time. */
export interface Printer {
  /** The engine and its version (`Chromium 153.0.8010.0 (@sparticuz/chromium 153.0.0)`), as the page map records it. */
  engine: string;
  bundled: boolean;
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
  const engine = await bookEngine();
  // Loaded only here: a build without --pdf never loads playwright-core.
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({
    executablePath: engine.path,
    // The bundled engine sees only the fonts unpacked beside it, never the machine's: the book is set in its own (fonts.ts).
    ...(engine.bundled ? { env: withOwnFonts(engine.path) } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return {
    engine: `Chromium ${browser.version()} (${engine.source})`,
    bundled: engine.bundled,
    async print(html, files) {
      const page = await browser.newPage();
      try {
        await page.route('**/*', async (route) => {
          const url = new URL(route.request().url());
          if (url.origin !== origin) return route.abort();
          if (url.pathname === '/book.html') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
          const path = decodeURIComponent(url.pathname);
          const file = bookFontFile(path) ?? files(path);
          if (!file) return route.fulfill({ status: 404, body: '' });
          return route.fulfill({
            status: 200,
            contentType: contentTypes[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream',
            body: readFileSync(file),
          });
        });
        await page.goto(`${origin}/book.html`, { waitUntil: 'load' });
        // Every slice of the fonts the text uses, loaded before a line is measured for print.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        return new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: true, outline: true }));
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}
