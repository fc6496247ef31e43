// /en/<route> for an article without an English edition: the English guard page.
import { guardPage } from '../lib/html.js';

export const data = {
  pagination: { data: 'report.guardRoutes', size: 1, alias: 'route' },
  permalink: (data) => `en/${data.route}/index.html`,
  eleventyExcludeFromCollections: true,
};

export function render(data) {
  return guardPage(data.route);
}
