import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageAssets } from '../../templates/context.tsx';
import { loadWidgets } from '../../templates/Island.tsx';
import { BuildSession, validate } from '../../cli/build/index.ts';
import { hashOf } from '../../cli/cache.ts';
import { contextInputs, noBooks, type Books, type Photographs } from '../../cli/build/model/pageContext.tsx';
import { documentOf, type LocaleModel, type SiteModel } from '../../cli/build/model/site.ts';
import type { RoutePlan } from '../../cli/build/model/routes.ts';
import { renderedPages, type PageRecord } from '../../cli/build/stages/09-render.tsx';
import { sampleContent, tempDir } from '../helpers/site.ts';

// Each field of the page context is declared once with how a page's fingerprint covers it
// (`contextInputs`). Here each declared input of the sample site is changed in turn, and exactly
// the pages that read it must be rendered again: every page for what the whole site shares, the
// pages of one locale for its shell, one page for its own, and the pages that asked a question.

/** What the render stage renders from. */
interface Inputs {
  model: SiteModel;
  plan: RoutePlan;
  assets: PageAssets;
  photographs: Photographs;
  books: Books;
}

/** A build record in memory: each page's fingerprint and the answers to what it asked, as `BuildRecord` keeps them. */
class MemoryRecord implements PageRecord {
  readonly made = new Map<string, { fingerprint: string; answers: Map<string, string> }>();
  /** Pages that name files made after them, so are rendered every time. */
  readonly unrecorded = new Set<string>();
  constructor(private readonly last = new Map<string, { fingerprint: string; answers: Map<string, string> }>()) {}

  keeps(path: string, fingerprint: string, answer: (probe: string) => unknown) {
    const made = this.last.get(path);
    if (!made || made.fingerprint !== fingerprint) return undefined;
    return [...made.answers].every(([probe, was]) => hashOf(answer(probe) ?? null) === was) ? {} : undefined;
  }

  rendered(path: string, made?: { fingerprint: string; probes: string[]; answer: (probe: string) => unknown }) {
    if (!made) this.unrecorded.add(path);
    else this.made.set(path, { fingerprint: made.fingerprint, answers: new Map(made.probes.map((probe) => [probe, hashOf(made.answer(probe) ?? null)])) });
  }
}

let session: BuildSession;
let base: Inputs;
let first: MemoryRecord;
/** Every page's file, by locale. */
const pagesOf = new Map<string, Set<string>>();
let everyPage: Set<string>;

/** The pages the render stage renders (rather than keeps) from `inputs`, against the record of the first render. */
function renderedAgain(inputs: Inputs): Set<string> {
  const rendered = new Set<string>();
  const { model, plan, assets, photographs, books } = inputs;
  for (const page of renderedPages(session, model, plan, assets, photographs, new MemoryRecord(first.made), false, books))
    if (!('kept' in page) && page.path !== 'index.html') rendered.add(page.path);
  return rendered;
}

/** The pages whose render asked `probe`. */
const askedBy = (probe: string) => new Set([...first.made].filter(([, made]) => made.answers.has(probe)).map(([path]) => path));
const locale = (code: string): LocaleModel => base.model.locales.find((entry) => entry.code === code)!;
const routeAt = (path: string) => base.plan.routes.find((route) => route.path === path)!;
const fileOf = (path: string) => `${path.slice(1)}/index.html`;

/** Changes one input of the next render (and undoes it after), and names the pages that must be rendered again. */
interface Change {
  change(inputs: Inputs): { inputs: Inputs; undo?: () => void };
  expected(): Set<string>;
}

/** A change of a locale's model for the length of one render. */
function withLocale(code: string, edit: (locale: LocaleModel) => () => void) {
  return (inputs: Inputs) => ({ inputs, undo: edit(locale(code)) });
}

/** A change of the plan's routes: `edit` gives the routes of the next render. */
const withRoutes = (edit: (routes: RoutePlan['routes']) => RoutePlan['routes']) => (inputs: Inputs) => ({
  inputs: { ...inputs, plan: { ...inputs.plan, routes: edit(inputs.plan.routes) } },
});

/** A change of the figures of a locale: one metric left out. */
function withoutFirstMetric(found: LocaleModel) {
  const metrics = found.metrics;
  found.metrics = new Map([...metrics].slice(1));
  return () => (found.metrics = metrics);
}

/** A message added to a locale's messages.yaml. */
function withMessage(found: LocaleModel) {
  const messages = documentOf(found, 'messages.yaml', 'messages')!.data as Record<string, unknown>;
  messages['test.added'] = 'added';
  return () => delete messages['test.added'];
}

/** Of the probes `pick` takes, the one the fewest pages asked, so that its answer changes the fewest pages. */
function rarest(pick: (probe: string) => boolean): string {
  const counts = new Map<string, number>();
  for (const made of first.made.values()) for (const probe of made.answers.keys()) if (pick(probe)) counts.set(probe, (counts.get(probe) ?? 0) + 1);
  return [...counts].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0]![0];
}

function rarestRouteProbe(): string {
  return rarest((probe) => probe.startsWith('route:'));
}

function rarestImage(): string {
  return rarest((probe) => probe.startsWith('image:')).slice('image:'.length);
}

const union = (...sets: Iterable<string>[]) => new Set(sets.flatMap((set) => [...set]));

const aboutFile = fileOf('/zh_TW/about');

/** One change per declared input; an input declared without one fails the typecheck. */
const changes: { [K in keyof typeof contextInputs]: (typeof contextInputs)[K]['from'] extends 'book' ? null : Change } = {
  site: {
    change: (inputs) => ({ inputs: { ...inputs, model: { ...inputs.model, site: { ...inputs.model.site, version: 'another version' } } } }),
    expected: () => everyPage,
  },
  assets: { change: (inputs) => ({ inputs: { ...inputs, assets: { ...inputs.assets, css: '/_esg/another.css' } } }), expected: () => everyPage },
  reports: {
    change: (inputs) => ({
      inputs: {
        ...inputs,
        books: { ...inputs.books, files: [{ year: 2099, kind: 'sustainability', language: 'zh_TW', href: '/report.pdf', bytes: 1 } as Books['files'][number]] },
      },
    }),
    expected: () => everyPage,
  },
  year: {
    change: (inputs) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(new Date().getFullYear() + 1, 5, 1));
      return { inputs, undo: () => vi.useRealTimers() };
    },
    expected: () => everyPage,
  },
  // Another locale's words: the pages that asked for them (every page's English notice), and the locale's own pages.
  translatorOf: { change: withLocale('en', withMessage), expected: () => union(askedBy('translator:en'), pagesOf.get('en')!) },
  locale: { change: withLocale('zh_CN', withoutFirstMetric), expected: () => pagesOf.get('zh_CN')! },
  t: { change: withLocale('zh_CN', withMessage), expected: () => union(pagesOf.get('zh_CN')!, askedBy('translator:zh_CN')) },
  // The zh_TW about page given the locale of zh_CN: its links, texts and shell change, no other page's.
  href: {
    change: withRoutes((routes) => routes.map((route) => (route.path === '/zh_TW/about' ? { ...route, locale: locale('zh_CN') } : route))),
    expected: () => new Set([aboutFile]),
  },
  routeName: {
    change: withRoutes((routes) => routes.map((route) => (route.path === '/zh_TW/about' ? { ...route, name: 'about-renamed' } : route))),
    expected: () => new Set([aboutFile]),
  },
  // A page moved: it is made at its new address, and the pages of the other locales no longer offer it in their language menu.
  path: {
    change: withRoutes((routes) => routes.map((route) => (route.path === '/zh_TW/about' ? { ...route, path: '/zh_TW/about-moved' } : route))),
    expected: () => new Set([fileOf('/zh_TW/about-moved'), fileOf('/zh_CN/about'), fileOf('/en/about')]),
  },
  alternates: {
    change: withRoutes((routes) => routes.filter((route) => route.path !== '/en/about')),
    expected: () => new Set([aboutFile, fileOf('/zh_CN/about')]),
  },
  chapterFile: {
    change: (inputs) => ({
      inputs: {
        ...inputs,
        books: {
          ...inputs.books,
          chapterFile: (code, route) => (code === 'zh_TW' && route === 'about' ? { href: '/about.pdf', bytes: 1, pages: 2, first: 3, last: 4 } : undefined),
        },
      },
    }),
    expected: () => new Set([aboutFile]),
  },
  hasRoute: {
    change: (inputs) => {
      const name = rarestRouteProbe().slice('route:'.length);
      return { inputs: { ...inputs, plan: { ...inputs.plan, names: new Set([...inputs.plan.names].filter((entry) => entry !== name)) } } };
    },
    expected: () => askedBy(rarestRouteProbe()),
  },
  // An image's size changed (the sample's images are SVGs, read from their files; photographs are encoded).
  image: {
    change: (inputs) => {
      const src = rarestImage();
      return { inputs: { ...inputs, photographs: (asked) => (asked === src ? { src, width: 1, height: 1 } : inputs.photographs(asked)) } };
    },
    expected: () => askedBy(`image:${rarestImage()}`),
  },
  pageNumber: {
    change: (inputs) => ({
      inputs: { ...inputs, books: { ...inputs.books, pageNumber: (code, url) => (code === 'zh_TW' && url === '/about#scope' ? 7 : undefined) } },
    }),
    expected: () => askedBy('page:zh_TW /about#scope'),
  },
  // What the first page of a locale made once counts as asked by every page that uses it: a route
  // the menu names, gone, renders every page again.
  oncePerLocale: {
    change: (inputs) => ({ inputs: { ...inputs, plan: { ...inputs.plan, names: new Set([...inputs.plan.names].filter((name) => name !== 'about')) } } }),
    expected: () => {
      const asked = askedBy('route:about');
      // Made by the first page of each locale, asked by all.
      // Made by the first page of each Chinese locale that shows the menu, asked by every one (an English guard shows none).
      const shown = union(pagesOf.get('zh_TW')!, pagesOf.get('zh_CN')!);
      expect([...shown].filter((page) => !first.unrecorded.has(page) && !asked.has(page))).toEqual([]);
      return asked;
    },
  },
  print: null,
};

beforeAll(async () => {
  process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
  session = new BuildSession();
  const [{ model, plan, images }] = await Promise.all([validate(sampleContent, { session, verbose: false }), loadWidgets()]);
  images.stop();
  const assets: PageAssets = {
    css: '/_esg/site.css',
    client: '/_esg/client.js',
    guard: '/_esg/guard.js',
    redirect: '/_esg/redirect.js',
    preload: ['/_esg/react.js'],
    domIslands: {},
  };
  base = { model, plan, assets, photographs: images.image, books: noBooks };
  first = new MemoryRecord();
  for (const page of renderedPages(session, model, plan, assets, images.image, first, false, noBooks)) {
    if (page.path === 'index.html') continue;
    const code = page.path === '404.html' ? model.site.defaultLocale : page.path.split('/')[0]!;
    pagesOf.set(code, (pagesOf.get(code) ?? new Set()).add(page.path));
  }
  everyPage = union(...pagesOf.values());
}, 120_000);
afterAll(() => session.close());

describe('what a page reads is declared once (cli/build/model/pageContext.tsx contextInputs)', () => {
  it('renders again, when nothing changed, only the pages that name files made after them', () => {
    expect(everyPage.size).toBeGreaterThan(250);
    expect([...first.unrecorded].sort()).toEqual(['en/search/index.html', 'zh_CN/search/index.html', 'zh_TW/search/index.html']);
    expect(renderedAgain(base)).toEqual(first.unrecorded);
  });

  it('gives every field of the page context a declaration, and no site page the printed one', () => {
    expect(Object.entries(contextInputs).filter(([, input]) => input.from === 'book')).toEqual([['print', { from: 'book' }]]);
    expect(Object.keys(changes).sort()).toEqual(Object.keys(contextInputs).sort());
  });

  for (const [field, change] of Object.entries(changes) as [keyof typeof contextInputs, Change | null][]) {
    if (!change) continue;
    it(`renders again exactly the pages that read ${field} (${contextInputs[field].from}) when it changes`, () => {
      const expected = union(change.expected(), first.unrecorded);
      // Each change reaches some page.
      expect(expected.size).toBeGreaterThan(first.unrecorded.size);
      const { inputs, undo } = change.change(base);
      try {
        expect([...renderedAgain(inputs)].sort()).toEqual([...expected].sort());
      } finally {
        undo?.();
      }
      expect(renderedAgain(base)).toEqual(first.unrecorded);
    });
  }
});
