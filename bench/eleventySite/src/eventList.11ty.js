// /<locale>/event: every event of the locale, newest first, grouped by year.
import { eventOf, simplifiedEvent } from '../lib/events.js';
import { eventListPage } from '../lib/html.js';

export const data = {
  pagination: { data: 'report.codes', size: 1, alias: 'code', addAllPagesToCollections: true },
  permalink: (data) => `${data.code}/event/index.html`,
};

export function render(data) {
  const { code } = data;
  const convert = (text) => this.simplified(text);
  const events =
    code === 'zh_CN'
      ? data.collections.events_zh_TW.map((item) => simplifiedEvent(eventOf(item.data, 'zh_TW'), convert))
      : data.collections[`events_${code}`].map((item) => eventOf(item.data, code));
  return eventListPage(code, events);
}
