import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { fontsOf } from '../../cli/build/stages/08-book/finish.ts';
import { contentCopy, editContent, repoRoot, runEsg, tempDir } from '../helpers/site.ts';
import { writePhotograph } from '../helpers/photographs.ts';

// The report book as its readers get it: `esg build --pdf` of the sample, the PDFs read back with
// pdf.js and pdf-lib as a reader's tools would, and the website's index checked against them.

const book = 'huayue-esg-2024';
let content: string;
let out: string;
let cache: string;
const env = () => ({ ...process.env, ESG_CACHE_DIR: cache });
const pdfPath = (locale: string) => join(out, 'reports', `${book}-${locale}.pdf`);

async function open(file: string): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(readFileSync(file)), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
}

/** A page's text, whitespace removed. */
async function pageText(pdf: PDFDocumentProxy, number: number): Promise<string> {
  const text = await (await pdf.getPage(number)).getTextContent();
  return text.items
    .map((item) => ('str' in item ? item.str : ''))
    .join('')
    .replace(/\s+/g, '')
    .normalize('NFKC');
}

/** Whether a text matrix slants its glyphs: its axes are not at right angles (a turned axis label is turned, not slanted). */
const sheared = ([a, b, c, d]: number[]) => Math.abs(a! * c! + b! * d!) > 0.01 * Math.abs(a! * d! - b! * c!);

const squeeze = (text: string) => text.replace(/\s+/g, '').normalize('NFKC');

beforeAll(async () => {
  content = contentCopy();
  // A photograph straight from a camera, 4000 pixels wide, printed across the column of the company chapter.
  await writePhotograph(join(content, 'assets/images/plant.jpg'));
  editContent(content, 'zh_TW/pages/company.yaml', (text) =>
    text.replace(
      '      - type: image\n        image:\n          src: /assets/images/home/banner-2.svg',
      '      - type: image\n        image:\n          src: /assets/images/plant.jpg\n          alt: 彰化線纜廠的伸線產線\n      - type: image\n        image:\n          src: /assets/images/home/banner-2.svg',
    ),
  );
  out = join(tempDir(), 'out');
  cache = tempDir('esg-book-cache-');
  const built = runEsg(['build', '--pdf', '--content', content, '--out', out], { env: env() });
  expect(built.code, built.stderr).toBe(0);
}, 300_000);

describe('esg build --pdf', () => {
  it('makes a PDF of each locale, each under 15 MB, with its page map beside it', () => {
    for (const locale of ['zh_TW', 'zh_CN', 'en']) {
      expect(statSync(pdfPath(locale)).size).toBeLessThan(15 * 1024 * 1024);
      const map = JSON.parse(readFileSync(pdfPath(locale).replace(/\.pdf$/, '.pages.json'), 'utf8')) as { pages: number; map: Record<string, number> };
      expect(map.pages).toBeGreaterThan(locale === 'en' ? 5 : 100);
    }
  });

  it.each([
    ['zh_TW', 'zh-Hant-TW', '永續報告書'],
    ['zh_CN', 'zh-Hans-CN', '永续报告书'],
  ])('gives the %s PDF its language, metadata, tags, outline and page labels', async (locale, language, title) => {
    const pdf = await open(pdfPath(locale));
    const info = (await pdf.getMetadata()).info as unknown as Record<string, unknown>;
    expect(info.Language).toBe(language);
    expect(info.Title).toContain(title);
    expect(info.Author).toBeTruthy();
    expect(info.Subject).toBeTruthy();
    expect(info.Keywords).toContain('GRI');
    expect((await pdf.getMarkInfo())?.Marked).toBe(true);
    const outline = await pdf.getOutline();
    expect(outline.length).toBeGreaterThan(5);
    const labels = await pdf.getPageLabels();
    expect(labels?.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(labels).toHaveLength(pdf.numPages);
    const roles = new Set<string>();
    const walk = (node: { role?: string; children?: unknown[] }) => {
      if (node.role) roles.add(node.role);
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    for (let number = 1; number <= 20; number++) walk((await (await pdf.getPage(number)).getStructTree()) as never);
    // Headings, tables with their header cells, figures and links are tagged as such.
    expect([...roles]).toEqual(expect.arrayContaining(['H1', 'H2', 'Table', 'TH', 'TD', 'Figure', 'Link', 'L', 'LI', 'P']));
    const lib = await PDFDocument.load(readFileSync(pdfPath(locale)));
    expect(lib.catalog.get(PDFName.of('StructTreeRoot'))).toBeDefined();
    await pdf.destroy();
  });

  it('sets every book in the fonts npm installs only, a real regular and bold, each embedded as a TrueType subset, none as Type 3 or whole', async () => {
    for (const [locale, family] of [
      ['zh_TW', 'NotoSansTC'],
      ['zh_CN', 'NotoSansSC'],
      ['en', 'NotoSansTC'],
    ]) {
      const fonts = await fontsOf(new Uint8Array(readFileSync(pdfPath(locale!))));
      expect(fonts.length).toBeGreaterThan(2);
      expect(fonts.filter((font) => !font.embedded || !font.subset || font.subtype !== 'Type0')).toEqual([]);
      // The package's slices of one family, and nothing of the machine's (WenQuanYi, Liberation, DejaVu).
      expect(fonts.filter((font) => !font.name.slice(7).startsWith(family!))).toEqual([]);
      expect(fonts.some((font) => /-Regular$/.test(font.name))).toBe(true);
      expect(fonts.some((font) => /-Bold$/.test(font.name))).toBe(true);
      const pages = JSON.parse(readFileSync(pdfPath(locale!).replace(/\.pdf$/, '.pages.json'), 'utf8')) as { madeWith: { engine: string; fonts: string[] } };
      expect(pages.madeWith.engine).toMatch(/^Chromium \d+\.[\d.]+ \(@sparticuz\/chromium \d/);
      expect(pages.madeWith.fonts.join()).toMatch(/Noto Sans TC 400\/700 \(@fontsource\/noto-sans-tc \d/);
    }
    const lib = await PDFDocument.load(readFileSync(pdfPath('zh_TW')));
    const programs = [...lib.context.enumerateIndirectObjects()].filter(
      ([, object]) => 'dict' in object && (object.dict as PDFDict).has(PDFName.of('Length1')),
    );
    for (const [, program] of programs) expect((program as unknown as { contents: Uint8Array }).contents.length).toBeLessThan(2 * 1024 * 1024);
  });

  it('prints a photograph from its encoding of at most 200 dpi at its printed width, and gives every figure its text alternative', async () => {
    const lib = await PDFDocument.load(readFileSync(pdfPath('zh_TW')));
    const images = [...lib.context.enumerateIndirectObjects()].flatMap(([, object]) =>
      'dict' in object && (object.dict as PDFDict).get(PDFName.of('Subtype')) === PDFName.of('Image')
        ? [Number(String((object.dict as PDFDict).get(PDFName.of('Width'))))]
        : [],
    );
    // The column is 174 mm, 1,370 pixels at 200 dpi: the widest encoding not over it is 1,200.
    expect(images).toContain(1200);
    expect(Math.max(...images)).toBeLessThanOrEqual(Math.floor((174 / 25.4) * 200));
    const pdf = await open(pdfPath('zh_TW'));
    const figures: { alt?: string }[] = [];
    const walk = (node: { role?: string; alt?: string; children?: unknown[] }) => {
      if (node.role === 'Figure') figures.push({ alt: node.alt });
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    for (let number = 1; number <= pdf.numPages; number++) walk((await (await pdf.getPage(number)).getStructTree()) as never);
    expect(figures.length).toBeGreaterThan(50);
    expect(figures.filter((figure) => !figure.alt)).toEqual([]);
    expect(figures.map((figure) => figure.alt)).toContain('彰化線纜廠的伸線產線');
    await pdf.destroy();
  });

  it.each(['zh_TW', 'en'])(
    'gives the %s book what PDF/UA asks: XMP naming the standard, bookmarks by part, chapter and section, furniture as artifacts, no figure in a figure',
    async (locale) => {
      const pdf = await open(pdfPath(locale));
      const metadata = (await pdf.getMetadata()).metadata;
      expect(metadata?.get('pdfuaid:part')).toBe('1');
      expect(String(metadata?.get('dc:title'))).toContain('2024');
      const outline = await pdf.getOutline();
      // Parts, then the assurance statement; chapters under the parts, their sections under them, nothing deeper.
      const chapters = outline.flatMap((part) => part.items);
      const sections = chapters.flatMap((chapter) => chapter.items);
      expect(outline.length).toBeLessThan(15);
      expect(chapters.length).toBeGreaterThan(2);
      expect(sections.flatMap((section) => section.items)).toEqual([]);
      const map = JSON.parse(readFileSync(pdfPath(locale).replace(/\.pdf$/, '.pages.json'), 'utf8')) as { map: Record<string, number> };
      for (const chapter of chapters) {
        const page = (await pdf.getPageIndex((chapter.dest as [{ num: number; gen: number }])[0])) + 1;
        // Each title as written (no words glued where a heading wrapped), on the page its chapter begins.
        expect(await pageText(pdf, page), chapter.title).toContain(squeeze(chapter.title));
        expect(Object.values(map.map)).toContain(page);
      }
      // The running heads and page numbers are artifacts: no text of any page is outside marked content.
      for (let number = 1; number <= pdf.numPages; number++) {
        let depth = 0;
        const loose: string[] = [];
        for (const item of (await (await pdf.getPage(number)).getTextContent({ includeMarkedContent: true })).items) {
          if ('type' in item) depth += item.type === 'endMarkedContent' ? -1 : 1;
          else if (item.str.trim() && depth === 0) loose.push(item.str);
        }
        expect(loose, `page ${number}`).toEqual([]);
      }
      await pdf.destroy();
      const lib = await PDFDocument.load(readFileSync(pdfPath(locale)));
      const nested = [...lib.context.enumerateIndirectObjects()].filter(
        ([, object]) =>
          object instanceof PDFDict &&
          object.get(PDFName.of('S')) === PDFName.of('Figure') &&
          (object.lookup(PDFName.of('P')) as PDFDict | undefined)?.get(PDFName.of('S')) === PDFName.of('Figure'),
      );
      expect(nested).toEqual([]);
      const preferences = lib.catalog.lookup(PDFName.of('ViewerPreferences')) as PDFDict;
      expect(String(preferences.get(PDFName.of('DisplayDocTitle')))).toBe('true');
    },
  );

  it('sets no text slanted: Chinese has no italic, and the notes are upright too', async () => {
    for (const locale of ['zh_TW', 'en']) {
      const pdf = await open(pdfPath(locale));
      const slanted: string[] = [];
      for (let number = 1; number <= pdf.numPages; number++) {
        for (const item of (await (await pdf.getPage(number)).getTextContent()).items)
          if ('transform' in item && item.str.trim() && sheared(item.transform as number[])) slanted.push(`p.${number} ${item.str}`);
      }
      expect(slanted, locale).toEqual([]);
      await pdf.destroy();
    }
  });

  it('copies out as the right characters in both scripts, with no missing glyph', async () => {
    const traditional = await open(pdfPath('zh_TW'));
    const simplified = await open(pdfPath('zh_CN'));
    const map = JSON.parse(readFileSync(pdfPath('zh_TW').replace(/\.pdf$/, '.pages.json'), 'utf8')) as { map: Record<string, number> };
    const energy = map.map['focus/climate/energy']!;
    const [zhTW, zhCN] = [await pageText(traditional, energy), await pageText(simplified, energy)];
    expect(zhTW).toContain('能源管理與節能減碳');
    expect(zhCN).toContain('能源管理与节能减碳');
    expect(zhTW + zhCN).not.toMatch(/[\uFFFD\u25A1]/);
    await traditional.destroy();
    await simplified.destroy();
  });

  it.each(['zh_TW', 'zh_CN'])("puts every page number of the website's %s GRI index on the page that shows its section's heading", async (locale) => {
    const pdf = await open(pdfPath(locale));
    const index = readFileSync(join(out, locale, 'report/gri/index.html'), 'utf8');
    const links = [...index.matchAll(/<a class="chapter-link" href="([^"]+)"[^>]*>([\s\S]*?)<span class="chapter-page">p\.(\d+)<\/span><\/a>/g)];
    expect(links.length).toBeGreaterThan(100);
    const checked = new Set<string>();
    for (const [, href, , page] of links) {
      if (checked.has(`${href} ${page}`)) continue;
      checked.add(`${href} ${page}`);
      const target = new URL(href!, 'https://site.example');
      const section = target.searchParams.get('focus') ?? target.hash.slice(1);
      const targetHtml = readFileSync(join(out, target.pathname, 'index.html'), 'utf8');
      const heading = section ? headingOf(targetHtml, section) : /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(targetHtml)![1]!;
      expect(await pageText(pdf, Number(page)), `${href} on page ${page}`).toContain(squeeze(textOf(heading)));
    }
    await pdf.destroy();
  });

  it('says on the cover of the English edition that it is partial, naming the chapters it lacks', async () => {
    const pdf = await open(pdfPath('en'));
    const cover = await pageText(pdf, 1);
    expect(cover).toContain(squeeze('This English edition is partial'));
    // Named as the English menu names them.
    expect(cover).toContain(squeeze('Message from the Chairman'));
    expect(cover).toContain(squeeze('Energy Management'));
    // The cover keeps to its page, its picture smaller: the contents overleaf are set within the page's margins.
    const contents = (await (await pdf.getPage(2)).getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim() ? [item.transform[4] as number] : [],
    );
    expect(Math.min(...contents)).toBeGreaterThan(40);
    const text = (await Promise.all(Array.from({ length: pdf.numPages }, (_, index) => pageText(pdf, index + 1)))).join('');
    expect(text).toContain(squeeze('About this report'));
    await pdf.destroy();
  });

  it('prints pages made for paper: contents on two pages, the data as tables of years, the GRI index a row a disclosure', async () => {
    for (const locale of ['zh_TW', 'zh_CN']) {
      const { map } = JSON.parse(readFileSync(pdfPath(locale).replace(/\.pdf$/, '.pages.json'), 'utf8')) as { map: Record<string, number> };
      const pdf = await open(pdfPath(locale));
      const text = async (first: number, last: number) =>
        (await Promise.all(Array.from({ length: last - first + 1 }, (_, index) => pageText(pdf, first + index)))).join('');
      // The contents: parts and chapters, before the first part's opening page on page 4 at the latest.
      expect(map['part-1']).toBeLessThanOrEqual(4);
      // Each part opens on a page of its own with its title, right before its first chapter.
      const parts = Object.keys(map).filter((key) => /^part-\d+$/.test(key));
      expect(parts).toHaveLength(8);
      expect(map['about']).toBe(map['part-1']! + 1);
      expect(await text(map['part-5']!, map['part-5']!)).toContain(squeeze(locale === 'zh_TW' ? '氣候行動' : '气候行动'));
      const data = { first: map['performance/data']!, last: map['targets']! - 1 };
      expect(data.last - data.first + 1).toBeLessThanOrEqual(22);
      const appendix = await text(data.first, data.last);
      // The last three years as columns of every table, each metric once, its boundary and assurance in the notes.
      expect(appendix.split('202220232024').length - 1).toBeGreaterThanOrEqual(10);
      expect(appendix).toContain(squeeze(locale === 'zh_TW' ? '涵蓋範圍：a' : '涵盖范围：a'));
      // No web furniture: toggles, download hints, year-on-year sentences.
      for (const web of ['涵蓋範圍與確信', '涵盖范围与确信', 'JSON', 'CSV', '個百分點（', '个百分点（']) expect(appendix).not.toContain(squeeze(web));
      // One name for each standard, in the book's language.
      expect(appendix).not.toContain(squeeze('limited assurance'));
      expect(appendix).toContain(squeeze(locale === 'zh_TW' ? '確信準則第3000號有限確信' : '确信准则第3000号有限确信'));
      // The GRI index: a row a disclosure, its figures folded into the appendix's pages.
      const gri = { first: map['report/gri']!, last: map['report/sasb']! - 1 };
      expect(gri.last - gri.first + 1).toBeLessThanOrEqual(8);
      const index = await text(gri.first, gri.last);
      expect(index).not.toContain(squeeze(locale === 'zh_TW' ? '對應指標' : '对应指标'));
      expect(index).toMatch(locale === 'zh_TW' ? /永續績效數據\d+/ : /永续绩效数据\d+/);
      await pdf.destroy();
    }
  });

  it("lists the PDFs on the download page with their page counts and sizes, and opens the book at each focus page's chapter", async () => {
    const downloads = readFileSync(join(out, 'zh_TW/report-download/index.html'), 'utf8');
    const map = JSON.parse(readFileSync(pdfPath('zh_TW').replace(/\.pdf$/, '.pages.json'), 'utf8')) as { pages: number; map: Record<string, number> };
    expect(downloads).toContain(`href="/reports/${book}-zh_TW.pdf"`);
    expect(downloads).toContain(`${map.pages} 頁`);
    expect(downloads).toContain(`href="/reports/${book}-en.pdf"`);
    const focus = readFileSync(join(out, 'zh_TW/focus/climate/energy/index.html'), 'utf8');
    // A chapter opens the whole book at its named destination, on the page the chapter begins.
    const chapter = /<a href="(\/reports\/[^"#]+\.pdf)#nameddest=([^"]+)">[\s\S]*?第 (\d+)–(\d+) 頁/.exec(focus)!;
    expect(chapter[1]).toBe(`/reports/${book}-zh_TW.pdf`);
    expect(Number(chapter[3])).toBe(map.map['focus/climate/energy']);
    const whole = await open(pdfPath('zh_TW'));
    const destination = (await whole.getDestination(chapter[2]!)) as [{ num: number; gen: number }];
    expect((await whole.getPageIndex(destination[0])) + 1).toBe(Number(chapter[3]));
    expect(await pageText(whole, Number(chapter[3]))).toContain('能源管理與節能減碳');
    await whole.destroy();
    // No file of pages cut from the book, which would lose its tags, outline and links.
    expect(readdirSync(join(out, 'reports'), { recursive: true }).filter((name) => String(name).endsWith('.pdf'))).toHaveLength(3);
    expect(readFileSync(join(out, 'zh_TW/index.html'), 'utf8')).toContain(`href="/reports/${book}-zh_TW.pdf"`);
  });

  it('leaves no page number typed in the content or its schemas', () => {
    const files = (folder: string): string[] =>
      readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(ya?ml|json)$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
    const typed = [...files(join(repoRoot, 'content')), ...files(join(repoRoot, 'schemas'))].filter((file) =>
      /\bpage: \d+|"page": \{ "title": "Printed page"/.test(readFileSync(file, 'utf8')),
    );
    expect(typed).toEqual([]);
  });
});

describe('on a machine with no fonts', () => {
  it('prints the same book, page for page: the book uses only the fonts npm installs', () => {
    // fontconfig told of no font at all, as on a bare server or container.
    const bare = tempDir('esg-no-fonts-');
    writeFileSync(join(bare, 'fonts.conf'), `<?xml version="1.0"?><fontconfig><cachedir>${bare}/cache</cachedir></fontconfig>`);
    const elsewhere = join(tempDir(), 'out');
    const built = runEsg(['build', '--pdf', '--content', content, '--out', elsewhere], {
      env: { ...process.env, ESG_CACHE_DIR: tempDir('esg-book-cache-'), FONTCONFIG_FILE: join(bare, 'fonts.conf') },
    });
    expect(built.code, built.stderr).toBe(0);
    for (const locale of ['zh_TW', 'en']) {
      const pages = (out: string) => JSON.parse(readFileSync(join(out, 'reports', `${book}-${locale}.pages.json`), 'utf8')) as { pages: number; map: object };
      expect(pages(elsewhere).pages).toBe(pages(out).pages);
      expect(pages(elsewhere).map).toEqual(pages(out).map);
    }
  }, 300_000);
});

describe('a site build without --pdf', () => {
  it('takes the page numbers of the last PDF made from the same content, and leaves them out with a warning once the content changes', () => {
    const again = join(tempDir(), 'out');
    const same = runEsg(['build', '--content', content, '--out', again], { env: env() });
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout + same.stderr).not.toContain('ESG4103');
    expect(readFileSync(join(again, 'zh_TW/report/gri/index.html'), 'utf8')).toBe(readFileSync(join(out, 'zh_TW/report/gri/index.html'), 'utf8'));
    const changed = contentCopy();
    editContent(changed, 'zh_TW/pages/about.yaml', (text) => text.replace('title: 關於本報告書', 'title: 關於本報告'));
    const otherOut = join(tempDir(), 'out');
    const other = runEsg(['build', '--content', changed, '--out', otherOut], { env: env() });
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout + other.stderr).toContain('ESG4103');
    expect(readFileSync(join(otherOut, 'zh_TW/report/gri/index.html'), 'utf8')).not.toContain('chapter-page');
  });

  it('fails at once with ESG8015, saying what to do, when the Chromium it is told to use is missing', () => {
    const started = performance.now();
    const failed = runEsg(['build', '--pdf', '--content', content, '--out', join(tempDir(), 'out')], {
      env: { ...env(), CHROMIUM_PATH: '/nonexistent/chromium' },
    });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('ESG8015');
    expect(failed.stderr).toContain('set CHROMIUM_PATH');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a chapter made longer', () => {
  it('moves the page numbers after it, which still hold in the PDF and on the site', async () => {
    const longer = contentCopy();
    const paragraph = '為了讓讀者完整理解本報告書的編製方式，我們在此補充說明資料蒐集的流程、各單位的分工，以及數據覆核與內部稽核的程序。'.repeat(12);
    editContent(longer, 'zh_TW/pages/about.yaml', (text) =>
      text.replace(
        /^sections:\n/m,
        `sections:\n  - id: method\n    heading: 資料蒐集與覆核\n    blocks:\n${Array.from({ length: 8 }, () => `      - type: text\n        text: ${paragraph}\n`).join('')}`,
      ),
    );
    const folder = join(tempDir(), 'out');
    const built = runEsg(['build', '--pdf', '--content', longer, '--out', folder], { env: env() });
    expect(built.code, built.stderr).toBe(0);
    const before = JSON.parse(readFileSync(pdfPath('zh_TW').replace(/\.pdf$/, '.pages.json'), 'utf8')) as { map: Record<string, number> };
    const after = JSON.parse(readFileSync(join(folder, 'reports', `${book}-zh_TW.pages.json`), 'utf8')) as { map: Record<string, number> };
    // The chapters after the longer one moved by more than the contents did (its new section adds a line there).
    const moved = (key: string) => after.map[key]! - before.map[key]!;
    expect(moved('report/gri')).toBeGreaterThan(moved('about'));
    expect(moved('focus/climate/energy#focus321')).toBeGreaterThan(moved('about'));
    const gri = readFileSync(join(folder, 'zh_TW/report/gri/index.html'), 'utf8');
    const energy = /href="\/zh_TW\/focus\/climate\/energy\?focus=focus321"[^>]*>[^<]*<span class="chapter-page">p\.(\d+)</.exec(gri)!;
    expect(Number(energy[1])).toBe(after.map['focus/climate/energy#focus321']);
    const pdf = await open(join(folder, 'reports', `${book}-zh_TW.pdf`));
    expect(await pageText(pdf, Number(energy[1]))).toContain('能源使用與溫室氣體盤查');
    await pdf.destroy();
  }, 300_000);
});

/** The heading of the section with `id` on a built page: its h2 (or h3) inside the element with that id. */
function headingOf(html: string, id: string): string {
  const at = html.indexOf(` id="${id}"`);
  expect(at, `no element with id ${id}`).toBeGreaterThan(0);
  return /<h[23][^>]*>([\s\S]*?)<\/h[23]>/.exec(html.slice(at))![1]!;
}

function textOf(html: string): string {
  return html
    .replace(/<span class="tag[^"]*">[\s\S]*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');
}
