// sitemap.xml: every page (guards and API files are kept out of collections) with its hreflang
// alternates, and robots.txt beside it.
export const data = { permalink: 'sitemap.xml', eleventyExcludeFromCollections: true };

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function render(data) {
  const { baseUrl, defaultLocale, locales } = data.report;
  const pages = data.collections.all
    .filter((item) => item.url && item.url.endsWith('/'))
    .map((item) => {
      const [, code, ...rest] = item.url.replace(/\/$/, '').split('/');
      return { code, name: rest.join('/'), path: item.url.replace(/\/$/, '') };
    });
  const byName = new Map();
  for (const page of pages) byName.set(page.name, [...(byName.get(page.name) ?? []), page]);
  const entries = pages.map((page) => {
    const versions = byName.get(page.name);
    const alternates = versions.map((other) => `    <xhtml:link rel="alternate" hreflang="${locales[other.code].iso}" href="${escapeXml(baseUrl + other.path)}"/>`);
    const fallback = versions.find((other) => other.code === defaultLocale);
    if (fallback) alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(baseUrl + fallback.path)}"/>`);
    return `  <url>\n    <loc>${escapeXml(baseUrl + page.path)}</loc>\n${alternates.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}
