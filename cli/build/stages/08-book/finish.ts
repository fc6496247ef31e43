import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { makeAccessible, type BookInfo, type OutlineEntry } from './accessible.ts';

/**
 * The printed PDF with its metadata (author, subject, keywords: Chromium writes the title and the
 * language only) and page labels that say what the pages print: 1 to the last, from the cover.
 * pdf-lib rewrites the file's objects as they are, the tags among them; accessible.ts adds what
 * PDF/UA asks besides.
 */
export async function finishBook(bytes: Uint8Array, info: BookInfo, outline: OutlineEntry[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  describe(pdf, info);
  makeAccessible(pdf, info, outline);
  return pdf.save();
}

export const loadPdf = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });

function describe(pdf: PDFDocument, info: BookInfo): void {
  pdf.setTitle(info.title, { showInWindowTitleBar: true });
  pdf.setAuthor(info.author);
  pdf.setSubject(info.subject);
  pdf.setKeywords(info.keywords);
  pdf.setLanguage(info.language);
  pdf.setCreator('esg');
  pdf.catalog.set(PDFName.of('PageLabels'), pdf.context.obj({ Nums: [0, { S: 'D', St: 1 }] }));
}

/** A font of the PDF as a preflight sees it. */
export interface PdfFont {
  name: string;
  subtype: string;
  embedded: boolean;
  /** Its name carries a subset tag (`ABCDEF+`). */
  subset: boolean;
}

/** Every font dictionary of the PDF: its type, whether its program is embedded and whether it is a subset. */
export async function fontsOf(bytes: Uint8Array): Promise<PdfFont[]> {
  const pdf = await loadPdf(bytes);
  const fonts: PdfFont[] = [];
  const lookup = (value: unknown) => (value instanceof PDFRef ? pdf.context.lookup(value) : value);
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream || object instanceof PDFRawStream ? object.dict : undefined;
    if (!dict || dict.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const subtype = String(dict.get(PDFName.of('Subtype')) ?? '').replace('/', '');
    if (subtype === 'CIDFontType0' || subtype === 'CIDFontType2') continue; // Counted through their Type0 font.
    const base = String(dict.get(PDFName.of('BaseFont')) ?? '').replace('/', '');
    const descendant = lookup(dict.get(PDFName.of('DescendantFonts')));
    const cid = descendant && 'get' in (descendant as object) ? lookup((descendant as { get: (index: number) => unknown }).get(0)) : undefined;
    const descriptor = lookup((cid instanceof PDFDict ? cid : dict).get(PDFName.of('FontDescriptor')));
    const embedded =
      subtype === 'Type3' || (descriptor instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key))));
    fonts.push({ name: base || '(Type 3)', subtype, embedded, subset: /^[A-Z]{6}\+/.test(base) });
  }
  return fonts;
}
