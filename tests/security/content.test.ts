import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addSchemas, ajvOptions, schemaDir } from '../../cli/content/validators.ts';
import { buildProblems, buildSample, contentCopy, editContent } from '../helpers/site.ts';

/** Property names that hold an address a page links to or loads. */
const addressKey = /^(url|href|link|to|src|cover|file|endpoint|baseUrl|image|logo|action|target|download)$/i;
const hostile = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
];

/** Every property of every schema whose name says it holds an address, as `file#/json/pointer`. */
function addressProperties(): string[] {
  const found: string[] = [];
  const walk = (node: unknown, file: string, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === 'properties' && value && typeof value === 'object') {
        for (const name of Object.keys(value)) if (addressKey.test(name)) found.push(`${file}#${here}/${name}`);
      }
      walk(value, file, here);
    }
  };
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.schema.json')))
    walk(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')), file, '');
  return found;
}

describe('schemas forbid script addresses', () => {
  const properties = addressProperties();

  it('finds the address fields of the schemas', () => {
    expect(properties.length).toBeGreaterThan(10);
    expect(properties).toContain('common.schema.json#/$defs/link/properties/url');
  });

  it.each(properties)('%s rejects javascript:, data:, vbscript: and protocol-relative addresses', (ref) => {
    const validate = addSchemas(new Ajv2020(ajvOptions)).getSchema(ref);
    expect(validate, ref).toBeDefined();
    for (const value of hostile) expect(validate!(value), `${ref} accepted ${JSON.stringify(value)}`).toBe(false);
  });

  it('stops the build at a javascript: link in a menu, with its file and line', async () => {
    const contentDir = contentCopy();
    editContent(contentDir, 'zh_TW/menu.yaml', (text) => text.replace(/to: \/chairman/, 'to: "javascript:alert(1)"'));
    const problems = await buildProblems(contentDir);
    expect(
      problems.some((problem) => problem.file.endsWith('zh_TW/menu.yaml') && problem.code === 'ESG2005' && problem.line > 1 && /to$/.test(problem.field)),
    ).toBe(true);
  });
});

describe('content cannot inject script into pages', () => {
  let outDir: string;
  beforeAll(async () => {
    const contentDir = contentCopy();
    editContent(contentDir, 'zh_TW/events/2023-beach-cleanup.md', (text) =>
      text
        .replace(/^title: .*$/m, 'title: "淨灘<script>alert(1)</script><img src=x onerror=alert(2)>"')
        .replace(
          /\n---\n/,
          '\n---\n\n<script>alert(3)</script>\n\n<img src="x" onerror="alert(4)">\n\n[點我](javascript:alert(5))\n\n<a href="javascript:alert(6)">raw link</a>\n',
        ),
    );
    editContent(contentDir, 'zh_TW/pages/about.yaml', (text) => text.replace(/^title: .*$/m, 'title: "關於<script>alert(7)</script>"'));
    outDir = await buildSample(contentDir);
  });
  const read = (path: string) => readFileSync(join(outDir, path), 'utf8');

  it('escapes texts from YAML and front matter', () => {
    for (const path of [
      'zh_TW/event/2023-beach-cleanup/index.html',
      'zh_TW/about/index.html',
      'zh_TW/event/index.html',
      'zh_CN/event/2023-beach-cleanup/index.html',
    ]) {
      const html = read(path);
      expect(html).not.toMatch(/<script>alert/);
      expect(html).not.toMatch(/<img src="?x"? onerror/);
    }
    expect(read('zh_TW/about/index.html')).toContain('關於&lt;script&gt;alert(7)&lt;/script&gt;');
    expect(read('zh_TW/event/2023-beach-cleanup/index.html')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders Markdown with raw HTML off and no javascript: links', () => {
    const html = read('zh_TW/event/2023-beach-cleanup/index.html');
    const api = read('api/events/2023-beach-cleanup.json');
    for (const text of [html, api]) {
      expect(text).not.toMatch(/<script>alert\(3\)/);
      expect(text).not.toMatch(/onerror="alert/);
      expect(text).not.toMatch(/href=\\?"javascript:/i);
    }
    expect(html).toContain('&lt;script&gt;alert(3)&lt;/script&gt;');
  });
});
