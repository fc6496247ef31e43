import { isDeepStrictEqual } from 'node:util';
import { CST, isMap, isScalar, isSeq, parseDocument, stringify, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';

/** A replacement of the original text from `from` to `to`. */
interface Edit {
  from: number;
  to: number;
  text: string;
}

type Plain = string | number | boolean | null;

/** How new YAML is written: no folding of long lines, as the content's texts are written. */
const writeOptions = { lineWidth: 0, minContentWidth: 0 } as const;

/**
 * The YAML text `text` with its data changed to `data`, every line the change does not reach kept
 * byte for byte: comments, key order, quoting, flow lists and blank lines. Re-serializing the whole
 * document (`String(doc)`) would restyle lines nobody touched (`[a, b]` becomes `[ a, b ]`), so
 * only what differs is written: a changed scalar is set through yaml's CST (`CST.setScalarValue`,
 * which keeps its quoting and its comment), an added or removed key or list item is one block of
 * lines added or removed, and the rest is left as it was. Throws when the result would not read
 * back as `data`: then nothing may be written.
 */
export function patchYaml(text: string, data: unknown): string {
  const doc = parseDocument(text, { keepSourceTokens: true });
  if (doc.errors.length) throw new Error(`the file has YAML errors: ${doc.errors[0]!.message}`);
  const edits: Edit[] = [];
  const patcher = new Patcher(text, edits);
  if (!patcher.change(doc.contents as Node | null, doc.toJS(), data, false)) throw new Error('the file’s top level cannot change its type');
  let patched = text;
  // From the end, so earlier offsets stay true; of two insertions at one place the later-recorded
  // goes in first, so they end up in the order recorded.
  const order = edits.map((edit, index) => ({ edit, index })).sort((a, b) => b.edit.from - a.edit.from || b.index - a.index);
  for (const { edit } of order) patched = patched.slice(0, edit.from) + edit.text + patched.slice(edit.to);
  const check = parseDocument(patched);
  if (check.errors.length || !isDeepStrictEqual(check.toJS(), normalized(data)))
    throw new Error('the change could not be written while keeping the file’s formatting');
  return patched;
}

/** `data` as YAML would read it back: JSON has no `undefined`. */
function normalized(data: unknown): unknown {
  return data === undefined ? null : JSON.parse(JSON.stringify(data));
}

class Patcher {
  constructor(
    private readonly text: string,
    private readonly edits: Edit[],
  ) {}

  /** Records the edits that turn `node` (holding `before`) into `after`; false when its parent must write it anew. */
  change(node: Node | null, before: unknown, after: unknown, inFlow: boolean): boolean {
    if (isDeepStrictEqual(before, after)) return true;
    if (isScalar(node) && isPlain(after)) return this.setScalar(node, after, inFlow);
    if (isMap(node) && isRecord(before) && isRecord(after)) return node.flow ? this.changeFlow(node, before, after) : this.changeMap(node, before, after);
    if (isSeq(node) && Array.isArray(before) && Array.isArray(after))
      return node.flow ? this.changeFlow(node, before, after) : this.changeSeq(node, before, after);
    return false;
  }

  private setScalar(node: Scalar, value: Plain, inFlow: boolean): boolean {
    const token = node.srcToken;
    // An empty value (`key:`) has no text to set; an anchored or tagged one is left to its parent.
    if (!token || !CST.isScalar(token) || !('source' in token && token.source) || node.anchor || node.tag) return false;
    const was = CST.stringify(token);
    const type = scalarType(node, value, inFlow);
    // afterKey: a block scalar's lines go two spaces deeper than the key or dash they belong to.
    CST.setScalarValue(token, value === null ? 'null' : String(value), { afterKey: !inFlow, inFlow, type });
    this.edits.push({ from: token.offset, to: token.offset + was.length, text: CST.stringify(token) });
    return true;
  }

  /** A flow list or map (`[a, b]`, `{ a: 1 }`) keeps its line: the same shape changes in place, another shape is written again in flow style. */
  private changeFlow(node: YAMLMap | YAMLSeq, before: Record<string, unknown> | unknown[], after: Record<string, unknown> | unknown[]): boolean {
    const sameShape = Array.isArray(before)
      ? before.length === (after as unknown[]).length
      : isDeepStrictEqual(Object.keys(before).sort(), Object.keys(after).sort());
    if (sameShape && this.changeChildren(node, before, after)) return true;
    const [from, to] = node.range!;
    const padded = /^[[{] /.test(this.text.slice(from, from + 2));
    this.edits.push({ from, to, text: stringify(after, { ...writeOptions, collectionStyle: 'flow', flowCollectionPadding: padded }).trimEnd() });
    return true;
  }

  private changeChildren(node: YAMLMap | YAMLSeq, before: Record<string, unknown> | unknown[], after: Record<string, unknown> | unknown[]): boolean {
    const count = this.edits.length;
    const ok = isSeq(node)
      ? node.items.every((item, index) => this.change(item as Node, (before as unknown[])[index], (after as unknown[])[index], true))
      : (node as YAMLMap).items.every((pair) =>
          this.change(pair.value as Node | null, (before as Record<string, unknown>)[keyOf(pair)], (after as Record<string, unknown>)[keyOf(pair)], true),
        );
    if (!ok) this.edits.splice(count);
    return ok;
  }

  private changeMap(map: YAMLMap, before: Record<string, unknown>, after: Record<string, unknown>): boolean {
    // An emptied map would be left as nothing (null): its parent writes `{}`.
    if (!Object.keys(after).length) return false;
    const pairs = new Map(map.items.map((pair) => [keyOf(pair), pair]));
    const indent = this.columnOf(map.items[0]!.key as Node);
    let previous: Pair | undefined;
    for (const [key, value] of Object.entries(after)) {
      const pair = pairs.get(key);
      if (!pair) {
        this.insert(
          previous ? this.endOf(previous.value as Node | null, previous.key as Node) : undefined,
          (map.items[0]!.key as Node).range![0],
          stringify({ [key]: value }, writeOptions),
          indent,
        );
        continue;
      }
      previous = pair;
      if (!this.change(pair.value as Node | null, before[key], value, false))
        this.replace((pair.key as Node).range![0], this.endOf(pair.value as Node | null, pair.key as Node), stringify({ [key]: value }, writeOptions), indent);
    }
    const removed = map.items.filter((pair) => !(keyOf(pair) in after));
    for (const pair of removed) {
      const next = map.items[map.items.indexOf(pair) + 1];
      if (!this.remove(pair.key as Node, pair.value as Node | null, next?.key as Node | undefined)) return false;
    }
    return true;
  }

  private changeSeq(seq: YAMLSeq, before: unknown[], after: unknown[]): boolean {
    if (!after.length) return false;
    const items = seq.items as Node[];
    const indent = this.dashColumn(items[0]!);
    if (indent === undefined) return false;
    const writeItem = (value: unknown) => stringify([value], writeOptions);
    for (const step of alignLists(before, after)) {
      if (step.kind === 'same') continue;
      if (step.kind === 'change') {
        const item = items[step.before]!;
        if (!this.change(item, before[step.before], after[step.after], false))
          this.replace(this.dashAt(item), this.endOf(item), writeItem(after[step.after]), indent);
      } else if (step.kind === 'insert') {
        const previous = items[step.beforeIndex - 1];
        this.insert(previous ? this.endOf(previous) : undefined, this.dashAt(items[0]!), writeItem(after[step.after]), indent);
      } else {
        const item = items[step.before]!;
        this.edits.push({ from: this.lineStart(this.dashAt(item)), to: this.endOf(item), text: '' });
      }
    }
    return true;
  }

  /** Writes `yaml` (indented by `indent`) on the lines after `after`, or before the line of `first`. */
  private insert(after: number | undefined, first: number, yaml: string, indent: number): void {
    if (after !== undefined) {
      const newline = after === this.text.length && !this.text.endsWith('\n') ? '\n' : '';
      this.edits.push({ from: after, to: after, text: `${newline}${indented(yaml, indent)}` });
      return;
    }
    // Before the first entry: at its line's start, or right after the `- ` its line starts with.
    const start = this.lineStart(first);
    if (/^\s*$/.test(this.text.slice(start, first))) this.edits.push({ from: start, to: start, text: indented(yaml, indent) });
    else this.edits.push({ from: first, to: first, text: `${indented(yaml, indent).slice(indent)}${' '.repeat(indent)}` });
  }

  /** Writes `yaml` in place of the text from `from` (a key or dash) to the end of the line `to` is on. */
  private replace(from: number, to: number, yaml: string, indent: number): void {
    this.edits.push({ from, to, text: indented(yaml, indent).slice(indent) });
  }

  /** Removes a key and its value; false when that would leave its parent unreadable (the key shares its line with a dash and is the last). */
  private remove(key: Node, value: Node | null, next: Node | undefined): boolean {
    const keyStart = key.range![0];
    const lineStart = this.lineStart(keyStart);
    if (/^\s*$/.test(this.text.slice(lineStart, keyStart))) {
      this.edits.push({ from: lineStart, to: this.endOf(value, key), text: '' });
      return true;
    }
    if (!next) return false;
    this.edits.push({ from: keyStart, to: next.range![0], text: '' });
    return true;
  }

  /** Where the line after a value ends (past its comment and line break). */
  private endOf(value: Node | null, key?: Node): number {
    const end = value?.range?.[1] ?? key!.range![1];
    if (end > 0 && this.text[end - 1] === '\n') return end;
    const newline = this.text.indexOf('\n', end);
    return newline < 0 ? this.text.length : newline + 1;
  }

  private lineStart(offset: number): number {
    return this.text.lastIndexOf('\n', offset - 1) + 1;
  }

  private columnOf(node: Node): number {
    return node.range![0] - this.lineStart(node.range![0]);
  }

  /** The offset of the `-` before a list item. */
  private dashAt(item: Node): number {
    return this.text.lastIndexOf('-', item.range![0] - 1);
  }

  /** The column of a block list's dashes, or undefined when its first item does not start a line with one (`- - a`). */
  private dashColumn(item: Node): number | undefined {
    const dash = this.dashAt(item);
    const start = this.lineStart(item.range![0]);
    return dash >= start && /^\s*$/.test(this.text.slice(start, dash)) ? dash - start : undefined;
  }
}

/** How a changed scalar is written: as it was, unless its new value would read back as something else. */
function scalarType(node: Scalar, value: Plain, inFlow: boolean): Scalar.Type {
  const was = node.type ?? 'PLAIN';
  if (typeof value !== 'string') return 'PLAIN';
  if (was !== 'PLAIN') return was === 'QUOTE_SINGLE' && value.includes('\n') ? 'QUOTE_DOUBLE' : was;
  // yaml's own stringifier knows when a plain string would read as a number, a flag or a mapping.
  const written = inFlow
    ? stringify([value], { ...writeOptions, collectionStyle: 'flow', flowCollectionPadding: false }).slice(1)
    : stringify(value, writeOptions);
  if (written.startsWith('|')) return 'BLOCK_LITERAL';
  return /^["']/.test(written) ? 'QUOTE_DOUBLE' : 'PLAIN';
}

/** Every line of `yaml` but empty ones moved right by `indent` spaces. */
function indented(yaml: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return yaml.replace(/^(?=.)/gm, pad);
}

function keyOf(pair: Pair): string {
  return String(isScalar(pair.key) ? pair.key.value : pair.key);
}

function isPlain(value: unknown): value is Plain {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Step =
  | { kind: 'same'; before: number; after: number }
  | { kind: 'change'; before: number; after: number }
  | { kind: 'insert'; after: number; beforeIndex: number }
  | { kind: 'remove'; before: number };

/**
 * How the list `after` is made from `before`: items equal in both kept (their longest common run),
 * and between them items changed in place, pair by pair, then the rest removed or inserted. So
 * adding one section keeps every other section's lines, comments and all.
 */
export function alignLists(before: unknown[], after: unknown[]): Step[] {
  const lengths = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      lengths[i]![j] = isDeepStrictEqual(before[i], after[j]) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const steps: Step[] = [];
  let removed: number[] = [];
  let added: number[] = [];
  const flush = (nextBefore: number) => {
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) steps.push({ kind: 'change', before: removed[k]!, after: added[k]! });
    for (const index of removed.slice(paired)) steps.push({ kind: 'remove', before: index });
    for (const index of added.slice(paired)) steps.push({ kind: 'insert', after: index, beforeIndex: nextBefore });
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && isDeepStrictEqual(before[i], after[j])) {
      flush(i);
      steps.push({ kind: 'same', before: i++, after: j++ });
    } else if (j < after.length && (i === before.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) {
      added.push(j++);
    } else {
      removed.push(i++);
    }
  }
  flush(i);
  return steps;
}
