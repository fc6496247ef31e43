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
  private count = 0;

  constructor(private readonly options: Options<T>) {
    options.fields.forEach((field, index) => (this.fieldIds[field] = index));
  }

  add(item: T): void {
    const { options, fieldIds, postings, averageFieldLength } = this;
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
      // Each occurrence adds to its term's count for this document and field, as MiniSearch's
      // addTerm does; a term's first occurrence starts its entry, and counts one distinct term.
      const tokens = tokenize(String(value), field);
      let distinct = 0;
      let unchanged = true;
      for (const token of tokens) {
        const term = processTerm(token, field);
        if (typeof term !== 'string' || !term) {
          unchanged = false;
          continue;
        }
        if (term !== token) unchanged = false;
        let list = postings.get(term);
        if (!list) postings.set(term, (list = new PostingList()));
        if (list.endsWith(fieldId, shortId)) {
          list.data[list.length - 1]!++;
        } else {
          list.push(fieldId, shortId, 1);
          distinct++;
        }
      }
      // MiniSearch's field length is the number of distinct tokens: the distinct terms, unless
      // processTerm changed or dropped some token.
      const unique = unchanged ? distinct : new Set(tokens).size;
      (this.fieldLength[shortId] ??= [])[fieldId] = unique;
      // The same running average, in the same order, as MiniSearch's addFieldLength.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * shortId + unique) / (shortId + 1);
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

  /** True when the last triple is this field's of this document. */
  endsWith(field: number, document: number): boolean {
    return this.length > 0 && this.data[this.length - 3] === field && this.data[this.length - 2] === document;
  }

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
 * a node's children are kept by their first character, which in a radix tree is unique among
 * siblings, so finding a child no longer scans them all. A child that is split is put back at the
 * end, as MiniSearch deletes its key and adds the shared part, so the order of the keys is the same.
 */
function termsInTreeOrder<V>(terms: Map<string, V>): [string, V][] {
  const root = new TreeNode<V>();
  for (const [term, value] of terms) pathOf(root, term).value = value;
  const ordered: [string, V][] = [];
  const visit = (node: TreeNode<V>, prefix: string) => {
    // MiniSearch's iterator takes a node's keys from the last to the first; its leaf is the key ''.
    const edges = [...node.edges.values()];
    for (let i = edges.length - 1; i >= 0; i--) {
      const edge = edges[i]!;
      if (edge === leaf) ordered.push([prefix, node.value!]);
      else visit(edge.node, prefix + edge.label);
    }
  };
  visit(root, '');
  return ordered;
}

interface Edge<V> {
  label: string;
  node: TreeNode<V>;
}

/** The edge that marks that a term ends at its node (MiniSearch's LEAF key, ''). */
const leaf: Edge<never> = { label: '', node: undefined as never };

class TreeNode<V> {
  /** Edges by the first character of their label, in MiniSearch's order of keys; '' is the leaf. */
  edges = new Map<string, Edge<V>>();
  value?: V;
}

function pathOf<V>(root: TreeNode<V>, key: string): TreeNode<V> {
  let node = root;
  let pos = 0;
  while (pos < key.length) {
    const first = key[pos]!;
    const edge = node.edges.get(first);
    if (edge === undefined) {
      const child = new TreeNode<V>();
      node.edges.set(first, { label: key.slice(pos), node: child });
      node = child;
      break;
    }
    const label = edge.label;
    const len = Math.min(key.length - pos, label.length);
    let offset = 1;
    while (offset < len && key[pos + offset] === label[offset]) ++offset;
    if (offset === label.length) {
      node = edge.node;
    } else {
      // Split the label: a new node for the shared part, put after the others as MiniSearch does.
      const intermediate = new TreeNode<V>();
      intermediate.edges.set(label[offset]!, { label: label.slice(offset), node: edge.node });
      node.edges.delete(first);
      node.edges.set(first, { label: key.slice(pos, pos + offset), node: intermediate });
      node = intermediate;
    }
    pos += offset;
  }
  if (!node.edges.has('')) node.edges.set('', leaf);
  return node;
}
