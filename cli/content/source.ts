import { parseDocument, isMap, isSeq, isPair, isScalar, type Document, type Node } from 'yaml';
import { errors, type ErrorEntry } from '../errorCatalogue.ts';
import { codeFrame, problem, type ContentProblem } from '../errors.ts';
import { fieldName } from '../../schemas/editApi.ts';

/** One content file as read from disk, with what is needed to point at a line in it later. */
export interface SourceFile {
  /** Path shown to editors, relative to the working directory: `content/zh_TW/menu.yaml`. */
  file: string;
  /** The whole file text (for code frames). */
  text: string;
  /** The YAML part (the whole file, or the front matter of a Markdown file). */
  yamlText: string;
  /** Its parsed document with the position of every node, made on first use (see `contentData`). */
  readonly yaml: Document;
  /**
   * Lets the parsed document go, once the file's data is read and checked: a site's documents, kept
   * to the end of the build, took a fifth of its peak memory at 10,000 events. Pointing at a
   * problem later parses the text again.
   */
  releaseYaml(): void;
  lines: LinePositions;
}

/** Line and column (1-based) of an offset in the YAML text. */
export interface LinePositions {
  linePos(offset: number): { line: number; col: number };
}

export type FieldPath = (string | number)[];

/**
 * `yamlText` is the YAML part of the file: the whole file, or the front matter of a Markdown file as
 * gray-matter gives it (starting with the line break after `---`, so its line numbers are the file's).
 */
export function parseYamlSource(file: string, text: string, yamlText = text): SourceFile {
  let yaml: Document | undefined;
  return {
    file,
    text,
    yamlText,
    get yaml() {
      return (yaml ??= parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true }));
    },
    releaseYaml() {
      yaml = undefined;
    },
    lines: linePositions(yamlText),
  };
}

/**
 * Positions are needed only to report a problem, so the line starts are found on first use rather
 * than counted by the parser for every file (yaml's LineCounter cost 0.1 ms per event file).
 */
function linePositions(text: string): LinePositions {
  let starts: number[] | undefined;
  return {
    linePos(offset) {
      if (!starts) {
        starts = [0];
        for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
      }
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= offset) low = middle;
        else high = middle - 1;
      }
      return { line: low + 1, col: offset - starts[low]! + 1 };
    },
  };
}

/** `items[3].to` from ['items', 3, 'to']: one definition for the build and the editor. */
export { fieldName };

/** ['items', 3, 'to'] from ajv's `/items/3/to`. */
export function pathFromPointer(pointer: string): FieldPath {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Line and column (1-based) of the value at `path`, or of its key when `key` is set. Walks as far
 * as the path exists, so a missing field points at the object that should hold it.
 */
export function locate(source: SourceFile, path: FieldPath, key?: string): { line: number; column: number } {
  let node: Node | null = source.yaml.contents as Node | null;
  for (const part of path) {
    const next = childOf(node, part);
    if (!next) break;
    node = next.value;
  }
  let offset = node?.range?.[0] ?? 0;
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === key);
    if (pair && isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
  }
  const position = source.lines.linePos(offset);
  return { line: position.line, column: position.col };
}

/**
 * Line and column (1-based) of `text` inside the value at `path`: a figure reference in a
 * sentence, pointed at where it is rather than where the sentence starts. The value's start when
 * the text is not found as written (a folded or escaped string).
 */
export function locateText(source: SourceFile, path: FieldPath, text: string): { line: number; column: number } {
  let node: Node | null = source.yaml.contents as Node | null;
  for (const part of path) node = childOf(node, part)?.value ?? null;
  const [start, end] = node?.range ?? [0, 0];
  const at = source.yamlText.indexOf(text, start);
  const position = source.lines.linePos(at >= 0 && at < end ? at : start);
  return { line: position.line, column: position.col };
}

/**
 * Every string in a document's data, with the key it is under, its field path and the object
 * that holds it (for the fields beside it). The path is made only when asked for: most strings are
 * read and let go, and a copy of the path for each cost more than the reading.
 */
export function walkStrings(value: unknown, visit: (value: string, at: () => FieldPath, key: string, owner: object) => void): void {
  const path: FieldPath = [];
  const at = () => [...path];
  const walk = (node: unknown, key: string, owner: object) => {
    if (typeof node === 'string') {
      visit(node, at, key, owner);
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => {
        path.push(index);
        walk(item, key, node);
        path.pop();
      });
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        path.push(k);
        walk(v, k, node);
        path.pop();
      }
    }
  };
  walk(value, '', {});
}

function childOf(node: Node | null, part: string | number): { value: Node } | undefined {
  if (isMap(node)) {
    // A key written as a number (`2023:` of a metric's values) is found by its path's string too.
    const pair = node.items.find((item) => isScalar(item.key) && (item.key.value === part || String(item.key.value) === String(part)));
    return pair?.value ? { value: pair.value as Node } : undefined;
  }
  if (isSeq(node) && typeof part === 'number') {
    const item = node.items[part];
    return item ? { value: item as Node } : undefined;
  }
  return undefined;
}

/** Where a content file names something: a field of its data, or an offset of its whole text (a link in a Markdown body). */
export type Place = { source: SourceFile; path: FieldPath } | { source: SourceFile; offset: number; field: string };

/** A problem of the catalogue at a place, with its code frame. */
export function problemAtPlace<A extends unknown[]>(place: Place, entry: ErrorEntry<A>, ...args: A): ContentProblem {
  return 'path' in place ? problemAt(place.source, place.path, entry, ...args) : problemAtOffset(place.source, place.offset, place.field, entry, ...args);
}

/** A problem of the catalogue at a field of a file, with its code frame. */
export function problemAt<A extends unknown[]>(source: SourceFile, path: FieldPath, entry: ErrorEntry<A>, ...args: A): ContentProblem {
  return problemAtKey(source, path, undefined, entry, ...args);
}

/** `problemAt`, pointing at the key `key` of the object at `path` (a field that should not be there). */
export function problemAtKey<A extends unknown[]>(source: SourceFile, path: FieldPath, key: string | undefined, entry: ErrorEntry<A>, ...args: A): ContentProblem {
  return problemAtPosition(source, locate(source, path, key), fieldName(key === undefined ? path : [...path, key]), entry, ...args);
}

/** `problemAt`, pointing at `text` inside the value at `path` (a figure reference in a sentence). */
export function problemAtText<A extends unknown[]>(source: SourceFile, path: FieldPath, text: string, entry: ErrorEntry<A>, ...args: A): ContentProblem {
  return problemAtPosition(source, locateText(source, path, text), fieldName(path), entry, ...args);
}

/** A problem at an offset of the whole file (a Markdown body's text), for the field `field`. */
export function problemAtOffset<A extends unknown[]>(source: SourceFile, offset: number, field: string, entry: ErrorEntry<A>, ...args: A): ContentProblem {
  return problemAtPosition(source, positionInText(source.text, offset), field, entry, ...args);
}

/** Line and column (1-based) of an offset of a whole file's text. */
export function positionInText(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

function problemAtPosition<A extends unknown[]>(source: SourceFile, { line, column }: { line: number; column: number }, field: string, entry: ErrorEntry<A>, ...args: A): ContentProblem {
  return problem(entry, { file: source.file, line, column, field, frame: codeFrame(source.text, line, column) }, ...args);
}

/** YAML syntax errors of a file, each with its own position. */
export function syntaxProblems(source: SourceFile): ContentProblem[] {
  return source.yaml.errors.map((error) => {
    const position = source.lines.linePos(error.pos[0]);
    const line = position.line;
    const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return problem(errors.yamlSyntax, { file: source.file, line, column: position.col, frame: codeFrame(source.text, line, position.col) }, message);
  });
}
