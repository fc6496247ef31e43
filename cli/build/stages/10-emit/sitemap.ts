import type { SiteModel } from '../../model/site.ts';
import type { RoutePlan } from '../../model/routes.ts';
import type { RenderedFile } from '../../../siteFiles.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml with every real page and its hreflang alternates (guards are left out), and robots.txt. */
export function sitemapFiles(model: SiteModel, plan: RoutePlan): RenderedFile[] {
  const base = model.site.baseUrl;
  const pages = plan.routes.filter((route) => route.kind === 'page');
  // Each page's versions in the other locales, grouped once rather than searched for per page.
  const byName = new Map<string, typeof pages>();
  for (const route of pages) byName.set(route.name, [...(byName.get(route.name) ?? []), route]);
  const entries = pages.map((route) => {
    const versions = byName.get(route.name)!;
    const alternates = versions.map((other) => `    <xhtml:link rel="alternate" hreflang="${other.locale.iso}" href="${escapeXml(base + other.path)}"/>`);
    const fallback = versions.find((other) => other.locale.code === model.site.defaultLocale);
    if (fallback) alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(base + fallback.path)}"/>`);
    return `  <url>\n    <loc>${escapeXml(base + route.path)}</loc>\n${alternates.join('\n')}\n  </url>`;
  });
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  const robots = `User-agent: *\nAllow: /\nDisallow: /api/forms/\n\nSitemap: ${base}/sitemap.xml\n`;
  return [
    { path: 'sitemap.xml', contents: sitemap },
    { path: 'robots.txt', contents: robots },
  ];
}
