import type { ReactNode } from 'react';
import { usePage } from './context.tsx';
import { siteSearchMeta } from '../widgets/search/engine.ts';
import { Header } from './shell/Header.tsx';
import { Footer } from './shell/Footer.tsx';
import { Overlays } from './shell/Overlays.tsx';
import { TagManager } from './shell/TagManager.tsx';
import type { WidgetName } from '../widgets/registry.ts';

/** The meta tag that keeps a page out of the site's search (cli/build/stages/12-search.ts reads it). */

export interface HeadInfo {
  title: string;
  description: string;
  /** Keep the page out of search engines (the English guard pages). */
  noindex?: boolean;
  /**
   * Keep the page out of the site's own search only: a page that lists a little of everything
   * (the data page) would outrank the chapter a visitor is looking for.
   */
  siteSearch?: false;
  /** A file the page fetches as soon as it starts (the search page's index), fetched in parallel with the scripts. */
  preloadFetch?: string;
  /**
   * A plain widget the page may put to work on arrival (the search results of a query): its chunks
   * are fetched beside the entry's, at low priority, so that the page without it draws no later.
   */
  preloadWidget?: WidgetName;
}

/** The HTML document of every page: head with SEO tags, skip link, header, main, footer; in the report book, the content alone. */
export function Layout({ head, children, bodyClass }: { head: HeadInfo; children: ReactNode; bodyClass?: string }) {
  const page = usePage();
  // A chapter of the report book: the page's own content, in the book's document (templates/book/).
  if (page.print) return <>{children}</>;
  const { site, locale, t, assets } = page;
  const fullTitle = page.routeName === '' ? t('site.name') : `${head.title} | ${t('site.name')}`;
  const canonical = `${site.baseUrl}${page.path}`;
  const indexable = !head.noindex;
  return (
    <html lang={locale.iso} className={`locale-${locale.code}`} data-route={page.routeName || 'index'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={head.description} />
        {indexable ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        {head.siteSearch === false && <meta name={siteSearchMeta} content="none" />}
        {indexable &&
          page.alternates
            .filter((alternate) => alternate.available)
            .map((alternate) => <link key={alternate.code} rel="alternate" hrefLang={alternate.iso} href={`${site.baseUrl}${alternate.path}`} />)}
        {indexable && (
          <link rel="alternate" hrefLang="x-default" href={`${site.baseUrl}${page.alternates.find((a) => a.code === site.defaultLocale)?.path ?? page.path}`} />
        )}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={t('site.name')} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:locale" content={locale.iso.replace('zh-Hant-TW', 'zh_TW').replace('zh-Hans-CN', 'zh_CN').replace(/^en$/, 'en_US')} />
        <meta name="theme-color" content="#0f5c55" />
        <link rel="icon" href="/assets/images/logo.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        {assets.preload.map((chunk) => (
          <link key={chunk} rel="modulepreload" href={chunk} />
        ))}
        {head.preloadWidget && assets.domIslands[head.preloadWidget]?.map((chunk) => <link key={chunk} rel="modulepreload" href={chunk} fetchPriority="low" />)}
        <script type="module" src={assets.client} />
        {head.preloadFetch && <link rel="preload" as="fetch" href={head.preloadFetch} crossOrigin="anonymous" />}
        <TagManager />
      </head>
      <body className={bodyClass}>
        <a className="skip-link" href="#main">
          {t('skip.toContent')}
        </a>
        <Header />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <Overlays />
      </body>
    </html>
  );
}
