import { renderToStaticMarkup } from 'react-dom/server';
import { PageContextProvider, usePage } from '../context.tsx';
import type { SitemapPage } from '../../schemas/types.ts';
import { fileSize, reportFor } from '../format.ts';
import { menuActions } from '../../widgets/registry.ts';

/**
 * The footer, the same on every page of a locale: rendered by the first page of the locale and
 * spliced into the others (at 10,000 events, rendering it on every page was a twentieth of a cold
 * build's main thread).
 */
export function Footer() {
  const page = usePage();
  const html = page.oncePerLocale('footer', () =>
    renderToStaticMarkup(
      <PageContextProvider value={page}>
        <FooterContents />
      </PageContextProvider>,
    ),
  );
  return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Three sitemap groups, the latest report download, copyright and the version label. */
function FooterContents() {
  const page = usePage();
  const { t, site, locale } = page;
  const latestReport = reportFor(page.reports, locale.code);
  const link = (item: SitemapPage) => {
    // An action entry (the newsletter) is a button ModalHost answers; shown once its action exists.
    if (item.triggerAction) {
      return menuActions.includes(item.triggerAction) ? (
        <li key={item.url}>
          <button type="button" className="sitemap-action" data-menu-action={item.triggerAction}>
            {item.page}
          </button>
        </li>
      ) : null;
    }
    return page.hasRoute(item.url) ? (
      <li key={item.url}>
        <a href={page.href(item.url)}>{item.page}</a>
      </li>
    ) : null;
  };
  return (
    <>
      <nav className="footer-sitemap" aria-label={t('footer.sitemap')} id="sitemap">
        {locale.sitemap.groups.map((group) => (
          <section key={group.name} className={`sitemap-group ${group.class}`}>
            <h2>{group.title}</h2>
            <div className="sitemap-columns">
              <ul>{group.pagesL.map(link)}</ul>
              {group.pagesR && <ul>{group.pagesR.map(link)}</ul>}
            </div>
          </section>
        ))}
      </nav>
      <div className="footer-bottom">
        {latestReport && (
          <a className="footer-download" href={latestReport.href} download>
            <span className="icon-download" aria-hidden="true" />
            {t('footer.download', { year: latestReport.year })}
            <span className="footer-download-meta">{t('footer.downloadMeta', { size: fileSize(latestReport.bytes, locale.iso) })}</span>
          </a>
        )}
        <p className="copyright">{t('site.copyright', { year: page.year, name: t('site.name') })}</p>
        <p className="version">{t('site.version', { version: site.version })}</p>
      </div>
    </>
  );
}
