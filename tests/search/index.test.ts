import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sectionsOfPage } from '../../cli/build/search/sections.ts';
import type { ResultKind } from '../../widgets/search/engine.ts';
import { readIndexFiles } from './indexFiles.ts';
import { page } from '../helpers/html.ts';
import { buildSample, contentCopy, editContent } from '../helpers/site.ts';

describe('sections of a rendered page', () => {
  const html = `<html><head><title>Water | Site</title></head><body><header><h2>menu</h2></header><main id="main">
    <article><header><h1>水資源管理</h1><p class="lead">前言文字</p></header>
    <section id="focus341"><h2 id="focus341-title">管理策略</h2><p>節水目標<span class="visually-hidden">（另開新視窗）</span></p>
      <section><h3>取水</h3><p>取水量</p><button>按鈕</button></section></section>
    <section class="event-others" data-search-skip=""><h2>其他活動</h2><p>別的</p></section>
    <h2>沒有錨點</h2><p>GRI<strong>303</strong>-3</p></article></main><footer><h2>footer</h2></footer></body></html>`;
  const { title, sections } = sectionsOfPage(html);

  it('splits <main> at h2 and h3, keeping the intro, the lead apart, the nearest id as anchor and the parent heading', () => {
    expect(title).toBe('水資源管理');
    expect(sections.map((section) => [section.heading, section.headings, section.anchor, section.lead, section.text])).toEqual([
      ['', '', '', '前言文字', ''],
      ['管理策略', '管理策略', 'focus341', '', '節水目標'],
      ['取水', '管理策略 / 取水', 'focus341', '', '取水量'],
      ['沒有錨點', '沒有錨點', '', '', 'GRI303-3'],
    ]);
  });

  it('leaves out what templates mark as quoting other pages: event cards, chapter links', () => {
    const quoted = sectionsOfPage(
      `<main><h1>首頁</h1><p>自己的話</p><article class="event-card" data-search-skip=""><h3>別的活動</h3><p>摘要</p></article><a class="chapter-link" data-search-skip="">別的章節</a></main>`,
    );
    expect(quoted.sections).toEqual([{ heading: '', headings: '', anchor: '', lead: '', text: '自己的話', listing: '' }]);
  });

  it("reads a topic page's description with its lead, where it says what the page is about, unless the page says it already", () => {
    const described = (description: string, main: string, kind: ResultKind = 'focus') =>
      sectionsOfPage(`<html><head><title>T</title><meta name="description" content="${description}"/></head><body><main>${main}</main></body></html>`, kind)
        .sections;
    expect(described('訂定2050年淨零排放目標 &amp; 路徑', '<h1>氣候</h1><p class="lead">前言</p><h2>治理</h2><p>內文</p>')[0]).toMatchObject({
      heading: '',
      lead: '訂定2050年淨零排放目標 & 路徑 前言',
    });
    // A page with no text before its first heading gets a section for its description alone.
    expect(described('說明', '<h1>氣候</h1><h2>治理</h2><p>內文</p>').map((section) => [section.heading, section.lead])).toEqual([
      ['', '說明'],
      ['治理', ''],
    ]);
    expect(described('前言全文', '<h1>氣候</h1><p class="lead">前言全文</p>')[0]!.lead).toBe('前言全文');
    // An event's description is its summary, shown by the event list; a summary's or an index's says what it lists.
    for (const kind of ['event', 'summary', 'report', 'hub'] as const) expect(described('摘要', '<h1>活動</h1><p>內文</p>', kind)[0]!.lead).toBe('');
  });
});

describe('the search stage of a build', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await buildSample();
  });
  const indexOf = (locale: string) => {
    const { coreUrl, shardUrls, core } = readIndexFiles(outDir, locale);
    return { url: coreUrl, shardUrls, file: core };
  };
  const storedPaths = (locale: string) => readIndexFiles(outDir, locale).pages.map(([path]) => path);

  it('writes a hashed index core and term shards per locale and gives the search page their addresses', () => {
    for (const locale of ['zh_TW', 'zh_CN']) {
      const { url, shardUrls } = indexOf(locale);
      const html = readFileSync(join(outDir, locale, 'search/index.html'), 'utf8');
      const built = page(html);
      const props = built.islandProps(built.byClass('search-results-island')[0]!) as { indexUrl: string; shardUrls: string };
      expect(props.indexUrl).toBe(url);
      expect(props.shardUrls.split(' ')).toEqual(shardUrls);
      expect(shardUrls.length).toBeGreaterThanOrEqual(16);
      expect(shardUrls.length).toBeLessThanOrEqual(256);
      // Only the core is preloaded: the shards depend on the query.
      expect(html).toContain(`<link rel="preload" as="fetch" href="${url}" crossorigin="anonymous"/>`);
      expect(html).not.toContain('rel="preload" as="fetch" href="/_esg/search-zh_TW-t');
      expect(html).not.toContain('@esg-search-');
    }
    expect(indexOf('en').file.locale).toBe('en');
    expect(indexOf('en').shardUrls.length).toBeGreaterThanOrEqual(1);
  });

  it("preloads the results' code and the engine on the search page alone: a query's results wait for no chunk after the entry", () => {
    const html = readFileSync(join(outDir, 'zh_TW/search/index.html'), 'utf8');
    const lowPreloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchPriority="low"\/>/g)].map((match) => match[1]!);
    const entry = /<script type="module" src="([^"]+)"/.exec(html)![1]!;
    // The entry loads the results' chunk, which loads the engine: both are among the preloads.
    const resultsChunk = /SearchResults:\(\)=>import\("\.\/([^"]+)"\)/.exec(readFileSync(join(outDir, entry), 'utf8'))![1]!;
    expect(lowPreloads).toContain(`/_esg/${resultsChunk}`);
    const engine = /import\("\.\/([^"]+\.js)"\)/.exec(readFileSync(join(outDir, '_esg', resultsChunk), 'utf8'))![1]!;
    expect(lowPreloads).toContain(`/_esg/${engine}`);
    expect(readFileSync(join(outDir, 'zh_TW/about/index.html'), 'utf8')).not.toContain('fetchPriority="low"');
  });

  it('loads the index only on the search page', () => {
    const { url } = indexOf('zh_TW');
    expect(readFileSync(join(outDir, 'zh_TW/about/index.html'), 'utf8')).not.toContain(url);
    const client = readdirSync(join(outDir, '_esg'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(outDir, '_esg', file), 'utf8'));
    expect(client.some((code) => code.includes('search-zh_TW-'))).toBe(false);
  });

  it('indexes real pages only: no guard pages, 404 pages or the search page', () => {
    const zhPaths = storedPaths('zh_TW');
    expect(zhPaths).toContain('/zh_TW/focus/climate/energy');
    expect(
      readIndexFiles(outDir, 'zh_TW')
        .pages.find(([path]) => path === '/zh_TW/focus/climate/energy')![2]
        .map(([, anchor]) => anchor),
    ).toContain('focus321');
    expect(zhPaths.some((path) => path.startsWith('/zh_TW/search'))).toBe(false);
    const enPaths = storedPaths('en');
    expect(enPaths).toContain('/en/about');
    expect(enPaths.some((path) => path.startsWith('/en/chairman') || path.startsWith('/en/search'))).toBe(false);
  });

  it('leaves out the component gallery, a page for designers, in every locale', () => {
    for (const locale of ['zh_TW', 'zh_CN']) {
      expect(existsSync(join(outDir, locale, 'components/index.html'))).toBe(true);
      expect(storedPaths(locale).filter((path) => path.includes('/components'))).toEqual([]);
    }
  });

  it('leaves out a page its editor marks siteSearch: false, and it stays on the site', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/pages/kiwi.yaml', (text) => text.replace(/^title: /m, 'siteSearch: false\ntitle: '));
    const marked = await buildSample(content);
    expect(existsSync(join(marked, 'zh_TW/kiwi/index.html'))).toBe(true);
    expect(storedPaths('zh_TW')).toContain('/zh_TW/kiwi');
    const paths = readIndexFiles(marked, 'zh_TW').pages.map(([path]) => path);
    expect(paths).not.toContain('/zh_TW/kiwi');
    expect(paths).toContain('/zh_TW/about');
    // Its zh_CN conversion follows the zh_TW file.
    expect(readIndexFiles(marked, 'zh_CN').pages.map(([path]) => path)).not.toContain('/zh_CN/kiwi');
  });

  it("tells each page's kind: focus topics, events, report indexes, downloads, summaries, hubs", () => {
    const { pages, core } = readIndexFiles(outDir, 'zh_TW');
    const kindOf = (path: string) => core.pageKinds[pages.findIndex(([stored]) => stored === path)];
    expect(
      [
        '/zh_TW',
        '/zh_TW/event',
        '/zh_TW/focus/climate/energy',
        '/zh_TW/event/2023-safety-week',
        '/zh_TW/report/gri',
        '/zh_TW/report-download',
        '/zh_TW/about',
        '/zh_TW/performance',
        '/zh_TW/performance/2',
        '/zh_TW/targets',
        '/zh_TW/sustainable',
      ].map(kindOf),
    ).toEqual(['h', 'h', 'f', 'e', 'r', 'd', 't', 's', 's', 's', 's']);
  });

  it('keeps the Simplified index in Simplified script', () => {
    const titles = readIndexFiles(outDir, 'zh_CN')
      .pages.map(([, title]) => title)
      .join('');
    expect(titles).toContain('环境');
    expect(titles).not.toContain('環境');
  });

  it('explains without JavaScript that search needs it, with the five recommended searches and the box in its HTML', () => {
    const html = readFileSync(join(outDir, 'zh_TW/search/index.html'), 'utf8');
    const noscript = html.slice(html.indexOf('<noscript>'), html.indexOf('</noscript>'));
    expect(noscript).toContain('需要啟用瀏覽器的 JavaScript');
    // The recommended searches, the hint and the box are the results island's HTML, there before it wakes.
    const recommended = html.slice(html.indexOf('<nav class="search-recommended"'), html.indexOf('</nav>', html.indexOf('search-recommended')));
    expect(recommended.match(/<li>/g)).toHaveLength(5);
    expect(recommended).toContain('href="/zh_TW/event"');
    expect(recommended).toContain('href="/zh_TW/report-download"');
    expect(html.indexOf('<noscript>')).toBeLessThan(html.indexOf('search-recommended'));
    const form = page(html)
      .byTag('form')
      .find((element) => element.attribs.class === 'search-form')!;
    expect(form.attribs.hidden).toBeUndefined();
    // A GET form of the page itself: a query sent before the island wakes arrives in the address, a blank one is refused.
    const box = /<input id="search-input"[^>]*>/.exec(html)![0];
    for (const attribute of ['name="query"', 'required=""', 'pattern=".*\\S.*"']) expect(box).toContain(attribute);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
