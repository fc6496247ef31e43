// The events API's lists: api/<locale>/events.json, and api/events.json for the default locale.
import { eventOf, simplifiedEvent } from '../lib/events.js';

export const data = {
  folders: [
    { folder: 'api', code: 'zh_TW' },
    { folder: 'api/zh_TW', code: 'zh_TW' },
    { folder: 'api/zh_CN', code: 'zh_CN' },
    { folder: 'api/en', code: 'en' },
  ],
  pagination: { data: 'folders', size: 1, alias: 'target' },
  permalink: (data) => `${data.target.folder}/events.json`,
  eleventyExcludeFromCollections: true,
};

export function render(data) {
  const { code } = data.target;
  const convert = (text) => this.simplified(text);
  const events =
    code === 'zh_CN'
      ? data.collections.events_zh_TW.map((item) => simplifiedEvent(eventOf(item.data, 'zh_TW'), convert))
      : data.collections[`events_${code}`].map((item) => eventOf(item.data, code));
  return JSON.stringify({ items: { events } });
}
