import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { pageLayout, type PageLayout } from './layout.ts';

/** A link annotation of the PDF: where it is, where it leads (a named destination or an address), and the text it covers. */
export interface PdfLink {
  page: number;
  dest?: string;
  url?: string;
  text: string;
}

/** The PDF as its reader meets it: pages, destinations, links, each page's text, labels. */
export interface ReadPdf {
  pages: number;
  /** Each named destination's page (1-based): Chromium names one for every element a link of the document leads to. */
  destinations: Map<string, number>;
  links: PdfLink[];
  /** Each page's text between its running head and its page number, whitespace removed, normalized (NFKC). */
  text: string[];
  /** The page labels a viewer shows (`/PageLabels`), or undefined when the PDF has none. */
  labels?: string[];
  /** Each page's lines and what ends it, from the PDF's tags (layout.ts). */
  layout: PageLayout[];
}

/** How far from the paper's top and bottom edges the running head and the page number sit (book.css's margins, in points). */
const headZone = 50;
const footZone = 45;

async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A copy: pdf.js takes the buffer it is given. No evaluated code (isEvalSupported), no fonts loaded.
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
}

/** Everything the verification reads: destinations, every link with the text it covers, each page's text, the labels. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await open(bytes);
  try {
    const links: PdfLink[] = [];
    const text: string[] = [];
    const layout: PageLayout[] = [];
    /** Each page's number by its object's reference (`12R0`): where a destination points. */
    const numbers = new Map<string, number>();
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      if (page.ref) numbers.set(`${page.ref.num}R${page.ref.gen}`, number);
      const height = page.view[3]!;
      // Read once, with its marked content: the text and the layout are both made of it.
      const content = await page.getTextContent({ includeMarkedContent: true });
      layout.push(await pageLayout(page, number, content.items));
      const items = content.items.flatMap((item) =>
        'str' in item && item.str
          ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, height: item.height }]
          : [],
      );
      text.push(
        items
          .filter((item) => item.y < height - headZone && item.y > footZone)
          .map((item) => item.str)
          .join('')
          .replace(/\s+/g, '')
          .normalize('NFKC'),
      );
      for (const annotation of await page.getAnnotations()) {
        if (annotation.subtype !== 'Link') continue;
        const [x1, y1, x2, y2] = annotation.rect as number[];
        const inside = items.filter((item) => {
          const cx = item.x + item.width / 2;
          const cy = item.y + item.height / 3;
          return cx >= x1! - 1 && cx <= x2! + 1 && cy >= y1! - 1 && cy <= y2! + 1;
        });
        const dest = typeof annotation.dest === 'string' ? annotation.dest : undefined;
        links.push({
          page: number,
          ...(dest ? { dest } : {}),
          ...(annotation.url ? { url: annotation.url as string } : {}),
          text: inside
            .map((item) => item.str)
            .join(' ')
            .normalize('NFKC'),
        });
      }
      page.cleanup();
    }
    const labels = (await pdf.getPageLabels()) ?? undefined;
    return { pages: pdf.numPages, destinations: await destinationsOf(pdf, numbers), links, text, layout, ...(labels ? { labels } : {}) };
  } finally {
    await pdf.destroy();
  }
}

/** Each named destination's page, found by the reference of the page it points to. */
async function destinationsOf(pdf: PDFDocumentProxy, numbers: Map<string, number>): Promise<Map<string, number>> {
  const named = (await pdf.getDestinations()) as Record<string, unknown[]>;
  const pages = new Map<string, number>();
  for (const [name, destination] of Object.entries(named)) {
    const target = destination?.[0] as { num: number; gen: number } | undefined;
    const page = target && typeof target === 'object' ? (numbers.get(`${target.num}R${target.gen}`) ?? (await pdf.getPageIndex(target)) + 1) : undefined;
    if (page !== undefined) pages.set(name, page);
  }
  return pages;
}
