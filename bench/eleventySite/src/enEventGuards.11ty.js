// /en/event/<id> for an event written only in Chinese: the English guard page.
import { guardPage } from '../lib/html.js';

export const data = {
  pagination: { data: 'collections.englishEventGuards', size: 1, alias: 'source' },
  permalink: (data) => `en/event/${data.source.data.id}/index.html`,
  eleventyExcludeFromCollections: true,
};

export function render(data) {
  return guardPage(`event/${data.source.data.id}`);
}
