import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { matches } from '../../editor/schemaMatch.ts';

const root: RJSFSchema = {
  $defs: {
    text: { type: 'string', minLength: 1 },
    textBlock: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'text'],
      properties: { type: { const: 'text' }, text: { $ref: '#/$defs/text' } },
    },
    listBlock: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'items'],
      properties: { type: { const: 'list' }, items: { type: 'array', minItems: 1, items: { $ref: '#/$defs/text' } } },
    },
    'common.schema.json': { $defs: { id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' } } },
  },
  oneOf: [{ $ref: '#/$defs/textBlock' }, { $ref: '#/$defs/listBlock' }],
};

describe('schemaMatch: which option a value is, without compiling the schema', () => {
  it('tells a block’s kind by its const, required keys and item types', () => {
    expect(matches({ $ref: '#/$defs/textBlock' }, { type: 'text', text: '段落' }, root)).toBe(true);
    expect(matches({ $ref: '#/$defs/listBlock' }, { type: 'text', text: '段落' }, root)).toBe(false);
    expect(matches({ $ref: '#/$defs/listBlock' }, { type: 'list', items: ['一', '二'] }, root)).toBe(true);
    expect(matches({ $ref: '#/$defs/listBlock' }, { type: 'list', items: [] }, root)).toBe(false);
    expect(matches(root, { type: 'list', items: [3] }, root)).toBe(false);
  });

  it('refuses keys additionalProperties: false leaves out, and checks patterns in a bundled file’s $defs', () => {
    expect(matches({ $ref: '#/$defs/textBlock' }, { type: 'text', text: 'a', extra: 1 }, root)).toBe(false);
    expect(matches({ $ref: '#/$defs/common.schema.json/$defs/id' }, 'focus411', root)).toBe(true);
    expect(matches({ $ref: '#/$defs/common.schema.json/$defs/id' }, 'Focus 1', root)).toBe(false);
  });
});
