// Every Markdown file here is an event page: /zh_TW/event/<id>.
export default {
  layout: 'event.11ty.js',
  locale: 'zh_TW',
  eleventyComputed: {
    permalink: (data) => `zh_TW/event/${data.id}/index.html`,
  },
};
