import { usePage } from '../context.tsx';

/**
 * An /en/... address without an English edition: the English route guard
 * (docs/product.md, "Pages"). Its script sets the English-notice flag and returns to the previous
 * page of this site, else to /zh_TW. Without JavaScript it says so and links to the Traditional
 * Chinese page.
 */
export function GuardPage({ fallback }: { fallback: string }) {
  const { t, locale, assets } = usePage();
  return (
    <html lang={locale.iso}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{t('english.guardTitle')}</title>
        <link rel="stylesheet" href={assets.css} />
        <script src={assets.guard} data-home="/zh_TW" />
      </head>
      <body className="guard-page">
        <main className="error-box">
          <h1>{t('english.guardTitle')}</h1>
          <p>{t('english.guardText')}</p>
          <a className="button" href={fallback} lang="zh-Hant-TW">
            {t('english.guardLink')}
          </a>
        </main>
      </body>
    </html>
  );
}
