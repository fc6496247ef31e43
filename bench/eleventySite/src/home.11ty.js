// /<locale>: the home page with the three newest events.
import { eventOf, simplifiedEvent } from '../lib/events.js';
import { homePage } from '../lib/html.js';

export const data = {
  pagination: { data: 'report.codes', size: 1, alias: 'code', addAllPagesToCollections: true },
  permalink: (data) => `${data.code}/index.html`,
};

export function render(data) {
  const { code } = data;
  const convert = (text) => this.simplified(text);
  const newest = data.collections[`events_${code === 'zh_CN' ? 'zh_TW' : code}`].slice(0, 3);
  const latest = newest.map((item) => (code === 'zh_CN' ? simplifiedEvent(eventOf(item.data, 'zh_TW'), convert) : eventOf(item.data, code)));
  return homePage(code, latest);
}
