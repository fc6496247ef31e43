// Eleventy 3 configuration of the comparison site (bench/vsEleventy.ts): Markdown events through
// markdown-it as esg renders them, the figures of metrics.yaml written into event bodies before
// Markdown, the zh_CN conversion filter, the event collections, the assets copied, and Pagefind's
// search index over the output once Eleventy has written it.
import markdownIt from 'markdown-it';
import * as pagefind from 'pagefind';
import { newestFirst } from './lib/events.js';
import { loadSite } from './lib/site.js';
import { toSimplified, withFigures } from './lib/text.js';

export default function (eleventyConfig) {
  eleventyConfig.setLibrary('md', markdownIt({ html: false, linkify: true, typographer: false }));
  eleventyConfig.addPreprocessor('figures', 'md', (data, content) => {
    const site = loadSite();
    return content.includes('{{') ? withFigures(content, site.metricsOf[data.locale], site.locales[data.locale].iso) : content;
  });
  eleventyConfig.addFilter('simplified', toSimplified);

  eleventyConfig.addCollection('events_zh_TW', (api) => api.getFilteredByGlob('./src/zh_TW/event/*.md').sort(newestFirst));
  eleventyConfig.addCollection('events_en', (api) => api.getFilteredByGlob('./src/en/event/*.md').sort(newestFirst));
  eleventyConfig.addCollection('englishEventGuards', (api) => {
    const english = new Set(api.getFilteredByGlob('./src/en/event/*.md').map((item) => item.data.id));
    return api.getFilteredByGlob('./src/zh_TW/event/*.md').sort(newestFirst).filter((item) => !english.has(item.data.id));
  });

  eleventyConfig.addPassthroughCopy('src/assets');

  // Site search: Eleventy has none; Pagefind indexes each page's <main data-pagefind-body>, one index per <html lang>.
  // What esg's search leaves out (other events' cards, banners quoting other pages) Pagefind leaves out too.
  eleventyConfig.on('eleventy.after', async ({ directories }) => {
    const started = performance.now();
    const { index, errors } = await pagefind.createIndex({ excludeSelectors: ['[data-search-skip]'] });
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: directories.output });
    const written = await index.writeFiles({ outputPath: `${directories.output}/pagefind` });
    await pagefind.close();
    const problems = [...errors, ...added.errors, ...written.errors];
    if (problems.length) throw new Error(`Pagefind: ${problems.join('; ')}`);
    console.log(`pagefind: indexed ${added.page_count} pages in ${Math.round(performance.now() - started)} ms`);
  });

  return {
    dir: { input: 'src', includes: '_includes', data: '_data' },
    templateFormats: ['md', '11ty.js'],
    // Event bodies are plain Markdown (no Liquid in them).
    markdownTemplateEngine: false,
  };
}
