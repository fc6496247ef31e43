import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';

/** A node of MiniSearch's radix tree: child keys to nodes, and the key '' to a term's data. */
type TreeNode = Map<string, unknown>;
/** MiniSearch's per-term data: field id → document short id → term count. */
type TermData = Map<number, Map<number, number>>;

const leaf = '';

/**
 * The same index as `MiniSearch.loadJS(js, options)`, built fast enough for a phone.
 *
 * loadJS inserts every term into MiniSearch's radix tree, which finds a node's child by scanning
 * all its children; Chinese bigrams give the root about 1,600 children, so loading the 17,000
 * terms of a locale blocked the main thread for about a second on a mid-range phone. Here the
 * terms go into the same tree with the same operations in the same order (MiniSearch's
 * createPath), but each node also indexes its children by their first character, which in a radix
 * tree is unique among siblings. The tree, Map order included, is the one loadJS makes
 * (tests/search/termTree.test.ts compares), so searches and their ranking do not change.
 */
export function loadMiniSearch<T>(js: AsPlainObject, options: Options<T>): MiniSearch<T> {
  const tree = termTree(js, options);
  tree.insert(js.index, 0, js.index.length);
  return tree.miniSearch;
}

/**
 * loadMiniSearch in slices of a few milliseconds with a pause between them, so that loading the
 * index never blocks the page (taps, scrolling) for long, however slow the phone.
 */
export async function loadMiniSearchInSlices<T>(js: AsPlainObject, options: Options<T>, sliceMs = 8): Promise<MiniSearch<T>> {
  const tree = termTree(js, options);
  await insertInSlices(tree, js.index, sliceMs);
  return tree.miniSearch;
}

/** A MiniSearch index with the documents of `js` and, to begin with, none of its terms. */
export interface TermTree<T> {
  miniSearch: MiniSearch<T>;
  /** Puts entries start … end-1 of a term list into the tree, in the list's order. */
  insert(entries: AsPlainObject['index'], start: number, end: number): void;
}

/** Inserts a term list in slices of `sliceMs` with a pause between them (see loadMiniSearchInSlices). */
export async function insertInSlices<T>(tree: TermTree<T>, entries: AsPlainObject['index'], sliceMs = 8): Promise<void> {
  let loaded = 0;
  while (loaded < entries.length) {
    const start = performance.now();
    while (loaded < entries.length && performance.now() - start < sliceMs) {
      const end = Math.min(entries.length, loaded + 500);
      tree.insert(entries, loaded, end);
      loaded = end;
    }
    await pause();
  }
}

/** Lets the browser handle input and paint before the next slice. */
function pause(): Promise<void> {
  return new Promise((resume) => setTimeout(resume, 0));
}

/**
 * The index of `js` with an empty term tree, and the means to fill it. Terms may come in several
 * lists (the term shards of widgets/search/shards.ts): each list's terms go in in its order.
 */
export function termTree<T>(js: AsPlainObject, options: Options<T>): TermTree<T> {
  const miniSearch = MiniSearch.loadJS<T>({ ...js, index: [] }, options);
  // loadJS left an empty tree; fill it in place (MiniSearch keeps it in _index._tree).
  const searchable = (miniSearch as unknown as { _index: { _tree: TreeNode; _size?: number } })._index;
  const version = (js as { serializationVersion?: number }).serializationVersion;
  const byFirst = new Map<TreeNode, Map<string, string>>();
  return {
    miniSearch,
    insert(entries, start, end) {
      for (let i = start; i < end; i++) {
        const [term, data] = entries[i]!;
        const termData: TermData = new Map();
        for (const fieldId of Object.keys(data)) {
          // Version 1 nested a field's entry inside `ds`, as loadJS reads it.
          const entry = (version === 1 ? (data[fieldId] as unknown as { ds: Record<string, number> }).ds : data[fieldId]) as Record<string, number>;
          termData.set(parseInt(fieldId, 10), numericMap(entry));
        }
        pathOf(searchable._tree, term, byFirst).set(leaf, termData);
      }
      searchable._size = undefined;
    },
  };
}

function numericMap(object: Record<string, number>): Map<number, number> {
  const map = new Map<number, number>();
  for (const key of Object.keys(object)) map.set(parseInt(key, 10), object[key]!);
  return map;
}

/** MiniSearch's createPath, finding the child that shares the key's next character by index instead of by scan. */
function pathOf(root: TreeNode, key: string, byFirst: Map<TreeNode, Map<string, string>>): TreeNode {
  const firsts = (node: TreeNode) => {
    let index = byFirst.get(node);
    if (!index) byFirst.set(node, (index = new Map()));
    return index;
  };
  let node = root;
  let pos = 0;
  while (pos < key.length) {
    const k = firsts(node).get(key[pos]!);
    if (k === undefined) {
      const child: TreeNode = new Map();
      const rest = key.slice(pos);
      node.set(rest, child);
      firsts(node).set(rest[0]!, rest);
      return child;
    }
    const length = Math.min(key.length - pos, k.length);
    let offset = 1;
    while (offset < length && key[pos + offset] === k[offset]) ++offset;
    const child = node.get(k) as TreeNode;
    if (offset === k.length) {
      node = child;
    } else {
      // The new key shares only part of k: a node for the shared part takes k's subtree.
      const intermediate: TreeNode = new Map();
      const tail = k.slice(offset);
      intermediate.set(tail, child);
      firsts(intermediate).set(tail[0]!, tail);
      const shared = key.slice(pos, pos + offset);
      node.set(shared, intermediate);
      node.delete(k);
      firsts(node).set(shared[0]!, shared);
      node = intermediate;
    }
    pos += offset;
  }
  return node;
}
