import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/site.ts';

/**
 * Rules of the code's shape (docs/architecture.md, "Folders"), checked on the sources themselves so
 * that a change breaking one fails here, with the place named.
 */

/** Every .ts/.tsx/.js file under the project's folders, as paths relative to the project. */
function sources(...folders: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(repoRoot, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(repoRoot, path)).isDirectory()) return walk(path);
      return /\.(tsx?|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
  return folders.flatMap(walk);
}

const text = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

/** The project files a module imports (static, type-only, re-exports and dynamic imports of a literal). */
function importsOf(path: string): string[] {
  const specifiers = [...text(path).matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
  return projectFiles(path, specifiers);
}

/** The project files a module imports for more than their types: `import type` and `export type` left out. */
function valueImportsOf(path: string): string[] {
  const statements = /^\s*(?:import|export)(\s+type\b)?[^;'"]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/gm;
  const specifiers = [...text(path).matchAll(statements)].flatMap((match) => (match[1] ? [] : [(match[2] ?? match[3] ?? match[4])!]));
  return projectFiles(path, specifiers);
}

function projectFiles(path: string, specifiers: string[]): string[] {
  return specifiers
    .filter((specifier) => specifier.startsWith('.') && !specifier.includes('${'))
    .map((specifier) => relative(repoRoot, resolve(repoRoot, dirname(path), specifier)));
}

/** The most modules one chain of imports passes through, from the module that imports to the last one imported: the floors of the graph. */
function floors(graph: Map<string, string[]>): { count: number; chain: string[] } {
  const longest = new Map<string, string[]>();
  const chainFrom = (node: string): string[] => {
    const known = longest.get(node);
    if (known) return known;
    const below = (graph.get(node) ?? [])
      .filter((next) => graph.has(next))
      .map(chainFrom)
      .reduce<string[]>((a, b) => (b.length > a.length ? b : a), []);
    const chain = [node, ...below];
    longest.set(node, chain);
    return chain;
  };
  const chain = [...graph.keys()].map(chainFrom).reduce<string[]>((a, b) => (b.length > a.length ? b : a), []);
  return { count: chain.length, chain };
}

/** The strongly connected groups of more than one module (or a module importing itself): the cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const code = sources('cli', 'templates', 'widgets', 'editor', 'schemas');
const graph = new Map(code.map((path) => [path, importsOf(path)]));

describe('layers', () => {
  it('finds the imports it checks', () => {
    expect(graph.get('cli/build/stages/05-routes.ts')).toContain('cli/build/model/pageKinds.tsx');
    expect(graph.get('templates/pages/ArticlePage.tsx')).toContain('schemas/types.ts');
  });

  it('has no import cycle in cli/, templates/, widgets/, editor/ or schemas/', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('imports one way: templates and widgets never import cli/, the browser code (widgets/, editor/) no server code, schemas/ none of them', () => {
    const wrong = [...graph].flatMap(([from, targets]) =>
      targets
        .filter(
          (target) =>
            ((from.startsWith('templates/') || from.startsWith('widgets/')) && target.startsWith('cli/')) ||
            (from.startsWith('editor/') && /^(cli|templates)\//.test(target)) ||
            (from.startsWith('widgets/') && /^(templates|editor)\//.test(target)) ||
            (from.startsWith('schemas/') && /^(cli|templates|widgets|editor)\//.test(target)),
        )
        .map((target) => `${from} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the build', () => {
  const orchestrator = 'cli/build/index.ts';
  const stagesFolder = 'cli/build/stages/';
  const stageNames = readdirSync(join(repoRoot, stagesFolder)).sort();
  /** The stage a module belongs to (`06-references`), undefined for the orchestrator and the helpers. */
  const stageOf = (path: string) =>
    path.startsWith(stagesFolder)
      ? path
          .slice(stagesFolder.length)
          .split('/')[0]!
          .replace(/\.tsx?$/, '')
      : undefined;
  const buildGraph = new Map([...graph].filter(([path]) => path.startsWith('cli/build/')));

  it('runs its stages in the order of their numbers, each a module or a folder with an index the orchestrator imports', () => {
    expect(stageNames.length).toBeGreaterThanOrEqual(10);
    stageNames.forEach((name, at) => {
      expect(name).toMatch(new RegExp(`^${String(at + 1).padStart(2, '0')}-[a-z]+(\\.tsx?)?$`));
      const entry = /\.tsx?$/.test(name) ? `${stagesFolder}${name}` : `${stagesFolder}${name}/index.ts`;
      expect(valueImportsOf(orchestrator), name).toContain(entry);
    });
  });

  it('imports a stage, for more than its types, from the orchestrator only: neither another stage nor a helper imports one', () => {
    const wrong = [...buildGraph.keys()].flatMap((from) =>
      valueImportsOf(from)
        .filter((target) => from !== orchestrator && stageOf(target) !== undefined && stageOf(target) !== stageOf(from))
        .map((target) => `${from} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('shares nothing with the servers from inside its folder: they import the build itself only', () => {
    const servers = [...graph.keys()].filter((path) => /^cli\/(server|edit|http)\//.test(path));
    expect(servers).toContain('cli/server/dev.ts');
    const wrong = servers.flatMap((from) =>
      importsOf(from)
        .filter((target) => target.startsWith('cli/build/') && target !== orchestrator)
        .map((target) => `${from} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('has at most 8 floors of imports inside its folder', () => {
    const { count, chain } = floors(buildGraph);
    expect(count, chain.join(' → ')).toBeLessThanOrEqual(8);
    expect(count).toBeGreaterThanOrEqual(4);
  });

  it('counts floors and tells types from values as it should', () => {
    const chain = new Map([
      ['a', ['b', 'd']],
      ['b', ['c']],
      ['c', []],
      ['d', []],
    ]);
    expect(floors(chain)).toEqual({ count: 3, chain: ['a', 'b', 'c'] });
    expect(valueImportsOf('cli/build/stages/12-search.ts')).toContain('cli/siteFiles.ts');
    expect(importsOf('cli/build/stages/09-render.tsx')).toContain('cli/siteFiles.ts');
    expect(valueImportsOf('cli/build/stages/09-render.tsx')).not.toContain('cli/siteFiles.ts');
  });
});

/**
 * The lines of a module that keep something at its top level, between the builds of a process: a
 * `let`, a Map or a Set that is not read-only, an empty list or object to fill, an object made
 * at load. What the process keeps belongs in a build session (cli/build/session.ts); what depends
 * on the code alone is `once(…)` (cli/once.ts).
 */
function moduleState(source: string): string[] {
  const kept = [
    /^(export )?(let|var) /,
    /^(export )?const \w+(?!: Readonly(Set|Map)<)(: [^=]+)? = new (Map|Set|WeakMap|WeakSet)\b/,
    /^(export )?const \w+(: [^=]+)? = (\[\]|\{\});/,
    /^(export )?const \w+(: [^=]+)? = new (?!(TextEncoder|TextDecoder|RegExp|Map|Set|WeakMap|WeakSet)\b)[A-Z]\w*\(/,
  ];
  return source.split('\n').filter((line) => kept.some((pattern) => pattern.test(line)));
}

describe('a build keeps nothing of its own', () => {
  it('has no module-level state in cli/build/: what a process keeps from build to build is its session’s', () => {
    const found = sources('cli/build').flatMap((path) => moduleState(text(path)).map((line) => `${path}: ${line}`));
    expect(found).toEqual([]);
  });

  it('finds such state when there is some', () => {
    const module = [
      'let last: string | undefined;',
      'const fingerprints = new Map<string, string>();',
      'const seen: Set<string> = new Set();',
      'const made = new WeakMap<object, string>();',
      'const queue: string[] = [];',
      'const thread = new Worker(file);',
      'export let count = 0;',
      "const tags: ReadonlySet<string> = new Set(['a']);",
      'const utf8 = new TextEncoder();',
      'const pairs = once(() => table());',
      '  let inside = 0;',
    ].join('\n');
    expect(moduleState(module)).toEqual(module.split('\n').slice(0, 7));
  });
});

describe('browser code typed apart', () => {
  it("compiles widgets/ and editor/ without Node's types, so an import of node:fs there fails npm run typecheck", () => {
    const listed = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(repoRoot, 'tsconfig.browser.json'), '--listFilesOnly'],
      { encoding: 'utf8' },
    );
    expect(listed.status, listed.stderr).toBe(0);
    const files = listed.stdout.split('\n');
    expect(files.some((file) => file.includes('/widgets/'))).toBe(true);
    expect(files.some((file) => file.includes('/editor/App.tsx'))).toBe(true);
    expect(files.filter((file) => file.includes('@types/node'))).toEqual([]);
  });
});

describe('typed content', () => {
  it('casts no content data to a content type: loading a kind gives its type', () => {
    const contentTypes = [...text('schemas/types.ts').matchAll(/^export type (\w+) =/gm)].map((match) => match[1]!);
    expect(contentTypes).toContain('Article');
    const cast = new RegExp(`\\bas (?:Partial<)?(?:ContentDocument<[^>]*>|${contentTypes.join('|')})\\b`);
    const found = sources('cli', 'templates', 'widgets', 'editor').flatMap((path) =>
      text(path)
        .split('\n')
        .flatMap((line, at) => (cast.test(line) ? [`${path}:${at + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('one way to run the code', () => {
  // Each construct is named here in parts, so this file does not match itself.
  const forbidden: [string, RegExp][] = [
    ['evaluated code', new RegExp(['\\be', 'val\\(', '|new ', 'Function\\b'].join(''))],
    ['forced garbage collection', new RegExp(['--expose', '-gc'].join(''))],
    ["a library's private index", new RegExp(['\\._', 'index\\b|\\._', 'tree\\b'].join(''))],
    ['a patched response head', new RegExp(['write', 'Head'].join(''))],
    ['code run from a string', new RegExp(['[\'"]-', 'e[\'"]|--input-', 'type'].join(''))],
  ];
  const files = sources('cli', 'templates', 'widgets', 'editor', 'schemas', 'scripts', 'bin', 'tests', 'bench');

  it.each(forbidden)('nowhere in the project: %s', (_name, pattern) => {
    const found = files.filter((path) => pattern.test(text(path)));
    expect(found).toEqual([]);
  });

  it('checks the project files', () => {
    expect(files).toContain('cli/main.ts');
    expect(files).toContain('tests/architecture/codebase.test.ts');
  });
});
