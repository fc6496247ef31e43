/**
 * A TrueType font program cut down to the glyphs a PDF shows, each keeping its glyph id: what
 * Chromium embeds itself for a few hundred glyphs, and what it gives up on for a whole report
 * (its subsetter fails past about 800 glyphs of a CJK font, and it then embeds the whole font
 * collection, 9 MB for WenQuanYi Zen Hei, which a FontFile2 may not even hold). Glyph ids stay,
 * so the PDF's text (CIDs with an identity map) still names the same glyphs.
 */

/** Tables a PDF's CID TrueType font needs: outlines, metrics, hinting and names. Bitmaps, layout and vertical tables go. */
const keptTables: ReadonlySet<string> = new Set(['OS/2', 'cmap', 'cvt ', 'fpgm', 'gasp', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'post', 'prep']);

interface Table {
  tag: string;
  offset: number;
  length: number;
}

/**
 * The face of `data` (a font, or a collection) whose PostScript or full name is `name` (spaces and
 * case aside), with only `glyphs` (and the glyphs they are built of) kept; undefined when no face
 * has that name or its outlines are not TrueType.
 */
export function subsetTrueType(data: Uint8Array, name: string, glyphs: Set<number>): Uint8Array | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const faces = tagAt(view, 0) === 'ttcf' ? Array.from({ length: view.getUint32(8) }, (_, index) => view.getUint32(12 + index * 4)) : [0];
  const wanted = normalName(name);
  for (const face of faces) {
    const tables = tablesOf(view, face);
    if (!tables.has('glyf') || !tables.has('loca') || !namesOf(view, tables.get('name')).some((candidate) => normalName(candidate) === wanted)) continue;
    return rebuilt(data, view, tables, glyphs);
  }
  return undefined;
}

const normalName = (text: string) =>
  text
    .replace(/^[A-Z]{6}\+/, '')
    .replace(/[\s-]/g, '')
    .toLowerCase();

function tagAt(view: DataView, offset: number): string {
  return String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));
}

function tablesOf(view: DataView, face: number): Map<string, Table> {
  const tables = new Map<string, Table>();
  const count = view.getUint16(face + 4);
  for (let index = 0; index < count; index++) {
    const record = face + 12 + index * 16;
    tables.set(tagAt(view, record), { tag: tagAt(view, record), offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  return tables;
}

/** The PostScript and full names of a face (name ids 6 and 4), in the encodings fonts write them in. */
function namesOf(view: DataView, table: Table | undefined): string[] {
  if (!table) return [];
  const count = view.getUint16(table.offset + 2);
  const strings = table.offset + view.getUint16(table.offset + 4);
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    const record = table.offset + 6 + index * 12;
    const [platform, , , id, length, offset] = [0, 2, 4, 6, 8, 10].map((at) => view.getUint16(record + at));
    if (id !== 6 && id !== 4) continue;
    const bytes = new Uint8Array(view.buffer, view.byteOffset + strings + offset!, length!);
    names.push(platform === 1 ? String.fromCharCode(...bytes) : new TextDecoder('utf-16be').decode(bytes));
  }
  return names;
}

function rebuilt(data: Uint8Array, view: DataView, tables: Map<string, Table>, used: Set<number>): Uint8Array {
  const head = tables.get('head')!;
  const longOffsets = view.getInt16(head.offset + 50) === 1;
  const count = view.getUint16(tables.get('maxp')!.offset + 4);
  const loca = tables.get('loca')!.offset;
  const glyf = tables.get('glyf')!.offset;
  const at = (gid: number) => (longOffsets ? view.getUint32(loca + gid * 4) : view.getUint16(loca + gid * 2) * 2);
  const kept = withComponents(view, glyf, at, new Set([0, ...[...used].filter((gid) => gid < count)]));
  // Each kept glyph copied, four-byte aligned; the others empty (a zero-length entry of loca).
  const offsets = new Uint32Array(count + 1);
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (let gid = 0; gid < count; gid++) {
    offsets[gid] = size;
    if (!kept.has(gid)) continue;
    const glyph = data.subarray(glyf + at(gid), glyf + at(gid + 1));
    pieces.push(glyph);
    size += glyph.length;
    const pad = (4 - (glyph.length % 4)) % 4;
    if (pad) pieces.push(new Uint8Array(pad));
    size += pad;
  }
  offsets[count] = size;
  const newGlyf = new Uint8Array(size);
  let written = 0;
  for (const piece of pieces) {
    newGlyf.set(piece, written);
    written += piece.length;
  }
  const newLoca = new Uint8Array(offsets.length * 4);
  const locaView = new DataView(newLoca.buffer);
  offsets.forEach((offset, index) => locaView.setUint32(index * 4, offset));
  const copy = (table: Table) => data.slice(table.offset, table.offset + table.length);
  const newHead = copy(head);
  new DataView(newHead.buffer).setInt16(50, 1);
  new DataView(newHead.buffer).setUint32(8, 0);
  const post = tables.get('post');
  const newPost = post ? copy(post).slice(0, 32) : undefined;
  if (newPost) new DataView(newPost.buffer).setUint32(0, 0x00030000); // No glyph names.
  const out = new Map<string, Uint8Array>();
  for (const [tag, table] of tables) if (keptTables.has(tag)) out.set(tag, copy(table));
  out.set('head', newHead);
  out.set('loca', newLoca);
  out.set('glyf', newGlyf);
  if (newPost) out.set('post', newPost);
  return fontFile(out);
}

/** The glyphs and, for a composite glyph, the glyphs it is made of, to any depth. */
function withComponents(view: DataView, glyf: number, at: (gid: number) => number, glyphs: Set<number>): Set<number> {
  const kept = new Set(glyphs);
  const queue = [...glyphs];
  while (queue.length) {
    const gid = queue.pop()!;
    const start = glyf + at(gid);
    if (at(gid + 1) === at(gid) || view.getInt16(start) >= 0) continue;
    let offset = start + 10;
    for (let more = true; more;) {
      const flags = view.getUint16(offset);
      const component = view.getUint16(offset + 2);
      if (!kept.has(component)) {
        kept.add(component);
        queue.push(component);
      }
      offset += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
      more = (flags & 0x0020) !== 0;
    }
  }
  return kept;
}

/** A TrueType font file of `tables`: its directory sorted by tag, every table four-byte aligned and checksummed, head's checksum adjusted. */
function fontFile(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const directory = 12 + tags.length * 16;
  const padded = (length: number) => length + ((4 - (length % 4)) % 4);
  const total = directory + tags.reduce((sum, tag) => sum + padded(tables.get(tag)!.length), 0);
  const file = new Uint8Array(total);
  const view = new DataView(file.buffer);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, tags.length * 16 - power * 16);
  let offset = directory;
  let headAt = 0;
  tags.forEach((tag, index) => {
    const table = tables.get(tag)!;
    const record = 12 + index * 16;
    for (let i = 0; i < 4; i++) view.setUint8(record + i, tag.charCodeAt(i));
    file.set(table, offset);
    view.setUint32(record + 4, checksum(file, offset, padded(table.length)));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, table.length);
    if (tag === 'head') headAt = offset;
    offset += padded(table.length);
  });
  view.setUint32(headAt + 8, (0xb1b0afba - checksum(file, 0, total)) >>> 0);
  return file;
}

function checksum(file: Uint8Array, offset: number, length: number): number {
  const view = new DataView(file.buffer, file.byteOffset + offset, length);
  let sum = 0;
  for (let at = 0; at < length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}
