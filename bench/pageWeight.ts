/**
 * What a first visit to a built page downloads before the reader touches or scrolls anything, read
 * from the built files alone: the HTML, its stylesheets, and its JavaScript — its scripts (the
 * client entry), the chunks the page preloads, each plain widget's chunk (they start at once), and
 * for each island that wakes without being touched (`load`, `idle`, and `visible`, counted as if in
 * view) the widget's chunk, each with every chunk it imports statically (followed through the
 * `import` statements of the files in out/_esg). An island that wakes on interaction, or on a
 * search the address does not carry, is not counted. Used by bench/weight.ts and the budget tests.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  kind: string;
  path: string;
  html: Bytes;
  css: Bytes;
  /** Client entry, preloaded chunks and the chunks of the plain widgets and of the islands that wake untouched. */
  js: Bytes;
  /** The addresses of those scripts. */
  scripts: string[];
  /** The page's islands and when each wakes (widgets/registry.ts, `Wake`). */
  islands: { name: string; wake: string }[];
}

/** The page-weight budgets (docs/product.md, "Quality targets"), in gzip bytes (1 KB = 1,000 bytes). */
export const budgets = { firstLoadJs: 20_000, furtherWidget: 10_000, css: 20_000, html: 30_000 };

/** Islands that wake before the reader does anything. */
export const wakesUntouched = (wake: string) => ['load', 'idle', 'visible'].includes(wake);

/** One page of each kind of the sample site; the first address of each list that was built is measured. */
export const pageKinds: [kind: string, candidates: string[]][] = [
  ['home', ['/zh_TW']],
  ['article', ['/zh_TW/about']],
  ['focus', ['/zh_TW/focus/climate/energy', '/zh_TW/focus/care/safe']],
  ['report', ['/zh_TW/report/gri']],
  ['event list', ['/zh_TW/event']],
  ['event', ['/zh_TW/event/2024-employee-family-day', '/zh_TW/event/2023-blood-drive']],
  ['search', ['/zh_TW/search']],
  ['downloads', ['/zh_TW/report-download']],
  ['sustainable', ['/zh_TW/sustainable']],
  ['performance', ['/zh_TW/performance']],
  ['metrics data', ['/zh_TW/performance/data']],
  ['targets', ['/zh_TW/targets']],
  ['materiality', ['/zh_TW/materiality-analyze']],
  ['quiz', ['/zh_TW/qa/qa']],
  ['quiz form', ['/zh_TW/qa/qa-form']],
  ['quiz result', ['/zh_TW/qa/qa-result']],
  ['survey', ['/zh_TW/questionnaire/basic']],
  ['survey topics', ['/zh_TW/questionnaire/questions']],
  ['English guard', ['/en/chairman', '/en/company']],
  ['404', ['/zh_TW/404']],
];

/** gzip at level 9, as a static host pre-compresses files. */
export function sizeOf(text: string | Buffer): Bytes {
  const buffer = typeof text === 'string' ? Buffer.from(text) : text;
  return { raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
}

const sum = (list: Bytes[]): Bytes => list.reduce((total, item) => ({ raw: total.raw + item.raw, gzip: total.gzip + item.gzip }), { raw: 0, gzip: 0 });

/** The built HTML file of an address: /zh_TW/about → out/zh_TW/about/index.html. */
export function htmlFileOf(outDir: string, path: string): string | undefined {
  return [join(outDir, path, 'index.html'), join(outDir, `${path}.html`)].find((file) => existsSync(file));
}

export class BuiltSite {
  private readonly texts = new Map<string, string>();
  constructor(readonly outDir: string) {}

  /** A file of the site by its address (`/_esg/client-X.js`). */
  file(url: string): string {
    let text = this.texts.get(url);
    if (text === undefined) this.texts.set(url, (text = readFileSync(join(this.outDir, url), 'utf8')));
    return text;
  }

  /** A page's HTML by its address (`/zh_TW/about`). */
  html(path: string): string {
    return readFileSync(htmlFileOf(this.outDir, path)!, 'utf8');
  }

  /** The island loaders of the client entry: widget name → its chunk's address. */
  widgetChunks(entry: string): Map<string, string> {
    const chunks = new Map<string, string>();
    for (const match of this.file(entry).matchAll(/([A-Za-z]+):\(\)=>import\("\.\/([^"]+)"\)/g)) chunks.set(match[1]!, `/_esg/${match[2]}`);
    return chunks;
  }

  /** The chunk that hydrates islands, with React: the entry's one dynamic import besides the widgets'. */
  hydrator(entry: string): string {
    const widgets = new Set(this.widgetChunks(entry).values());
    return this.dynamicImports(entry).find((chunk) => !widgets.has(chunk))!;
  }

  /** A chunk and every chunk it imports statically, transitively. */
  staticClosure(url: string, into = new Set<string>()): Set<string> {
    if (into.has(url)) return into;
    into.add(url);
    for (const match of this.file(url).matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)) this.staticClosure(`/_esg/${match[1]}`, into);
    return into;
  }

  /** The chunks a file loads later with `import()`. */
  dynamicImports(url: string): string[] {
    return [...this.file(url).matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => `/_esg/${match[1]}`);
  }

  /** Everything a first visit to the page downloads, by kind. */
  pageWeight(kind: string, path: string): PageWeight {
    const html = this.html(path);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
    const found = [...html.matchAll(/data-island="([^"]+)" data-hydrate="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);
    const islands = [...new Set(found)].map((island) => ({ name: island.split(' ')[0]!, wake: island.split(' ')[1]! }));
    const plain = new Set([...html.matchAll(/data-widget="([^"]+)"/g)].map((match) => match[1]!));
    const scripts = new Set<string>();
    for (const [, tag, url] of html.matchAll(/<script([^>]*) src="(\/[^"]+)"/g)) {
      if (tag!.includes('type="module"')) this.staticClosure(url!, scripts);
      else scripts.add(url!);
    }
    if (entry) {
      for (const url of preloads) this.staticClosure(url, scripts);
      const chunks = this.widgetChunks(entry);
      const woken = islands.filter((island) => wakesUntouched(island.wake));
      if (woken.length) this.staticClosure(this.hydrator(entry), scripts);
      for (const name of [...woken.map((island) => island.name), ...plain]) this.staticClosure(chunks.get(name)!, scripts);
    }
    return {
      kind,
      path,
      html: sizeOf(html),
      css: sum(styles.map((url) => sizeOf(this.file(url)))),
      js: sum([...scripts].map((url) => sizeOf(this.file(url)))),
      scripts: [...scripts].sort(),
      islands,
    };
  }

  /**
   * What waking islands adds after the first load: React with the code that hydrates, once, by the
   * first island to wake; then each widget (a widget of another page, or a dialog opened on demand)
   * its chunks not already in `loaded` or React's.
   */
  furtherWidgets(entry: string, loaded: Set<string>): { react: Bytes; widgets: { name: string; js: Bytes }[] } {
    const react = [...this.staticClosure(this.hydrator(entry))].filter((chunk) => !loaded.has(chunk));
    const known = new Set([...loaded, ...react]);
    const widgets: { name: string; js: Bytes }[] = [];
    const visit = (name: string, url: string) => {
      const extra = [...this.staticClosure(url)].filter((chunk) => !known.has(chunk));
      widgets.push({ name, js: sum(extra.map((chunk) => sizeOf(this.file(chunk)))) });
      this.dynamicImports(url).forEach((lazy, index) => visit(`${name} → lazy ${index + 1}`, lazy));
    };
    for (const [name, url] of this.widgetChunks(entry)) visit(name, url);
    return { react: sum(react.map((chunk) => sizeOf(this.file(chunk)))), widgets };
  }

  /** The chunks the first load of the page downloads. */
  firstLoadChunks(path: string): Set<string> {
    const html = this.html(path);
    const entry = /<script type="module" src="([^"]+)"/.exec(html)![1]!;
    const loaded = new Set<string>();
    for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) this.staticClosure(match[1]!, loaded);
    this.staticClosure(entry, loaded);
    return loaded;
  }
}

/** The address of every page of a built site, in every locale: each HTML file but the hashed folder's. */
export function everyPage(outDir: string): string[] {
  const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html') && !file.startsWith('_esg'));
  return pages.map((file) => `/${file.split('\\').join('/')}`.replace(/(\/index)?\.html$/, '') || '/').sort();
}

/** A page kind's address in another locale: `/zh_TW/about` → `/en/about`. */
export const inLocale = (path: string, locale: string) => path.replace(/^\/zh_TW/, `/${locale}`);

/** Every page kind of the site that was built, measured. */
export function measureSite(outDir: string): { site: BuiltSite; pages: PageWeight[] } {
  const site = new BuiltSite(outDir);
  const pages = pageKinds.flatMap(([kind, candidates]) => {
    const path = candidates.find((candidate) => htmlFileOf(outDir, candidate));
    return path ? [site.pageWeight(kind, path)] : [];
  });
  return { site, pages };
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
