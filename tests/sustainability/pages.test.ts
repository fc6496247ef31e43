import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { page } from '../helpers/html.ts';
import { buildProblems, buildSample, contentCopy, editContent, repoRoot } from '../helpers/site.ts';

let out: string;
beforeAll(async () => {
  out = await buildSample();
}, 120_000);

const html = (locale: string, route: string) => readFileSync(join(out, locale, route, 'index.html'), 'utf8');
/** The visible text of a page's main element; elements are kept apart by a space, so "SDG 13" and "105" never run together. */
const mainText = (locale: string, route: string) => {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html(locale, route))![1]!;
  const text = main.replace(/<(script|title)[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ');
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
};

/**
 * Focus groups and pages in the order that gives their section ids, focus{G}{P}{S}
 * (docs/product.md, "Pages").
 */
const focusPages: Record<string, string[]> = {
  sustainability: ['governance', 'integrity', 'performance', 'risk', 'supply'],
  smart: ['communication', 'green', 'product', 'quality'],
  climate: ['action', 'energy', 'protection', 'waste', 'water'],
  care: ['empowerment', 'human-rights', 'retention', 'safe', 'safety', 'social'],
  local: ['ecology', 'enterprise', 'neigh', 'social', 'weak'],
};
const focusRoutes = Object.entries(focusPages).flatMap(([group, pages]) =>
  pages.map((name, p) => ({ route: `focus/${group}/${name}`, prefix: `focus${Object.keys(focusPages).indexOf(group) + 1}${p + 1}` })),
);

const sustainabilityRoutes = [
  'sustainable',
  'sustainable/1',
  'sustainable/2',
  'report/UNGC-support',
  'performance',
  'performance/1',
  'performance/2',
  'performance/3',
  'performance2024',
  'performance2024/1',
  'performance2024/2',
  'performance2024/3',
  'materiality-stakeholder',
  'materiality-analyze',
  'materiality-manage',
  'covid19',
  'external',
  'components',
  ...focusRoutes.map((entry) => entry.route),
];

/**
 * The figures the content must show (docs/product.md, "Numbers"), and the page each belongs on. A
 * figure must stand alone (no digit, comma or point right before or after it), so "52" is not found
 * inside "2,052".
 */
const contentFigures: Record<string, string[]> = {
  'focus/care/retention': ['84.6%'],
  'focus/climate/energy': ['105', '18,886', '5.5 MWp', '6,232,988'],
  'focus/climate/waste': ['46.65%', '53.28%', '94.43%', '98.87%'],
  'focus/sustainability/integrity': ['2,399', '100%'],
  'focus/sustainability/supply': ['218'],
  'focus/local/social': ['52', '634'],
  'focus/climate/water': ['-15%', '2030', '2014'],
  'focus/climate/action': ['2050', '1.5%', '2021', '2030', 'NDC', 'IEA NZE 2050', 'SSP 3-7.0', 'SSP 5-8.5'],
  'focus/sustainability/governance': ['48', '24.8%', '18.71', '5.03', 'NT$100,000'],
};
const standsAlone = (text: string, figure: string) => new RegExp(`(?<![\\d.,])${figure.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}(?![\\d,]|\\.\\d)`).test(text);

describe('sustainability pages', () => {
  it.each(['zh_TW', 'zh_CN'])('every route exists in %s with a heading, real content and no placeholder', (locale) => {
    for (const route of sustainabilityRoutes) {
      const doc = page(html(locale, route));
      expect(doc.byTag('h1'), route).toHaveLength(1);
      const text = mainText(locale, route);
      expect(text.length, route).toBeGreaterThan(300);
      expect(text, route).not.toMatch(/lorem|TBD|TODO|placeholder|待補|待填/i);
    }
  });

  it('zh_CN pages are in Simplified script', () => {
    expect(mainText('zh_CN', 'sustainable/1')).toContain('诚信经营');
    expect(mainText('zh_CN', 'sustainable/1')).not.toContain('誠信經營');
  });

  it.each(['zh_TW', 'zh_CN'])('every content figure is on its page in %s', (locale) => {
    const missing = Object.entries(contentFigures).flatMap(([route, figures]) =>
      figures.filter((figure) => !standsAlone(mainText(locale, route), figure)).map((figure) => `${route}: ${figure}`),
    );
    expect(missing).toEqual([]);
  });

  it('every focus page has at least three sections numbered focus{G}{P}1… without gaps, ids unique on the page', () => {
    for (const { route, prefix } of focusRoutes) {
      const ids = [...html('zh_TW', route).matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
      expect(new Set(ids).size, `${route} repeats an id`).toBe(ids.length);
      const sections = ids.filter((id) => /^focus\d+$/.test(id));
      expect(sections.length, route).toBeGreaterThanOrEqual(3);
      expect(sections, route).toEqual(sections.map((_, index) => `${prefix}${index + 1}`));
    }
  });

  it('the sections content links name exist: focus213, focus341, focus423, focus142, focus352, focus311, focus242', () => {
    const where = {
      focus213: 'smart/communication',
      focus341: 'climate/waste',
      focus423: 'care/human-rights',
      focus142: 'sustainability/risk',
      focus352: 'climate/water',
      focus311: 'climate/action',
      focus242: 'smart/quality',
    };
    for (const [id, route] of Object.entries(where)) expect(page(html('zh_TW', `focus/${route}`)).byId(id), id).toBeDefined();
  });

  it('/sustainable shows tab 1; the tabs are links with aria-current on the current one', () => {
    for (const [route, current] of [
      ['sustainable', 0],
      ['sustainable/1', 0],
      ['sustainable/2', 1],
    ] as const) {
      const doc = page(html('zh_TW', route));
      const tabs = doc.byClass('tab', 'a');
      expect(tabs.map((tab) => tab.attribs.href)).toEqual(['/zh_TW/sustainable/1', '/zh_TW/sustainable/2']);
      expect(tabs.map((tab) => tab.attribs['aria-current'] ?? null)).toEqual(current === 0 ? ['page', null] : [null, 'page']);
    }
    expect(
      page(html('zh_CN', 'sustainable/2'))
        .byClass('tab', 'a')
        .map((tab) => tab.attribs.href),
    ).toEqual(['/zh_CN/sustainable/1', '/zh_CN/sustainable/2']);
  });

  it('tab 1 lists the five topics, each with policy, target and SDG numbers', () => {
    const doc = page(html('zh_TW', 'sustainable'));
    const topics = doc.byClass('topic-card');
    expect(topics.map((topic) => doc.text(doc.byTag('h3', topic)[0]!))).toEqual([
      '誠信經營',
      '環境安全衛生',
      '綠色營運',
      '客戶與供應商管理',
      '員工關係與社會關懷',
    ]);
    for (const topic of topics) {
      expect(
        doc
          .byTag('dt', topic)
          .map((dt) => doc.text(dt))
          .slice(0, 2),
      ).toEqual(['政策', '目標']);
      expect(doc.byClass('tag-sdg', 'li', topic).length).toBeGreaterThan(0);
    }
  });

  it('tab 2 maps SDGs 4, 5, 7, 8, 9, 12, 13, 15, 16, 17 with 2024 benefits and chapter links to focus sections', () => {
    const doc = page(html('zh_CN', 'sustainable/2'));
    const goals = doc.byClass('goal-card');
    expect(goals.map((goal) => goal.attribs.id)).toEqual([4, 5, 7, 8, 9, 12, 13, 15, 16, 17].map((num) => `sdg-${num}`));
    for (const goal of goals) {
      expect(doc.byClass('goal-benefit', 'div', goal).length, goal.attribs.id).toBeGreaterThan(0);
      const links = doc.byClass('chapter-link', 'a', goal).map((link) => link.attribs.href!);
      expect(links.length, goal.attribs.id).toBeGreaterThan(0);
      for (const href of links) expect(href).toMatch(/^\/zh_CN\/focus\/[a-z]+\/[a-z-]+\?focus=focus\d{3}$/);
    }
  });

  it('report/UNGC-support shows the four principle groups with the ten principles', () => {
    const doc = page(html('zh_TW', 'report/UNGC-support'));
    const groups = doc.byClass('principle-group');
    expect(groups.map((group) => doc.text(doc.byTag('h2', group)[0]!))).toEqual(['人權', '勞工', '環境', '反貪腐']);
    expect(groups.map((group) => doc.byTag('li', doc.byClass('principle-list', 'ul', group)[0]!).length)).toEqual([2, 4, 3, 1]);
    for (const group of groups) expect(doc.byClass('chapter-link', 'a', group).length).toBeGreaterThan(0);
  });

  it('performance tabs are addresses of their own, and the 2024 edition has its own', () => {
    for (const base of ['performance', 'performance2024']) {
      const doc = page(html('zh_TW', `${base}/3`));
      expect(doc.byClass('tab', 'a').map((tab) => tab.attribs.href)).toEqual([1, 2, 3].map((n) => `/zh_TW/${base}/${n}`));
      expect(doc.byClass('is-current', 'a')[0]!.attribs.href).toBe(`/zh_TW/${base}/3`);
    }
    expect(mainText('zh_TW', 'performance')).toContain('486.52');
    expect(mainText('zh_TW', 'performance2024')).toContain('463.18');
  });

  it('the materiality matrix is an SVG with title and description, one dot per topic, and a table of the same data', () => {
    const doc = page(html('zh_TW', 'materiality-analyze'));
    const svg = doc.byTag('svg').find((element) => element.attribs.class === 'matrix-chart')!;
    expect(svg.attribs.role).toBe('img');
    const [titleId, descId] = svg.attribs['aria-labelledby']!.split(' ');
    expect(doc.byId(titleId!)?.name).toBe('title');
    expect(doc.byId(descId!)?.name).toBe('desc');
    const dots = doc.byClass('matrix-dot', 'g', svg);
    const rows = doc.byTag('tr', doc.byClass('matrix', 'figure')[0]!).slice(1);
    expect(dots.length).toBe(23);
    expect(rows.length).toBe(dots.length);
    expect(rows.filter((row) => doc.text(row).endsWith('是')).length).toBe(12);
  });

  it('the style guide shows every shared block of templates/blocks', () => {
    const blocks = readdirSync(join(repoRoot, 'templates/blocks'))
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => file.replace(/\.tsx$/, ''));
    const shown = page(html('zh_TW', 'components'))
      .byClass('component-sample')
      .map((section) => section.attribs['data-component']);
    expect(blocks.filter((name) => !shown.includes(name))).toEqual([]);
  });
});

describe('chapter links of the sustainability content', () => {
  it('a link to a focus section that does not exist fails the build at its line', async () => {
    const content = contentCopy();
    editContent(content, 'zh_TW/sustainable.yaml', (text) => text.replace('/focus/climate/energy?focus=focus323', '/focus/climate/energy?focus=focus329'));
    const problems = await buildProblems(content);
    const line =
      readFileSync(join(content, 'zh_TW/sustainable.yaml'), 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('focus329')) + 1;
    expect(problems.map((entry) => `${entry.file.replace(/^.*\/content\//, '')}:${entry.line}  ${entry.code}`)).toEqual([
      `zh_TW/sustainable.yaml:${line}  ESG4006`,
    ]);
  }, 120_000);
});
