import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFRef, decodePDFRawStream, type PDFDocument } from 'pdf-lib';

/** The document information a book's PDF carries, besides the title Chromium takes from its HTML. */
export interface BookInfo {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  language: string;
}

/** A bookmark of the book: a part, a chapter or a section, by the anchor its destination is named after. */
export interface OutlineEntry {
  title: string;
  anchor: string;
  children: OutlineEntry[];
}

/**
 * What PDF/UA asks of the printed book that Chromium does not write: XMP metadata naming the
 * standard, bookmarks by part, chapter and section (Chromium makes one of every heading, data cards
 * included, and glues a wrapped heading's words), the page furniture (running heads, page numbers)
 * marked as artifacts, and no figure inside a figure.
 */
export function makeAccessible(pdf: PDFDocument, info: BookInfo, outline: OutlineEntry[]): void {
  writeMetadata(pdf, info);
  writeOutline(pdf, outline);
  for (const page of pdf.getPages()) markFurniture(pdf, page.node);
  unnestFigures(pdf);
}

function writeMetadata(pdf: PDFDocument, info: BookInfo): void {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escape(text)}</rdf:li></rdf:Alt>`;
  const producer = pdf.getProducer() ?? 'Chromium';
  const xml = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
   <pdfuaid:part>1</pdfuaid:part>
   <dc:format>application/pdf</dc:format>
   <dc:title>${alt(info.title)}</dc:title>
   <dc:creator><rdf:Seq><rdf:li>${escape(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description>${alt(info.subject)}</dc:description>
   <dc:language><rdf:Bag><rdf:li>${escape(info.language)}</rdf:li></rdf:Bag></dc:language>
   <pdf:Keywords>${escape(info.keywords.join(', '))}</pdf:Keywords>
   <pdf:Producer>${escape(producer)}</pdf:Producer>
   <xmp:CreatorTool>esg</xmp:CreatorTool>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
  const stream = pdf.context.stream(new TextEncoder().encode(xml), { Type: 'Metadata', Subtype: 'XML' });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(stream));
}

/** Replaces Chromium's outline with the book's own; the viewer opens with it shown. */
function writeOutline(pdf: PDFDocument, outline: OutlineEntry[]): void {
  const dests = pdf.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  const destinationOf = (anchor: string) => dests?.get(PDFName.of(anchor));
  const root = pdf.context.nextRef();
  /** Writes `entries` under `parent`; gives how many bookmarks show while only the top level is open. */
  const write = (entries: OutlineEntry[], parent: PDFRef, open: boolean): { first?: PDFRef; last?: PDFRef; visible: number } => {
    const placed = entries.filter((entry) => destinationOf(entry.anchor));
    const refs = placed.map(() => pdf.context.nextRef());
    let visible = 0;
    placed.forEach((entry, index) => {
      const children = write(entry.children, refs[index]!, false);
      const dict: Record<string, unknown> = { Title: PDFHexString.fromText(entry.title), Parent: parent, Dest: destinationOf(entry.anchor) };
      if (index > 0) dict.Prev = refs[index - 1];
      if (index < refs.length - 1) dict.Next = refs[index + 1];
      if (children.first) Object.assign(dict, { First: children.first, Last: children.last, Count: open ? children.visible : -children.visible });
      pdf.context.assign(refs[index]!, pdf.context.obj(dict as never));
      visible += 1 + (open ? children.visible : 0);
    });
    return { first: refs[0], last: refs.at(-1), visible: placed.length && visible };
  };
  // Parts open, showing their chapters; a chapter's sections folded.
  const top = write(outline, root, true);
  pdf.context.assign(root, pdf.context.obj({ Type: 'Outlines', First: top.first, Last: top.last, Count: top.visible } as never));
  pdf.catalog.set(PDFName.of('Outlines'), root);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/**
 * Marks what a page draws outside its tags as an artifact: Chromium tags the document's content
 * and leaves the running heads, page numbers and page backgrounds untagged. Each text object
 * (`BT`…`ET`), image (`Do`) or path (construction to painting) at the top level of the content
 * stream is wrapped in `/Artifact BMC`…`EMC`. A stream with inline images is left as it is.
 */
function markFurniture(pdf: PDFDocument, page: PDFDict): void {
  const contents = page.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray() : [page.get(PDFName.of('Contents'))];
  for (const ref of streams) {
    const stream = pdf.context.lookup(ref);
    if (!(ref instanceof PDFRef) || !(stream instanceof PDFRawStream)) continue;
    const text = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    const marked = withArtifacts(text);
    if (marked === undefined) continue;
    const bytes = Uint8Array.from(marked, (char) => char.charCodeAt(0));
    pdf.context.assign(ref, pdf.context.flateStream(bytes));
  }
}

const pathOperators: ReadonlySet<string> = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);
const paintOperators: ReadonlySet<string> = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']);

/** The content stream with its top-level untagged drawing marked as artifacts, or undefined when it cannot be read safely. */
export function withArtifacts(stream: string): string | undefined {
  const out: string[] = [];
  let depth = 0;
  let pending: string[] = [];
  /** Where an untagged run began in `out`, while one is open. */
  let runStart: number | undefined;
  let inText = false;
  let inPath = false;
  const open = () => {
    if (runStart === undefined) runStart = out.length;
  };
  const close = () => {
    if (runStart === undefined) return;
    out.splice(runStart, 0, '/Artifact BMC\n');
    out.push('EMC\n');
    runStart = undefined;
  };
  for (const token of tokens(stream)) {
    if (token === undefined) return undefined;
    if (token.kind === 'operand') {
      pending.push(token.text);
      continue;
    }
    const operator = token.text;
    const line = `${[...pending, operator].join(' ')}\n`;
    pending = [];
    if (operator === 'BI') return undefined;
    if (depth === 0 && !inText && !inPath) {
      if (operator === 'BT' || operator === 'Do' || pathOperators.has(operator)) open();
      else if (operator === 'BDC' || operator === 'BMC' || operator === 'q' || operator === 'Q') close();
    }
    // Tagged content inside an untagged text object or path: not a stream this reads safely. (A
    // `/Span` giving a glyph its ActualText is no tag and may sit inside an artifact.)
    if (operator === 'BDC' && runStart !== undefined && line.includes('MCID')) return undefined;
    if (operator === 'BDC' || operator === 'BMC') depth++;
    if (operator === 'EMC') depth--;
    out.push(line);
    if (operator === 'BT') inText = true;
    if (operator === 'ET') inText = false;
    if (pathOperators.has(operator)) inPath = true;
    if (paintOperators.has(operator)) inPath = false;
    if (depth === 0 && !inText && !inPath && (operator === 'ET' || operator === 'Do' || paintOperators.has(operator))) close();
    if (depth < 0) return undefined;
  }
  close();
  return out.join('');
}

type Token = { kind: 'operand' | 'operator'; text: string };

/** The tokens of a content stream: operands (numbers, names, strings, arrays, dictionaries) and operators. */
function* tokens(stream: string): Generator<Token | undefined> {
  let at = 0;
  const length = stream.length;
  const isSpace = (char: string) => char === ' ' || char === '\n' || char === '\r' || char === '\t' || char === '\f' || char === '\0';
  const isDelimiter = (char: string) => '()<>[]{}/%'.includes(char);
  while (at < length) {
    const char = stream[at]!;
    if (isSpace(char)) {
      at++;
      continue;
    }
    const start = at;
    if (char === '%') {
      while (at < length && stream[at] !== '\n' && stream[at] !== '\r') at++;
      continue;
    }
    if (char === '(') {
      let nesting = 0;
      for (; at < length; at++) {
        if (stream[at] === '\\') at++;
        else if (stream[at] === '(') nesting++;
        else if (stream[at] === ')' && --nesting === 0) break;
      }
      if (at >= length) return yield undefined;
      yield { kind: 'operand', text: stream.slice(start, ++at) };
      continue;
    }
    if (char === '[' || (char === '<' && stream[at + 1] === '<')) {
      // An array or a dictionary, taken whole with what it holds (strings among them).
      const [opening, closing] = char === '[' ? ['[', ']'] : ['<<', '>>'];
      let nesting = 0;
      while (at < length) {
        if (stream[at] === '(') {
          const inner = tokens(stream.slice(at)).next().value;
          if (!inner) return yield undefined;
          at += inner.text.length;
          continue;
        }
        if (stream.startsWith(opening, at)) {
          nesting++;
          at += opening.length;
        } else if (stream.startsWith(closing, at)) {
          nesting--;
          at += closing.length;
          if (nesting === 0) break;
        } else at++;
      }
      if (nesting !== 0) return yield undefined;
      yield { kind: 'operand', text: stream.slice(start, at) };
      continue;
    }
    if (char === '<') {
      const end = stream.indexOf('>', at);
      if (end < 0) return yield undefined;
      at = end + 1;
      yield { kind: 'operand', text: stream.slice(start, at) };
      continue;
    }
    at++;
    while (at < length && !isSpace(stream[at]!) && !isDelimiter(stream[at]!)) at++;
    const text = stream.slice(start, at);
    yield { kind: char === '/' || /^[-+.\d]/.test(text) || text === 'true' || text === 'false' || text === 'null' ? 'operand' : 'operator', text };
  }
}

/** A figure inside a figure (a picture in a captioned figure) becomes one: the outer one groups (`Div`), the inner keeps its text alternative. */
function unnestFigures(pdf: PDFDocument): void {
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('S')) !== PDFName.of('Figure')) continue;
    const parent = object.lookup(PDFName.of('P'));
    if (parent instanceof PDFDict && parent.get(PDFName.of('S')) === PDFName.of('Figure')) parent.set(PDFName.of('S'), PDFName.of('Div'));
  }
}
