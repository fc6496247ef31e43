import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/build/index.ts';
import { ContentErrors } from '../../cli/errors.ts';
import * as OpenCC from 'opencc-js';
import { buildSample, contentCopy, tempDir } from '../helpers/site.ts';
import { page as parsed } from '../helpers/html.ts';
import { publishedPageMap } from '../helpers/outFolders.ts';

let out: string;
const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');
/** Visible text of a page: tags, scripts and attribute values removed. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');

/**
 * Character by character Traditional → Simplified; a text already in Simplified script comes back
 * unchanged, except for characters that are Simplified too in some words (显著, not 显着).
 */
const charConverter = OpenCC.Converter({ from: 'tw', to: 'cn' });
const inBothScripts = new Set(['著']);
const simplifiedChars = (text: string) => {
  const converted = [...charConverter(text)];
  return [...text].map((char, index) => (inBothScripts.has(char) ? char : converted[index])).join('');
};

const foundationRoutes = ['', 'index2024', 'index2023', 'about', 'chairman', 'president', 'committee', 'company', 'report-download'];

beforeAll(async () => {
  out = await buildSample();
});

describe('the built site', () => {
  it('has every foundation page in zh_TW and zh_CN, with its language and title', () => {
    for (const [code, iso] of [
      ['zh_TW', 'zh-Hant-TW'],
      ['zh_CN', 'zh-Hans-CN'],
    ] as const) {
      for (const route of foundationRoutes) {
        const html = page(`${code}/${route}`);
        expect(html, `${code}/${route}`).toContain(`<html lang="${iso}"`);
        expect(html).toMatch(/<title>[^<]+<\/title>/);
        expect(html).toContain('<main id="main"');
      }
    }
  });

  it('writes zh_CN entirely in Simplified script', () => {
    const files = readdirSync(join(out, 'zh_CN'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.html'));
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const text = visibleText(readFileSync(join(out, 'zh_CN', file), 'utf8'));
      expect(simplifiedChars(text), `zh_CN/${file}`).toBe(text);
    }
    expect(page('zh_CN/chairman')).toContain('永续');
    expect(page('zh_CN/chairman')).not.toContain('永續');
  });

  it('has English editions only for the routes site.yaml lists; the others are guard pages', () => {
    for (const route of ['', 'about', 'report-download']) {
      expect(page(`en/${route}`)).toContain('<html lang="en"');
      expect(page(`en/${route}`)).not.toContain('noindex');
    }
    const guard = page('en/chairman');
    expect(guard).toContain('<meta name="robots" content="noindex"/>');
    expect(guard).toMatch(/<script src="\/_esg\/guard-[A-Z0-9]+\.js" data-home="\/zh_TW"><\/script>/);
    expect(guard).toContain('href="/zh_TW/chairman"');
  });

  it('adds the locale to links written without one', () => {
    expect(page('zh_CN/chairman')).toContain('href="/zh_CN/president"');
    expect(page('en/about')).toContain('href="/en/report-download"');
  });

  it('gives each page canonical, hreflang alternates with x-default, and Open Graph tags', () => {
    const html = page('zh_TW/about');
    expect(html).toContain('<link rel="canonical" href="https://esg.huayue-industries.example/zh_TW/about"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="zh-Hans-CN" href="https://esg.huayue-industries.example/zh_CN/about"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="en" href="https://esg.huayue-industries.example/en/about"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://esg.huayue-industries.example/zh_TW/about"/>');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(page('zh_TW/chairman')).not.toContain('<link rel="alternate" hrefLang="en"');
  });

  it('lists the 2024 report and the 2020–2023 editions with their sizes', () => {
    const html = page('zh_TW/report-download');
    for (const year of [2024, 2023, 2022, 2021, 2020]) expect(html).toContain(`${year}`);
    const pdfs = readdirSync(join(out, 'assets/reports'));
    expect(pdfs.length).toBeGreaterThanOrEqual(6);
    for (const pdf of pdfs) {
      expect(
        readFileSync(join(out, 'assets/reports', pdf))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(html + page('en/report-download')).toContain(`/assets/reports/${pdf}`);
    }
    expect(html).toMatch(/\d+(\.\d)? KB/);
  });

  it('links the latest report it has from the footer of every page: the PDF of the book, or without it (no esg build --pdf yet) the 2023 edition', () => {
    const latest = (locale: string) =>
      publishedPageMap(out, locale) ? `/reports/huayue-esg-2024-${locale}.pdf` : `/assets/reports/huayue-esg-2023-${locale}.pdf`;
    expect(page('zh_TW/company')).toContain(`href="${latest('zh_TW')}"`);
    expect(page('en')).toContain(`href="${latest('en')}"`);
    expect(page('zh_TW/company')).toContain('[2025] v1.0.16');
  });

  it('writes 404 pages with their texts (docs/product.md, "Errors shown to visitors"), a sitemap with alternates, robots.txt and the root redirect', () => {
    expect(readFileSync(join(out, 'en/404.html'), 'utf8')).toContain('This page could not be found');
    expect(readFileSync(join(out, 'en/404.html'), 'utf8')).toContain('Back to the home page');
    expect(readFileSync(join(out, 'zh_TW/404.html'), 'utf8')).toContain('回到首頁');
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://esg.huayue-industries.example/zh_CN/about</loc>');
    expect(sitemap).toContain('hreflang="x-default"');
    expect(sitemap).not.toContain('/en/chairman<');
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toContain('Sitemap: https://esg.huayue-industries.example/sitemap.xml');
    const root = readFileSync(join(out, 'index.html'), 'utf8');
    expect(root).toMatch(/<script src="\/_esg\/redirect-[A-Z0-9]+\.js" data-fallback="\/zh_TW" data-locales="zh_TW zh_CN en"><\/script>/);
    expect(root).toContain('<noscript><meta http-equiv="refresh" content="0; url=/zh_TW"/></noscript>');
  });

  it('writes the shell as HTML, marks the islands with their props and when they wake, and loads one hashed client entry', () => {
    const html = page('zh_TW');
    const built = parsed(html);
    // The menu, the search popup and the language switch are plain HTML: no island, no props.
    expect(built.byClass('header-menu')[0]!.attribs['data-island']).toBeUndefined();
    expect(html).toMatch(/<button type="button" class="menu-category-button" aria-expanded="false">永續經營<\/button>/);
    expect(html).toContain('<a href="/zh_TW/chairman">');
    expect(html).toMatch(/<template id="search-popup"><div class="search-popup">/);
    expect(html).toMatch(/<a href="\/zh_CN" hrefLang="zh-Hans-CN" lang="zh-Hans-CN" data-locale="zh_CN">/);
    const modals = built.islandProps(built.byClass('modal-island')[0]!) as { subscriber: { locale: string } };
    expect(modals.subscriber.locale).toBe('zh_TW');
    expect(html).toContain('<div class="modal-island" data-island="ModalHost" data-hydrate="interaction"></div>');
    // Props are JSON in a script element: no quote is spelled `&quot;`, and a `<` cannot end the script.
    expect(html).toMatch(/<script type="application\/json">\{"subscriber":\{"endpoint":/);
    // The English notice is plain HTML too: a template in English, with the page's language below.
    expect(html).toMatch(
      /<template id="english-notice"><div class="modal-overlay"><div class="modal" role="dialog" aria-modal="true" aria-labelledby="english-notice-title" tabindex="-1" lang="en">/,
    );
    expect(html).toContain('<p class="modal-translation" lang="zh-Hant-TW" data-reason="unavailable"><strong>英文版建置中</strong> 這個頁面尚無英文版。</p>');
    for (const [, json] of html.matchAll(/<script type="application\/json">(.*?)<\/script>/g)) expect(json).not.toContain('<');
    expect(html).toMatch(/<script type="module" src="\/_esg\/client-[A-Z0-9]+\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/_esg\/site-[A-Z0-9]+\.css"\/>/);
  });
});

describe('a failed build', () => {
  it('leaves the previous out/ untouched and no staging folder behind', async () => {
    const outDir = join(tempDir(), 'out');
    const content = contentCopy();
    await build({ contentDir: content, outDir, verbose: false });
    writeFileSync(join(outDir, 'marker.txt'), 'previous build');
    const before = statSync(join(outDir, 'zh_TW/about/index.html')).mtimeMs;
    writeFileSync(join(content, 'zh_TW/menu.yaml'), 'items:\n  - name: 1\n    to: 5\n');
    await expect(build({ contentDir: content, outDir, verbose: false })).rejects.toBeInstanceOf(ContentErrors);
    expect(readFileSync(join(outDir, 'marker.txt'), 'utf8')).toBe('previous build');
    expect(statSync(join(outDir, 'zh_TW/about/index.html')).mtimeMs).toBe(before);
    expect(readdirSync(join(outDir, '..')).filter((name) => name.startsWith('.esg-tmp'))).toEqual([]);
    expect(existsSync(join(outDir, '_esg'))).toBe(true);
  });
});
