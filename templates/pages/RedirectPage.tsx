/**
 * out/index.html: sends the visitor to the locale remembered in the i18n_redirected cookie, else
 * the default. Without JavaScript a meta refresh goes to the default locale.
 */
export function RedirectPage({
  script,
  fallback,
  locales,
  title,
  linkText,
}: {
  script: string;
  fallback: string;
  locales: string[];
  title: string;
  linkText: string;
}) {
  return (
    <html lang="zh-Hant-TW">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="canonical" href={fallback} />
        <script src={script} data-fallback={fallback} data-locales={locales.join(' ')} />
        <noscript>
          <meta httpEquiv="refresh" content={`0; url=${fallback}`} />
        </noscript>
      </head>
      <body>
        <p>
          <a href={fallback}>{linkText}</a>
        </p>
      </body>
    </html>
  );
}
