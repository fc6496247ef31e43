import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addSchemas, ajvOptions, schemaDir } from '../../cli/content/validators.ts';
import { sampleContent } from '../helpers/site.ts';

// content/synonyms.yaml, the vocabulary of site search, and its schema. Typed here rather than from
// schemas/types.ts: the file is not part of the build yet.
interface SynonymGroup {
  topic: string;
  zh: string[];
  en: string[];
}
interface Synonyms {
  groups: SynonymGroup[];
  variants?: [string, string][];
}

const file = join(sampleContent, 'synonyms.yaml');
const text = readFileSync(file, 'utf8');
const synonyms = parse(text) as Synonyms;
const schema = JSON.parse(readFileSync(join(schemaDir, 'synonyms.schema.json'), 'utf8')) as {
  $defs: { group: { properties: { topic: { enum: string[] } } } };
};
const topics = schema.$defs.group.properties.topic.enum;
const variants = synonyms.variants ?? [];

/** The validator of the schema, with every schema of schemas/ and the options the build loads them with (draft 2020-12, strict). */
const validate = addSchemas(new Ajv2020(ajvOptions)).getSchema('synonyms.schema.json')!;

/** The schema errors of a document, as `path: message`. */
function schemaErrors(document: unknown): string[] {
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword}`);
}

describe('content/synonyms.yaml', () => {
  it('names its schema on its first line', () => {
    expect(text.split('\n', 1)[0]).toBe('# yaml-language-server: $schema=../schemas/synonyms.schema.json');
  });

  it('follows its schema', () => {
    expect(validate).toBeDefined();
    expect(schemaErrors(synonyms)).toEqual([]);
  });

  it('has at least 150 groups', () => {
    expect(synonyms.groups.length).toBeGreaterThanOrEqual(150);
  });

  it.each(topics)('has at least 8 groups on %s', (topic) => {
    expect(synonyms.groups.filter((group) => group.topic === topic).length).toBeGreaterThanOrEqual(8);
  });

  it('puts no term in two groups (letters compared without case)', () => {
    const groupOf = new Map<string, string>();
    const repeated: string[] = [];
    for (const group of synonyms.groups) {
      // A Latin code may stand in both lists of its own group (GHG, REC): it is still one group.
      for (const term of new Set([...group.zh, ...group.en].map((term) => term.toLowerCase()))) {
        const first = groupOf.get(term);
        if (first !== undefined) repeated.push(`${term}: ${first} and ${group.zh[0]}`);
        else groupOf.set(term, group.zh[0]!);
      }
    }
    expect(repeated).toEqual([]);
  });

  it('has at least 25 Taiwan/mainland word pairs', () => {
    expect(variants.length).toBeGreaterThanOrEqual(25);
  });

  it('lists no word pair twice, either way round', () => {
    const seen = new Set<string>();
    const repeated: string[] = [];
    for (const pair of variants) {
      const key = [...pair].sort().join(' ');
      if (seen.has(key)) repeated.push(pair.join(' / '));
      seen.add(key);
    }
    expect(repeated).toEqual([]);
  });

  it("lists no pair the Traditional→Simplified conversion already knows (opencc's Taiwan phrases)", async () => {
    // Lines of `mainland-word Taiwan-word`, in Traditional characters. The dictionary files carry no types.
    const dictionary = 'opencc-js/dict/TWPhrases';
    const { default: table } = (await import(dictionary)) as { default: string };
    const known = new Set(table.split('|'));
    expect(variants.filter(([taiwan, mainland]) => known.has(`${mainland} ${taiwan}`)).map((pair) => pair.join(' / '))).toEqual([]);
  });
});

describe('synonyms.schema.json', () => {
  const group = { topic: 'energy', zh: ['再生能源', '綠電'], en: ['renewable energy', 'green power'] };

  it('accepts a group and a word pair', () => {
    expect(schemaErrors({ groups: [group], variants: [['品質', '質量']] })).toEqual([]);
  });

  it.each([
    ['an unknown topic', { groups: [{ ...group, topic: 'economy' }] }],
    ['a group without English terms', { groups: [{ topic: group.topic, zh: group.zh }] }],
    ['an empty list of terms', { groups: [{ ...group, zh: [] }] }],
    ['a term twice in a group', { groups: [{ ...group, en: ['green power', 'green power'] }] }],
    ['a term with a space at its end', { groups: [{ ...group, zh: ['綠電 '] }] }],
    ['a term of 31 characters', { groups: [{ ...group, en: ['x'.repeat(31)] }] }],
    ['an empty term', { groups: [{ ...group, en: [''] }] }],
    ['an unknown property', { groups: [{ ...group, note: 'x' }] }],
    ['a word pair of three words', { groups: [group], variants: [['品質', '質量', '质量']] }],
    ['a word pair of one word twice', { groups: [group], variants: [['品質', '品質']] }],
  ])('rejects %s', (_, document) => {
    expect(schemaErrors(document)).not.toEqual([]);
  });
});
