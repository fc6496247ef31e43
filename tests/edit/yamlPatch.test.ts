import { readFileSync } from 'node:fs';
import { walk } from '../../cli/content/walk.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { alignLists, patchYaml } from '../../cli/edit/yamlPatch.ts';
import { sampleContent } from '../helpers/site.ts';
import { changedLines } from './editor.ts';

const chairman = readFileSync(join(sampleContent, 'zh_TW/pages/chairman.yaml'), 'utf8');

/** The sample chairman page with `edit` applied to its data, written back by patchYaml. */
function edited(edit: (data: any) => void, text = chairman): string {
  const data = parse(text);
  edit(data);
  const patched = patchYaml(text, data);
  expect(parse(patched)).toEqual(data);
  return patched;
}

const small = `# a comment on top
title: "Quoted title" # kept
kicker: plain
tags: [SDG 7, SDG 13]
figures:
  - { value: "12", unit: 件 }
sections:
  # the first section
  - id: one
    heading: One
    text: |-
      first line

      second line
  - id: two
    heading: Two
`;

describe('patchYaml: only what changed is written again', () => {
  it('changes one heading of a sample page as one line', () => {
    const after = edited((data) => (data.sections[0].heading = '新的標題'));
    expect(changedLines(chairman, after)).toEqual([8]);
    expect(after.split('\n')[7]).toBe('    heading: 新的標題');
  });

  it('keeps a double-quoted string quoted, its comment and every comment of the file', () => {
    const after = edited((data) => (data.title = 'New title'), small);
    expect(changedLines(small, after)).toEqual([2]);
    expect(after.split('\n')[1]).toBe('title: "New title" # kept');
    expect(after).toContain('# a comment on top\n');
    expect(after).toContain('  # the first section\n');
  });

  it('quotes a plain string that would read back as something else', () => {
    expect(edited((data) => (data.kicker = '2024'), small).split('\n')[2]).toBe('kicker: "2024"');
    expect(edited((data) => (data.kicker = 'a: b'), small).split('\n')[2]).toBe('kicker: "a: b"');
  });

  it('rewrites a block text as a block, at its indentation', () => {
    const after = edited((data) => (data.sections[0].text = 'only\n\nlines'), small);
    expect(after).toContain('    text: |-\n      only\n\n      lines\n  - id: two\n');
  });

  it('changes a flow list and a flow map on their own line, in their own style', () => {
    const tags = edited((data) => data.tags.push('SDG 12'), small);
    expect(changedLines(small, tags)).toEqual([4]);
    expect(tags.split('\n')[3]).toBe('tags: [SDG 7, SDG 13, SDG 12]');
    const unit = edited((data) => (data.figures[0].unit = '項'), small);
    expect(unit.split('\n')[5]).toBe('  - { value: "12", unit: 項 }');
  });

  it('adds a key after the key before it and removes one as its lines, the rest unchanged', () => {
    const added = edited((data) => {
      const { title, ...rest } = data;
      for (const key of Object.keys(data)) delete data[key];
      Object.assign(data, { title, subtitle: 'Sub', ...rest });
    }, small);
    expect(added.split('\n').slice(0, 4)).toEqual(['# a comment on top', 'title: "Quoted title" # kept', 'subtitle: Sub', 'kicker: plain']);
    expect(added.split('\n').length).toBe(small.split('\n').length + 1);
    const removed = edited((data) => delete data.kicker, small);
    expect(removed).toBe(small.replace('kicker: plain\n', ''));
  });

  it('keeps the file’s key order when the data comes in another order', () => {
    const reordered = parse(small);
    const shuffled = Object.fromEntries(Object.entries(reordered).reverse());
    expect(patchYaml(small, shuffled)).toBe(small);
  });

  it('inserts and removes list items as whole blocks, keeping the others with their comments', () => {
    const inserted = edited((data) => data.sections.splice(1, 0, { id: 'new', heading: 'New' }), small);
    expect(inserted).toContain('    heading: One\n    text: |-\n      first line\n\n      second line\n  - id: new\n    heading: New\n  - id: two\n');
    const removed = edited((data) => data.sections.splice(0, 1), small);
    expect(removed).toContain('sections:\n  # the first section\n  - id: two\n    heading: Two\n');
    const first = edited((data) => delete data.sections[1].id, small);
    expect(first).toContain('  - heading: Two\n');
  });

  it('writes an emptied list and a changed type through the parent key', () => {
    expect(edited((data) => (data.tags = []), small)).toContain('tags: []\n');
    expect(edited((data) => (data.sections = 'none'), small)).toBe(`${small.slice(0, small.indexOf('sections:'))}sections: none\n`);
  });
});

describe('patchYaml over every sample file', () => {
  const files = walk(sampleContent).filter((path) => path.endsWith('.yaml') && !path.startsWith('assets/'));

  /** The path of every one-line string of the data, in order. */
  function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
    if (typeof value === 'string') return value.includes('\n') ? [] : [path];
    if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
    return [];
  }

  it.each(files)('%s: changing its first, middle and last one-line text changes one line each', (file) => {
    const text = readFileSync(join(sampleContent, file), 'utf8');
    const paths = stringPaths(parse(text));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of [paths[0]!, paths[paths.length >> 1]!, paths[paths.length - 1]!]) {
      const after = edited((data) => {
        const parent = path.slice(0, -1).reduce((node, key) => node[key], data);
        parent[path[path.length - 1]!] += '（改）';
      }, text);
      expect(changedLines(text, after), path.join('.')).toHaveLength(1);
    }
  });
});

describe('alignLists', () => {
  it('keeps equal items, changes items in place pair by pair, then inserts or removes', () => {
    expect(alignLists(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { kind: 'same', before: 0, after: 0 },
      { kind: 'change', before: 1, after: 1 },
      { kind: 'same', before: 2, after: 2 },
      { kind: 'insert', after: 3, beforeIndex: 3 },
    ]);
    expect(alignLists(['a', 'b'], ['b'])).toEqual([
      { kind: 'remove', before: 0 },
      { kind: 'same', before: 1, after: 0 },
    ]);
  });
});
