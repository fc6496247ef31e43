import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/site.ts';

/**
 * MiniSearch is used with a patch (patches/, applied by patch-package at `npm install`): its term
 * tree finds a node's child by its first character instead of scanning every child, and toJSON
 * writes each term's counts compactly. The patch is made for one exact version; these tests fail
 * when it was not applied, or when MiniSearch changed under it.
 */
const packageJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { version: string; dependencies: Record<string, string> };
const installed = packageJson(join(repoRoot, 'node_modules/minisearch/package.json')).version;
const patchFiles = readdirSync(join(repoRoot, 'patches')).filter((name) => name.startsWith('minisearch+'));

/** The text of each hunk of a patch as it reads once applied: its context and added lines. */
function patchedTexts(patch: string): { file: string; text: string }[] {
  const texts: { file: string; text: string }[] = [];
  let file = '';
  for (const part of patch.split(/^(?=@@ |\+\+\+ )/m)) {
    if (part.startsWith('+++ ')) file = part.slice('+++ b/'.length, part.indexOf('\n'));
    if (!part.startsWith('@@ ')) continue;
    const lines = part.split('\n').slice(1).filter((line) => line.startsWith(' ') || line.startsWith('+'));
    texts.push({ file, text: lines.map((line) => line.slice(1)).join('\n') });
  }
  return texts;
}

describe('the MiniSearch patch', () => {
  it('is made for the exact version package.json pins and npm installed', () => {
    expect(patchFiles).toEqual([`minisearch+${installed}.patch`]);
    expect(packageJson(join(repoRoot, 'package.json')).dependencies.minisearch).toBe(installed);
  });

  it('is applied to the MiniSearch the project imports', () => {
    const texts = patchedTexts(readFileSync(join(repoRoot, 'patches', patchFiles[0]!), 'utf8'));
    expect(texts.length).toBeGreaterThan(3);
    const imported = fileURLToPath(import.meta.resolve('minisearch'));
    for (const { file, text } of texts) {
      expect(join(repoRoot, file)).toBe(imported);
      expect(readFileSync(imported, 'utf8')).toContain(text);
    }
  });

  it('finds every term and prefix among thousands of children of a node, as terms are added and removed', () => {
    // Terms of one to three characters out of 2,000 CJK ones: the root gets about 2,000 children,
    // and shared first characters split and merge nodes as documents come and go.
    let seed = 7;
    const random = (below: number) => (seed = (seed * 48271) % 2147483647) % below;
    const term = () => Array.from({ length: 1 + random(3) }, () => String.fromCharCode(0x4e00 + random(2000))).join('');
    const documents = Array.from({ length: 2000 }, (_, id) => ({ id, text: Array.from({ length: 4 }, term).join(' ') }));
    const index = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], tokenize: (text) => text.split(' ') });
    const expectFinds = (present: { id: number; text: string }[]) => {
      const ids = (found: { id: number }[]) => found.map((hit) => hit.id).sort((a, b) => a - b);
      const terms = [...new Set(documents.flatMap((document) => document.text.split(' ')))];
      for (const query of terms.filter((_, at) => at % 31 === 0)) {
        const expected = present.filter((document) => document.text.split(' ').includes(query)).map((document) => document.id);
        expect(ids(index.search(query, { prefix: false })), query).toEqual(expected);
        const prefix = query[0]!;
        const withPrefix = present.filter((document) => document.text.split(' ').some((word) => word.startsWith(prefix))).map((document) => document.id);
        expect(ids(index.search(prefix, { prefix: true })), prefix).toEqual(withPrefix);
      }
    };
    index.addAll(documents);
    expectFinds(documents);
    const removed = documents.filter((document) => document.id % 3 === 0);
    index.removeAll(removed);
    expectFinds(documents.filter((document) => document.id % 3 !== 0));
    index.addAll(removed);
    expectFinds(documents);
    index.removeAll();
    index.addAll(removed);
    expectFinds(removed);
  });

  it("writes each term's counts as MiniSearch does", () => {
    const index = new MiniSearch<{ id: string; title: string; text: string }>({ fields: ['title', 'text'] });
    index.addAll([{ id: 'a', title: 'solar', text: 'solar roof solar' }, { id: 'b', title: 'wind', text: 'roof' }, { id: 'c', title: 'roof', text: 'solar' }]);
    const json = index.toJSON();
    // As unpatched MiniSearch 7.2.0 writes it.
    expect(JSON.stringify(json.index)).toBe('[["wind",{"0":{"1":1}}],["roof",{"0":{"2":1},"1":{"0":1,"1":1}}],["solar",{"0":{"0":1},"1":{"0":2,"2":1}}]]');
    const loaded = MiniSearch.loadJS(json, { fields: ['title', 'text'] });
    for (const query of ['roof', 'sol', 'wind solar']) expect(loaded.search(query, { prefix: true })).toEqual(index.search(query, { prefix: true }));
  });
});
