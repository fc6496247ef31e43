import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every schema node with a `title` or a `description` gives it in Traditional Chinese (Taiwan) in
 * its `x-zh_TW` keyword, which `esg edit` shows to its zh_TW users.
 */
const schemaDir = join(import.meta.dirname, '..', '..', 'schemas');
const keyword = 'x-zh_TW';
const texts = ['title', 'description'] as const;

/** Keywords whose value is a map of names to schemas, a schema, or a list of schemas. */
const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const schemaValues = ['items', 'additionalProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'];
const schemaLists = ['oneOf', 'anyOf', 'allOf', 'prefixItems'];

/** Characters only Simplified Chinese uses (their Traditional forms differ), e.g. 這個 and not 这个. */
const simplifiedOnly = [...'这个们为数据资讯网页设选项标题说时间图链档发规应关显线务对报书单产业环护实现录认证语请输类组络电码续绩确览区块态级与从给让还进过边达阅读写计统质评问'];

type Node = Record<string, unknown>;
interface Found {
  file: string;
  pointer: string;
  node: Node;
  /** The keyword the node was reached by: `properties` for a field, `items` for the items of a list. */
  via?: string;
}

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** Every schema node of a file with its JSON pointer, subschemas included (not examples, defaults or enums). */
function nodes(file: string, node: unknown, pointer = '', found: Found[] = [], via?: string): Found[] {
  if (!isObject(node)) return found;
  found.push({ file, pointer: pointer || '/', node, ...(via ? { via } : {}) });
  for (const key of schemaMaps) {
    const map = node[key];
    if (isObject(map)) for (const [name, child] of Object.entries(map)) nodes(file, child, `${pointer}/${key}/${escape(name)}`, found, key);
  }
  for (const key of schemaValues) nodes(file, node[key], `${pointer}/${key}`, found, key);
  for (const key of schemaLists) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, index) => nodes(file, child, `${pointer}/${key}/${index}`, found));
  }
  return found;
}

const files = readdirSync(schemaDir)
  .filter((name) => name.endsWith('.schema.json'))
  .sort();
const schemas = new Map(files.map((file) => [file, JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) as unknown]));
const all = files.flatMap((file) => nodes(file, schemas.get(file)));

/** The problems of one node's translation, each naming the file and the node's JSON pointer. */
function problems({ file, pointer, node }: Found): string[] {
  const at = `${file}#${pointer}`;
  const english = texts.filter((key) => typeof node[key] === 'string');
  const zh = node[keyword];
  if (zh === undefined) return english.length ? [`${at}: has ${english.join(' and ')} but no ${keyword}`] : [];
  if (!isObject(zh)) return [`${at}: ${keyword} is not an object`];
  const found: string[] = [];
  for (const key of Object.keys(zh)) {
    if (!(texts as readonly string[]).includes(key)) found.push(`${at}: ${keyword} has "${key}"; only title and description are allowed`);
    else if (!english.includes(key as (typeof texts)[number])) found.push(`${at}: ${keyword} has a ${key} the node has no English ${key} for`);
  }
  for (const key of english) {
    const text = zh[key];
    const source = node[key] as string;
    if (typeof text !== 'string' || text.trim() === '') {
      found.push(`${at}: ${keyword}.${key} is missing or empty (English: "${source}")`);
      continue;
    }
    if (/[a-z]/.test(source) && !/[\u4e00-\u9fff]/.test(text)) found.push(`${at}: ${keyword}.${key} "${text}" has no Chinese character`);
    const simplified = simplifiedOnly.filter((character) => text.includes(character));
    if (simplified.length) found.push(`${at}: ${keyword}.${key} "${text}" has Simplified characters ${simplified.join(' ')}`);
  }
  return found;
}

describe('the schemas in Traditional Chinese (x-zh_TW)', () => {
  it('reads every schema file and finds its titled and described nodes', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(all.filter(({ node }) => typeof node.title === 'string').length).toBeGreaterThan(300);
    expect(all.filter(({ node }) => typeof node.description === 'string').length).toBeGreaterThan(200);
  });

  it('gives every title and description in Traditional Chinese, and nothing else', () => {
    expect(all.flatMap(problems)).toEqual([]);
  });

  it('names every problem with its file and JSON pointer', () => {
    const node = { title: 'Decimals', description: 'Digits after the decimal point.', [keyword]: { title: '小数位数', label: '位數' } };
    expect(problems({ file: 'metrics.schema.json', pointer: '/$defs/metric/properties/decimals', node })).toEqual([
      'metrics.schema.json#/$defs/metric/properties/decimals: x-zh_TW has "label"; only title and description are allowed',
      'metrics.schema.json#/$defs/metric/properties/decimals: x-zh_TW.title "小数位数" has Simplified characters 数',
      'metrics.schema.json#/$defs/metric/properties/decimals: x-zh_TW.description is missing or empty (English: "Digits after the decimal point.")',
    ]);
    expect(problems({ file: 'menu.schema.json', pointer: '/', node: { title: 'Main menu', [keyword]: { title: 'Main menu', description: '主選單' } } })).toEqual([
      'menu.schema.json#/: x-zh_TW has a description the node has no English description for',
      'menu.schema.json#/: x-zh_TW.title "Main menu" has no Chinese character',
    ]);
  });
});

/**
 * What only a developer reads, in a text the editor shows its users: a backtick, a path of the
 * project, a documentation page, a command or a file name. The help says what to type and names
 * the rest by what the editor shows (「ESG 指標」, 「已出版版本的數據」, the data page).
 */
const developerWords = ['`', 'content/', 'docs/', 'esg ', '.json', '.yaml', '.md'];

/** The content files' schemas: every schema but those of the answers the forms receive (forms-*), which no one edits. */
const contentSchema = (file: string) => !file.startsWith('forms-');

/** The developer words in a node's x-zh_TW title and description, each named with its file and JSON pointer. */
function developerSpeak({ file, pointer, node }: Found): string[] {
  const zh = node[keyword];
  if (!isObject(zh)) return [];
  return texts.flatMap((key) => {
    const text = zh[key];
    if (typeof text !== 'string') return [];
    const words = developerWords.filter((word) => text.includes(word));
    return words.length ? [`${file}#${pointer || '/'}: ${keyword}.${key} "${text}" has ${words.map((word) => `"${word}"`).join(', ')}`] : [];
  });
}

describe('the help texts of the content schemas, as the editor shows them', () => {
  it('reads the content schemas, and not the forms’ answers', () => {
    expect(files.filter(contentSchema).length).toBeGreaterThan(20);
    expect(files.filter(contentSchema)).not.toContain('forms-survey.schema.json');
    expect(files.filter(contentSchema)).toContain('metrics.schema.json');
  });

  it('speaks no developer words: no backtick, path, documentation page, command or file name', () => {
    expect(all.filter(({ file }) => contentSchema(file)).flatMap(developerSpeak)).toEqual([]);
  });

  it('names every developer word with its file and JSON pointer', () => {
    const node = {
      title: 'Restatement reasons',
      description: 'Why a figure differs (docs/figures.md).',
      [keyword]: { title: '重編原因', description: '與 content/editions/<year>/metrics.json 不同時（見 docs/figures.md 的 `restated`）' },
    };
    expect(developerSpeak({ file: 'metrics.schema.json', pointer: '/$defs/metric/properties/restated', node })).toEqual([
      'metrics.schema.json#/$defs/metric/properties/restated: x-zh_TW.description "與 content/editions/<year>/metrics.json 不同時（見 docs/figures.md 的 `restated`）" has "`", "content/", "docs/", ".json", ".md"',
    ]);
    const book = { description: 'The book.', [keyword]: { description: '報告書 PDF（esg build --pdf），見 book.yaml。' } };
    expect(developerSpeak({ file: 'book.schema.json', pointer: '/', node: book })).toEqual([
      'book.schema.json#/: x-zh_TW.description "報告書 PDF（esg build --pdf），見 book.yaml。" has "esg ", ".yaml"',
    ]);
    expect(developerSpeak({ file: 'search.schema.json', pointer: '/properties/noResults', node: { description: 'x', [keyword]: { description: '{query} 會換成訪客搜尋的字詞。' } } })).toEqual([]);
  });
});

/** The node a `$ref` points at (`common.schema.json#/$defs/text`, or `#/$defs/entry` in the same file), with its file. */
function resolve(file: string, ref: string): { file: string; node: unknown } {
  const [target, fragment = ''] = ref.split('#');
  const owner = target || file;
  const parts = fragment.split('/').filter(Boolean).map(unescape);
  return { file: owner, node: parts.reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), schemas.get(owner)) };
}

/** Besides `$ref`, what a field may hold and still be labelled by the definition it points at. */
const bareRef = new Set(['$ref', 'description', keyword]);

/**
 * Why a field (or a list's items) shows no title in the editor's form: it has no `title`, and is not
 * a bare `$ref` to a definition that has one (the form then shows the definition's title).
 */
function untitled({ file, pointer, node }: Found): string[] {
  const at = `${file}#${pointer}`;
  if (typeof node.title === 'string') return [];
  if (typeof node.$ref !== 'string') return [`${at}: has no title`];
  const others = Object.keys(node).filter((key) => !bareRef.has(key));
  if (others.length) return [`${at}: has no title; a $ref beside ${others.join(', ')} needs its own`];
  let target = resolve(file, node.$ref);
  for (const seen = new Set<unknown>(); isObject(target.node) && typeof target.node.title !== 'string' && typeof target.node.$ref === 'string'; ) {
    if (seen.has(target.node)) break;
    seen.add(target.node);
    target = resolve(target.file, target.node.$ref);
  }
  if (!isObject(target.node)) return [`${at}: its $ref ${node.$ref} points at nothing`];
  return typeof target.node.title === 'string' ? [] : [`${at}: has no title, and neither has ${node.$ref}`];
}

/** A list's items that are objects (an inline object, or a $ref to one): the form heads each item with their title. */
function objectItems(found: Found): boolean {
  if (found.via !== 'items') return false;
  const node = typeof found.node.$ref === 'string' ? resolve(found.file, found.node.$ref).node : found.node;
  return isObject(node) && (node.type === 'object' || isObject(node.properties));
}

describe('the fields of the schemas, as the editor labels them', () => {
  const fields = all.filter(({ via }) => via === 'properties');

  it('finds every field of every schema', () => {
    expect(fields.length).toBeGreaterThan(700);
    expect(fields.some(({ file, pointer }) => file === 'quiz.schema.json' && pointer === '/properties/start/properties/title')).toBe(true);
  });

  it('gives every field a title, its own or its definition’s', () => {
    expect(fields.flatMap(untitled)).toEqual([]);
  });

  it('gives the items of every list of objects a title', () => {
    const items = all.filter(objectItems);
    expect(items.length).toBeGreaterThan(20);
    expect(items.flatMap(untitled)).toEqual([]);
  });

  it('names every untitled field with its file and JSON pointer', () => {
    const field = (pointer: string, node: Node): Found => ({ file: 'home.schema.json', pointer, node, via: 'properties' });
    expect(untitled(field('/properties/banners', { type: 'array' }))).toEqual(['home.schema.json#/properties/banners: has no title']);
    expect(untitled(field('/properties/performance', { $ref: '#/$defs/nothing' }))).toEqual([
      'home.schema.json#/properties/performance: its $ref #/$defs/nothing points at nothing',
    ]);
    expect(untitled(field('/properties/title', { $ref: 'common.schema.json#/$defs/text', examples: ['Home'] }))).toEqual([
      'home.schema.json#/properties/title: has no title; a $ref beside examples needs its own',
    ]);
    expect(untitled(field('/properties/title', { $ref: 'common.schema.json#/$defs/text', description: 'The page title.' }))).toEqual([]);
    expect(untitled(field('/properties/title', { title: 'Page title', $ref: 'common.schema.json#/$defs/text' }))).toEqual([]);
  });
});
