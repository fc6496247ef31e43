// The events API's files, one per event: api/<locale>/events/<id>.json (and api/events/<id>.json for
// the default locale): the event with its story as HTML, and the other events.
import { eventOf, otherEvents, simplifiedEvent } from './events.js';

/** An 11ty.js template (data and render) writing `folder/events/<id>.json` for each event of `code`. */
export function apiEventTemplate(folder, code) {
  const source = code === 'zh_CN' ? 'zh_TW' : code;
  return {
    data: {
      pagination: { data: `collections.events_${source}`, size: 1, alias: 'source' },
      permalink: (data) => `${folder}/events/${data.source.data.id}.json`,
      eleventyExcludeFromCollections: true,
    },
    render(data) {
      const items = data.collections[`events_${source}`];
      const convert = code === 'zh_CN' ? (text) => this.simplified(text) : undefined;
      const local = (event) => (convert ? simplifiedEvent(event, convert) : event);
      const event = local(eventOf(data.source.data, source, data.source.content));
      const others = otherEvents(items, event.id).map((item) => local(eventOf(item.data, source)));
      return JSON.stringify({ items: { data: event, otherEvent: others } });
    },
  };
}
