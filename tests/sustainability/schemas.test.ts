import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../cli/content/source.ts';
import { checkDocument } from '../../cli/content/schemas.ts';
import { loadValidators } from '../../cli/content/validators.ts';
import type { SchemaName } from '../../schemas/types.ts';

const fixtures = join(import.meta.dirname, 'fixtures');

/** Schema problems of a fixture after an optional edit of its text, as `field: code` lines (`tabs[1].sections: ESG2001`). */
function problems(schema: SchemaName, fixture: string, edit: (text: string) => string = (text) => text): string[] {
  const text = edit(readFileSync(join(fixtures, fixture), 'utf8'));
  const source = parseYamlSource(`fixtures/${fixture}`, text);
  return (checkDocument(source, schema, source.yaml.toJS()).problems ?? []).map((problem) => `${problem.field}: ${problem.code}`);
}

/** Replaces one exact piece of a fixture, failing when the piece is not there (so an edit never silently does nothing). */
const replacing = (from: string | RegExp, to: string) => (text: string) => {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`fixture has no ${String(from)}`);
  return next;
};

beforeAll(() => loadValidators());

describe('sustainability schemas', () => {
  it.each([
    ['sustainable', 'sustainable.yaml'],
    ['ungc', 'ungc.yaml'],
    ['performance', 'performance.yaml'],
    ['materiality', 'materiality.yaml'],
  ] as [SchemaName, string][])('%s accepts its fixture', (schema, fixture) => {
    expect(problems(schema, fixture)).toEqual([]);
  });

  it('topic: a strategy needs its policy and its target', () => {
    const found = problems('sustainable', 'sustainable.yaml', replacing(/          target:\n            text: 誠信教育訓練完訓率100%。\n/, ''));
    expect(found).toContain('topics[0].content.strategy.strategyContent.target: ESG2001');
  });

  it('topic: policy and target are {text, list}; a misspelt field is named', () => {
    expect(problems('sustainable', 'sustainable.yaml', replacing('policy: { text: 設永續發展委員會。 }', 'policy: { txt: 設永續發展委員會。 }'))).toEqual(
      expect.arrayContaining(['topics[0].content.strategy2.strategyContent.policy.txt: ESG2002']),
    );
  });

  it('topic: SDG numbers run from 1 to 17', () => {
    expect(problems('sustainable', 'sustainable.yaml', replacing('sdgs2: [16, 17]', 'sdgs2: [16, 18]'))).toEqual(['topics[0].sdgs2[1]: ESG2007']);
    expect(problems('sustainable', 'sustainable.yaml', replacing('sdgs: [16]', 'sdgs: ["SDG 16"]'))).toEqual(['topics[0].sdgs[0]: ESG2007']);
  });

  it('SDG entry: a target carries its 2024 benefit and chapter links', () => {
    const found = problems('sustainable', 'sustainable.yaml', replacing(/                  chapter:\n.*\n/, ''));
    expect(found).toContain('goals[0].content.strategy[0].target[0].targetContent[0].chapter: ESG2001');
  });

  it('SDG entry: a chapter link is a site path, not free text', () => {
    expect(problems('sustainable', 'sustainable.yaml', replacing('url: /focus/climate/energy?focus=focus323', 'url: 再生能源章節'))).toEqual([
      'goals[0].content.strategy[0].target[0].targetContent[0].chapter[0].url: ESG2005',
    ]);
  });

  it('the page has exactly two tabs (topics, SDGs)', () => {
    expect(problems('sustainable', 'sustainable.yaml', replacing(/  - \{ label: 永續發展目標對應.*\n/, ''))).toEqual(['tabs: ESG2007']);
  });

  it('Global Compact entry: principles, benefit text and chapters are required', () => {
    const found = problems('ungc', 'ungc.yaml', (text) => text.replace(/    unochapter:\n.*\n/, '').replace('      text: 2,399人參加誠信教育訓練。\n', ''));
    expect(found).toEqual(expect.arrayContaining(['groups[0].unochapter: ESG2001', 'groups[0].unobenefit.text: ESG2001']));
  });

  it('performance: exactly three tabs, each with sections', () => {
    expect(problems('performance', 'performance.yaml', replacing(/  - label: 社會\n[\s\S]*$/, ''))).toEqual(['tabs: ESG2007']);
    expect(
      problems('performance', 'performance.yaml', replacing(/  - label: 環境\n    sections:\n[\s\S]*?(?=  - label: 社會)/, '  - label: 環境\n')),
    ).toContain('tabs[1].sections: ESG2001');
  });

  it('materiality: scores run from 1 to 5 and categories are the four survey groups', () => {
    expect(problems('materiality', 'materiality.yaml', replacing('concern: 4.62', 'concern: 6'))).toEqual(['matrix.topics[0].concern: ESG2007']);
    expect(problems('materiality', 'materiality.yaml', replacing('category: social', 'category: people'))).toEqual(['matrix.topics[1].category: ESG2003']);
  });
});
