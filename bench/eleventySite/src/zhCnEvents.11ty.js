// /zh_CN/event/<id>: one page per zh_TW event, its texts and rendered story converted to Simplified
// with the `simplified` filter (opencc-js), as esg makes zh_CN from zh_TW.
import { eventOf, otherEvents, simplifiedEvent, englishIds } from '../lib/events.js';
import { eventPage } from '../lib/html.js';

export const data = {
  pagination: { data: 'collections.events_zh_TW', size: 1, alias: 'source', addAllPagesToCollections: true },
  permalink: (data) => `zh_CN/event/${data.source.data.id}/index.html`,
};

export function render(data) {
  const convert = (text) => this.simplified(text);
  const items = data.collections.events_zh_TW;
  const event = simplifiedEvent(eventOf(data.source.data, 'zh_TW', data.source.content), convert);
  const others = otherEvents(items, event.id).map((item) => simplifiedEvent(eventOf(item.data, 'zh_TW'), convert));
  return eventPage('zh_CN', event, others, englishIds(data.collections.events_en).has(event.id));
}
