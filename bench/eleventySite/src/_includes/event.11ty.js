// Layout of the Markdown event pages (zh_TW and English): the page shell around the rendered body.
import { eventOf, englishIds, otherEvents } from '../../lib/events.js';
import { eventPage } from '../../lib/html.js';

export function render(data) {
  const code = data.locale;
  const items = data.collections[`events_${code}`];
  const event = eventOf(data, code, data.content);
  const others = otherEvents(items, event.id).map((item) => eventOf(item.data, code));
  return eventPage(code, event, others, code === 'en' || englishIds(data.collections.events_en).has(event.id));
}
