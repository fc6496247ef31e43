import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { PageContextProvider, type PageAssets, type PageContext } from '../../../templates/context.tsx';
import { GuardPage } from '../../../templates/pages/GuardPage.tsx';
import { NotFoundPage } from '../../../templates/pages/NotFoundPage.tsx';
import { RedirectPage } from '../../../templates/pages/RedirectPage.tsx';
import { pathOf, type RoutePlan } from '../model/routes.ts';
import type { SiteModel } from '../model/site.ts';
import { indexUrlPlaceholder, type ResultKind } from '../../../widgets/search/engine.ts';
import { hashOf } from '../../cache.ts';
import { noBooks, pageContexts, type Books, type PageAt, type Photographs } from '../model/pageContext.tsx';
import type { BuildSession } from '../session.ts';
import { inputKey } from '../record/inputs.ts';
import type { KeptPage, RenderedFile } from '../../siteFiles.ts';

/**
 * What rendering asks of the build record (incremental.ts `BuildRecord`): what a page the last
 * build made was made from, when it may be kept as it is; and what a page rendered now is made from.
 */
export interface PageRecord {
  keeps(path: string, fingerprint: string, answer: (probe: string) => unknown): { search?: string } | undefined;
  rendered(path: string, made?: { fingerprint: string; probes: string[]; answer: (probe: string) => unknown }): void;
}

/**
 * Renders every planned route, the 404 pages and the root redirect to HTML, one page at a time, so
 * the build can write each page and let it go before rendering the next. Call `loadWidgets` (templates/Island.tsx) first.
 * With a `record` of the last build, a page whose fingerprint and probes' answers are the same is
 * not rendered: it comes as a `KeptPage`.
 */
export function* renderedPages(
  session: BuildSession,
  model: SiteModel,
  plan: RoutePlan,
  assets: PageAssets,
  photographs: Photographs,
  record?: PageRecord,
  holding = false,
  books: Books = noBooks,
): Generator<RenderedFile | KeptPage> {
  // Made for the pages rendered only: most pages of an incremental build are kept.
  const { shared, contextFor, localeOf, headOf } = pageContexts(session, model, plan, assets, photographs, books);
  // Each page's fingerprint, with the inputs it was made from, is kept in the session only while it holds what it builds.
  const fingerprints = holding ? session.fingerprints : undefined;
  if (!holding) session.fingerprints.clear();
  /**
   * A page made from `inputs` besides its locale and context: rendered, or, when the last build
   * made it from the same, kept as it is in out/.
   */
  function* page(
    path: string,
    at: PageAt,
    kind: string,
    result: ResultKind | null | undefined,
    inputs: unknown,
    element: () => ReactElement,
  ): Generator<RenderedFile | KeptPage> {
    // What it reads of its context, as declared (pageContext.tsx `contextInputs`), and of its kind.
    const fingerprint = fingerprintOf(session, fingerprints, path, [...headOf(at), kind, result ?? null], inputs);
    const kept = record?.keeps(path, fingerprint, shared.answer);
    if (kept) {
      yield { path, kept: true, result: result ?? null, search: kept.search };
      return;
    }
    shared.probes.clear();
    const contents = render(contextFor(at), element());
    // A page that names files made after it (the search page names its index) is rendered every time.
    record?.rendered(path, contents.includes(indexUrlPlaceholder) ? undefined : { fingerprint, probes: [...shared.probes], answer: shared.answer });
    yield { path, contents, result };
  }
  for (const route of plan.routes) {
    const result = route.pageKind.result === undefined ? 'topic' : route.pageKind.result;
    const element = () => (route.prepared ? route.prepared.element() : <GuardPage fallback={pathOf(model.site.defaultLocale, route.name)} />);
    yield* page(
      `${route.path.slice(1)}/index.html`,
      { locale: route.locale, name: route.name, path: route.path },
      route.kind,
      result,
      route.prepared?.inputs ?? null,
      element,
    );
  }
  for (const locale of model.locales)
    yield* page(`${locale.code}/404.html`, { locale, name: '404', path: pathOf(locale.code, '404') }, '404', undefined, null, () => <NotFoundPage />);
  const base = model.locales.find((locale) => locale.code === model.site.defaultLocale)!;
  yield* page('404.html', { locale: base, name: '404', path: '/404' }, '404', undefined, null, () => <NotFoundPage />);
  const { t } = localeOf(base);
  yield {
    path: 'index.html',
    contents: `<!DOCTYPE html>${renderToStaticMarkup(<RedirectPage script={assets.redirect} fallback={pathOf(base.code, '')} locales={model.locales.map((l) => l.code)} title={t('redirect.title')} linkText={t('redirect.link')} />)}`,
  };
}

/**
 * The hash of what a page is made from: the `head` of its context and its inputs (`inputKey`). A
 * page made from the very same objects as in the last build (`fingerprints`, the session's) has
 * the same fingerprint, found without hashing.
 */
function fingerprintOf(session: BuildSession, fingerprints: BuildSession['fingerprints'] | undefined, path: string, head: unknown[], inputs: unknown): string {
  const last = fingerprints?.get(path);
  if (last && sameItems(last.head, head) && sameItems([last.inputs], [inputs])) return last.fingerprint;
  const fingerprint = hashOf(...head, inputKey(session, inputs));
  fingerprints?.set(path, { head, inputs, fingerprint });
  return fingerprint;
}

/** Whether two lists hold the same items: the same primitives, the same objects, lists of the same. */
function sameItems(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((item, at) => item === b[at] || (Array.isArray(item) && Array.isArray(b[at]) && sameItems(item, b[at] as unknown[])));
}

function render(context: PageContext, element: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<PageContextProvider value={context}>{element}</PageContextProvider>)}`;
}
