import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../cli/content/source.ts';
import { checkDocument } from '../../cli/content/schemas.ts';
import { loadValidators } from '../../cli/content/validators.ts';
import type { SchemaName } from '../../schemas/types.ts';

const fixtures = join(import.meta.dirname, 'fixtures');

/** Schema problems of a fixture, after an optional edit of its text: `field: code` each (`sets.GRIG4: ESG2001`). */
function problems(schema: SchemaName, fixture: string, edit: (text: string) => string = (text) => text): string[] {
  const text = edit(readFileSync(join(fixtures, fixture), 'utf8'));
  const source = parseYamlSource(`fixtures/${fixture}`, text);
  return (checkDocument(source, schema, source.yaml.toJS()).problems ?? []).map((problem) => `${problem.field}: ${problem.code}`);
}

beforeAll(() => loadValidators());

describe('report schemas', () => {
  it.each([
    ['report-gri', 'gri.yaml'],
    ['report-sasb', 'sasb.yaml'],
    ['report-exchange', 'exchange.yaml'],
    ['report-climate', 'climate.yaml'],
    ['report-accounting', 'accounting.yaml'],
  ] as [SchemaName, string][])('%s accepts its fixture', (schema, fixture) => {
    expect(problems(schema, fixture)).toEqual([]);
  });

  it('GRI: a disclosure needs a location or an omission', () => {
    const found = problems('report-gri', 'gri.yaml', (text) =>
      text.replace(/            chapter:\n              - \{ text: 公司概況, url: \/company#overview \}\n/, ''),
    );
    expect(found).toEqual(expect.arrayContaining(['sets.GRI1.content[0].items[0].chapter: ESG2001', 'sets.GRI1.content[0].items[0].omission: ESG2001']));
  });

  it('GRI: an omission names one of the four reasons', () => {
    expect(problems('report-gri', 'gri.yaml', (text) => text.replace('reason: information-unavailable', 'reason: too-busy'))).toEqual([
      'sets.GRI1.content[0].items[1].omission.reason: ESG2003',
    ]);
  });

  it('GRI: a page number typed by hand is refused: the report PDF computes it', () => {
    expect(problems('report-gri', 'gri.yaml', (text) => text.replace('url: /company#overview }', 'url: /company#overview, page: 10 }'))).toEqual([
      'sets.GRI1.content[0].items[0].chapter[0].page: ESG2002',
    ]);
  });

  it('GRI: all five sets are required', () => {
    expect(problems('report-gri', 'gri.yaml', (text) => text.replace('  GRIG4:', '  GRIX:'))).toContain('sets.GRIG4: ESG2001');
  });

  it('SASB: a malformed metric code is refused', () => {
    expect(problems('report-sasb', 'sasb.yaml', (text) => text.replace('RT-EE-130a.1', 'RT-EE-130.1'))).toEqual(['sets.SASB1.groups[0].code: ESG2005']);
    expect(problems('report-sasb', 'sasb.yaml', (text) => text.replace('EM-IS-000.A', 'EM-IS-000A'))).toEqual(['sets.SASB5.groups[0].code: ESG2005']);
  });

  it('SASB: a quantitative row needs every year 2020–2024, a discussion row its chapter links', () => {
    expect(problems('report-sasb', 'sasb.yaml', (text) => text.replace(', data2024: 5 GJ', ''))).toContain('sets.SASB1.groups[0].rows[0].data2024: ESG2001');
    expect(problems('report-sasb', 'sasb.yaml', (text) => text.replace(', chapter: [{ text: 供應鏈, url: /about#scope }]', ''))).toContain(
      'sets.SASB2.groups[0].rows[0].chapter: ESG2001',
    );
  });

  it('EXCHANGE: the climate table has exactly items 1–9 and three GHG scopes', () => {
    expect(problems('report-exchange', 'exchange.yaml', (text) => text.replace(/      - \{ num: 9,.*\n/, ''))).toEqual(['climate.items: ESG2007']);
    expect(problems('report-exchange', 'exchange.yaml', (text) => text.replace('  scope3:', '  scope4:'))).toEqual([
      'ghg.scope3: ESG2001',
      'ghg.scope4: ESG2002',
    ]);
    expect(problems('report-exchange', 'exchange.yaml', (text) => text.replace('num: 1,', 'num: 10,'))).toEqual(['climate.items[0].num: ESG2007']);
  });

  it('ACCOUNT: an item has content or a list', () => {
    expect(
      problems('report-accounting', 'accounting.yaml', (text) => text.replace('{ title: 廢鋼使用比例, content: 入爐廢鋼占比。 }', '{ title: 廢鋼使用比例 }')),
    ).toEqual(expect.arrayContaining(['ACCOUNT1.custom[0].content: ESG2001', 'ACCOUNT1.custom[0].list: ESG2001']));
  });

  it('climate index: a section id is a valid anchor', () => {
    expect(problems('report-climate', 'climate.yaml', (text) => text.replace('id: climate-governance', 'id: Climate Governance'))).toEqual([
      'sets[0].id: ESG2005',
    ]);
  });
});
