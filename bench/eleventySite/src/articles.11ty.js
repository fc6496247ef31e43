// /<locale>/<route>: the article pages (about, the letters, …) and the focus pages, from the corpus YAML.
import { articlePage } from '../lib/html.js';

export const data = {
  pagination: { data: 'report.articles', size: 1, alias: 'article', addAllPagesToCollections: true },
  permalink: (data) => `${data.article.code}/${data.article.route}/index.html`,
};

export function render(data) {
  const { code, route, data: article } = data.article;
  return articlePage(code, route, article);
}
