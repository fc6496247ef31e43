import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { subsetTrueType } from './fontSubset.ts';

/** The document information a book's PDF carries, besides the title Chromium takes from its HTML. */
export interface BookInfo {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  language: string;
}

/**
 * The printed PDF with its metadata (author, subject, keywords: Chromium writes the title and the
 * language only) and page labels that say what the pages print: 1 to the last, from the cover.
 * pdf-lib rewrites the file's objects as they are, the tags and the outline among them.
 */
export async function finishBook(bytes: Uint8Array, info: BookInfo): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  subsetFonts(pdf);
  describe(pdf, info, 1);
  return pdf.save();
}

/** Font programs above this size are Chromium's whole font (or collection), embedded where its subsetter gave up. */
const wholeFont = 512 * 1024;

/**
 * Each CID TrueType font embedded whole cut down to the glyphs its text uses (fontSubset.ts): the
 * glyphs its ToUnicode map names, which are the ones the pages show.
 */
function subsetFonts(pdf: PDFDocument): void {
  const glyphsOf = new Map<string, { ref: PDFRef; name: string; glyphs: Set<number> }>();
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const descendants = pdf.context.lookup(object.get(PDFName.of('DescendantFonts')));
    const cid = descendants instanceof PDFArray ? pdf.context.lookup(descendants.get(0)) : undefined;
    const descriptor = cid instanceof PDFDict ? pdf.context.lookup(cid.get(PDFName.of('FontDescriptor'))) : undefined;
    const file = descriptor instanceof PDFDict ? descriptor.get(PDFName.of('FontFile2')) : undefined;
    const toUnicode = pdf.context.lookup(object.get(PDFName.of('ToUnicode')));
    if (!(file instanceof PDFRef) || !(toUnicode instanceof PDFRawStream)) continue;
    const entry = glyphsOf.get(file.toString()) ?? {
      ref: file,
      name: String((descriptor as PDFDict).get(PDFName.of('FontName'))).slice(1),
      glyphs: new Set<number>(),
    };
    for (const gid of codesOf(new TextDecoder().decode(decodePDFRawStream(toUnicode).decode()))) entry.glyphs.add(gid);
    glyphsOf.set(file.toString(), entry);
  }
  for (const { ref, name, glyphs } of glyphsOf.values()) {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const data = decodePDFRawStream(stream).decode();
    if (data.length < wholeFont) continue;
    const subset = subsetTrueType(data, name, glyphs);
    if (subset) pdf.context.assign(ref, pdf.context.flateStream(subset, { Length1: subset.length }));
  }
}

/** The character codes a ToUnicode CMap maps (its bfchar codes and bfrange spans): with Identity-H, the glyph ids shown. */
function codesOf(cmap: string): number[] {
  const codes: number[] = [];
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]*>/g)) codes.push(Number.parseInt(pair[1]!, 16));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      for (let code = Number.parseInt(range[1]!, 16); code <= Number.parseInt(range[2]!, 16); code++) codes.push(code);
    }
  }
  return codes;
}

/**
 * A chapter's pages (`first` to `last`, printed numbers) cut from the finished book: the same
 * pages, labelled with the book's numbers. The cut keeps what each page shows and its links; the
 * tags and outline stay the whole book's.
 */
export async function cutChapter(book: PDFDocument, first: number, last: number, info: BookInfo): Promise<Uint8Array> {
  const chapter = await PDFDocument.create({ updateMetadata: false });
  const pages = await chapter.copyPages(
    book,
    Array.from({ length: last - first + 1 }, (_, index) => first - 1 + index),
  );
  for (const page of pages) chapter.addPage(page);
  describe(chapter, info, first);
  return chapter.save();
}

export const loadPdf = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });

function describe(pdf: PDFDocument, info: BookInfo, firstLabel: number): void {
  pdf.setTitle(info.title, { showInWindowTitleBar: true });
  pdf.setAuthor(info.author);
  pdf.setSubject(info.subject);
  pdf.setKeywords(info.keywords);
  pdf.setLanguage(info.language);
  pdf.setCreator('esg');
  pdf.catalog.set(PDFName.of('PageLabels'), pdf.context.obj({ Nums: [0, { S: 'D', St: firstLabel }] }));
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
