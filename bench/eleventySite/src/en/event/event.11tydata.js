// Every Markdown file here is an event page: /en/event/<id>.
export default {
  layout: 'event.11ty.js',
  locale: 'en',
  eleventyComputed: {
    permalink: (data) => `en/event/${data.id}/index.html`,
  },
};
