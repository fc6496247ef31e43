import type { Options } from 'minisearch';

/**
 * The JSON of a MiniSearch index (`JSON.stringify(miniSearch.toJSON())`), made without
 * MiniSearch's radix tree. MiniSearch finds a tree node's child by scanning every child, and
 * Chinese bigrams give the root thousands of children, so adding 70,000 tokens one by one took
 * most of the build's search stage. Here every token goes into a plain Map, and each distinct term
 * is put once in a copy of that tree that finds children by their first character, to list the
 * terms in the order MiniSearch's own tree gives them:
 * the result is the same, byte for byte, as `addAll` followed by `toJSON` (tests/search compares).
 */
export function indexJson<T>(documents: T[], options: Options<T>): string {
  const index = new IndexWriter(options);
  for (const document of documents) index.add(document);
  return index.json();
}

/**
 * `indexJson` a document at a time: the build adds each page's sections as the page is rendered,
 * so only the ordering of the terms and the writing of the JSON are left when the last page is.
 */
export class IndexWriter<T> {
  private readonly fieldIds: Record<string, number> = {};
  // Per term a flat list of (field, document, count) triples: far fewer objects for the collector
  // than a Map per term and field.
  private readonly postings = new Map<string, PostingList>();
  private readonly documentIds: Record<number, unknown> = {};
  private readonly fieldLength: Record<number, number[]> = {};
  private readonly storedFields: Record<number, Record<string, unknown>> = {};
  private readonly averageFieldLength: number[] = [];
  private readonly counts = new Map<string, number>();
  private count = 0;

  constructor(private readonly options: Options<T>) {
    options.fields.forEach((field, index) => (this.fieldIds[field] = index));
  }

  add(item: T): void {
    const { options, fieldIds, postings, counts, averageFieldLength } = this;
    const tokenize = options.tokenize!;
    const processTerm = options.processTerm!;
    const shortId = this.count++;
    const document = item as Record<string, unknown>;
    this.documentIds[shortId] = document[options.idField ?? 'id'];
    const stored: Record<string, unknown> = {};
    for (const name of options.storeFields ?? []) if (document[name] !== undefined) stored[name] = document[name];
    if (options.storeFields?.length) this.storedFields[shortId] = stored;
    for (const field of options.fields) {
      const value = document[field];
      if (value == null) continue;
      const fieldId = fieldIds[field]!;
      const tokens = tokenize(String(value), field);
      const unique = new Set(tokens).size;
      (this.fieldLength[shortId] ??= [])[fieldId] = unique;
      // The same running average, in the same order, as MiniSearch's addFieldLength.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * shortId + unique) / (shortId + 1);
      counts.clear();
      for (const token of tokens) {
        const term = processTerm(token, field);
        if (typeof term === 'string' && term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = new PostingList()));
        list.push(fieldId, shortId, count);
      }
    }
  }

  json(): string {
    const { terms, withTerms } = this.parts();
    return withTerms(terms.map(([, json]) => json).join(','));
  }

  /**
   * The index in its two kinds of part, for writing it split: each term's entry (`["term",{…}]`)
   * in the order `json` lists them, and the rest of the JSON around a list of entries —
   * `withTerms('')` is the index without terms.
   */
  parts(): { terms: [term: string, json: string][]; withTerms: (entries: string) => string } {
    const terms = termsInTreeOrder(this.postings).map(([term, list]): [string, string] => [term, `[${JSON.stringify(term)},${postingJson(list)}]`]);
    // Keys in the order of MiniSearch's toJSON, so the file is the same as one MiniSearch writes.
    const before = `{"documentCount":${this.count},"nextId":${this.count},"documentIds":${JSON.stringify(this.documentIds)},"fieldIds":${JSON.stringify(this.fieldIds)},"fieldLength":${JSON.stringify(this.fieldLength)},"averageFieldLength":${JSON.stringify(this.averageFieldLength)},"storedFields":${JSON.stringify(this.storedFields)},"dirtCount":0,"index":[`;
    return { terms, withTerms: (entries) => `${before}${entries}],"serializationVersion":2}` };
  }
}

/**
 * A term's (field, document, count) triples in a growing typed array: a third of the memory of a
 * JavaScript array of numbers, which counted for most of a large site's index while it was built.
 */
class PostingList {
  data = new Uint32Array(6);
  length = 0;

  push(field: number, document: number, count: number): void {
    if (this.length + 3 > this.data.length) {
      const larger = new Uint32Array(this.data.length * 2);
      larger.set(this.data);
      this.data = larger;
    }
    this.data[this.length++] = field;
    this.data[this.length++] = document;
    this.data[this.length++] = count;
  }
}

/** `{"0":{"3":1,"9":2},"2":{"3":1}}`: fields and documents in ascending order, as JSON lists integer keys. */
function postingJson({ data, length }: PostingList): string {
  const byField: string[][] = [];
  // Documents were added in ascending order, so each field's entries already are.
  for (let i = 0; i < length; i += 3) (byField[data[i]!] ??= []).push(`"${data[i + 1]}":${data[i + 2]}`);
  const parts: string[] = [];
  byField.forEach((entries, fieldId) => parts.push(`"${fieldId}":{${entries.join(',')}}`));
  return `{${parts.join(',')}}`;
}

/**
 * The terms in the order MiniSearch's tree lists them after inserting them in first-seen order.
 * This is MiniSearch's radix tree (SearchableMap's createPath and TreeIterator) with one change:
 * each node also indexes its children by their first character, which in a radix tree is unique
 * among siblings, so finding a child no longer scans them all.
 */
function termsInTreeOrder<V>(terms: Map<string, V>): [string, V][] {
  const root = new TreeNode<V>();
  for (const [term, value] of terms) pathOf(root, term).value = { value };
  const ordered: [string, V][] = [];
  const visit = (node: TreeNode<V>, prefix: string) => {
    // MiniSearch's iterator takes a node's keys from the last to the first; its leaf is the key ''.
    const keys = [...node.children.keys()];
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key === leaf) ordered.push([prefix, node.value!.value]);
      else visit(node.children.get(key)!, prefix + key);
    }
  };
  visit(root, '');
  return ordered;
}

const leaf = '';

class TreeNode<V> {
  /** Child keys in insertion order; the key '' marks that a term ends here (MiniSearch's LEAF). */
  children = new Map<string, TreeNode<V>>();
  byFirst = new Map<string, string>();
  value?: { value: V };
}

function pathOf<V>(root: TreeNode<V>, key: string): TreeNode<V> & { value?: { value: V } } {
  let node = root;
  let pos = 0;
  while (pos < key.length) {
    const k = node.byFirst.get(key[pos]!);
    if (k === undefined) {
      const child = new TreeNode<V>();
      const rest = key.slice(pos);
      node.children.set(rest, child);
      node.byFirst.set(rest[0]!, rest);
      node = child;
      break;
    }
    const len = Math.min(key.length - pos, k.length);
    let offset = 1;
    while (offset < len && key[pos + offset] === k[offset]) ++offset;
    const child = node.children.get(k)!;
    if (offset === k.length) {
      node = child;
    } else {
      // Split k: a new node for the shared part, appended after the others as MiniSearch does.
      const intermediate = new TreeNode<V>();
      const tail = k.slice(offset);
      intermediate.children.set(tail, child);
      intermediate.byFirst.set(tail[0]!, tail);
      const shared = key.slice(pos, pos + offset);
      node.children.delete(k);
      node.children.set(shared, intermediate);
      node.byFirst.set(shared[0]!, shared);
      node = intermediate;
    }
    pos += offset;
  }
  if (!node.children.has(leaf)) node.children.set(leaf, node);
  return node;
}
