import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';

/**
 * The book's type: Noto Sans TC for Traditional Chinese (and the English book, whose Latin it
 * sets), Noto Sans SC for Simplified, both from npm (`@fontsource/noto-sans-tc`, `-sc`), so that no
 * font of the machine decides a line break. Each weight is the package's stylesheet of numbered
 * unicode-range slices (`400.css`): Chromium loads the slices the text uses and embeds each as a
 * CID TrueType subset. Every weight the book's styles use is loaded: one that is not would be
 * synthesised (and embedded as Type 3 glyphs).
 */
export const bookWeights = [400, 700] as const;

const families = {
  tc: { family: 'Noto Sans TC', package: '@fontsource/noto-sans-tc' },
  sc: { family: 'Noto Sans SC', package: '@fontsource/noto-sans-sc' },
} as const;

/** Where the printer and `esg dev`'s preview of the book ask for the fonts' files. */
export const bookFontsPath = '/_esg/book-fonts/';

/** The family of a book in the language `iso` (`zh-Hans-CN` → Noto Sans SC). */
export function bookFamily(iso: string) {
  return /^zh-(Hans|CN|SG)/i.test(iso) ? families.sc : families.tc;
}

/** The stylesheets of a book's family, one per weight, as addresses the printer answers with `bookFontFile`. */
export function bookFontSheets(iso: string): string[] {
  const { package: name } = bookFamily(iso);
  return bookWeights.map((weight) => `${bookFontsPath}${name.slice('@fontsource/'.length)}/${weight}.css`);
}

const require = createRequire(import.meta.url);
const folderOf = (name: string) => dirname(require.resolve(name));

/** The file of a font address (`/_esg/book-fonts/noto-sans-tc/files/noto-sans-tc-0-400-normal.woff2`), or undefined. */
export function bookFontFile(path: string): string | undefined {
  if (!path.startsWith(bookFontsPath) || path.includes('..')) return undefined;
  const [folder, ...rest] = path.slice(bookFontsPath.length).split('/');
  const family = Object.values(families).find((candidate) => candidate.package === `@fontsource/${folder}`);
  if (!family || !rest.length) return undefined;
  const file = normalize(join(folderOf(family.package), ...rest));
  return /\.(css|woff2)$/.test(file) ? file : undefined;
}

/** The fonts a book is set in, with their packages' versions: what its page map records and its cache key holds. */
export function bookFontsIdentity(): string[] {
  return Object.values(families).map(({ family, package: name }) => {
    const { version } = JSON.parse(readFileSync(join(folderOf(name), 'package.json'), 'utf8')) as { version: string };
    return `${family} ${bookWeights.join('/')} (${name} ${version})`;
  });
}
