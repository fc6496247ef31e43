export const data = { permalink: 'robots.txt', eleventyExcludeFromCollections: true };

export function render(data) {
  return `User-agent: *\nAllow: /\nDisallow: /api/forms/\n\nSitemap: ${data.report.baseUrl}/sitemap.xml\n`;
}
