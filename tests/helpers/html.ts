import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';

/** A built page, queried by tag and class: enough for asserting on events pages without a browser. */
export function page(html: string) {
  const document = parseDocument(html);
  const all = (test: (element: Element) => boolean, root: Element | typeof document = document): Element[] => DomUtils.findAll(test, [root]);
  return {
    /** Elements with this class (and this tag, when given). */
    byClass: (className: string, tag?: string, root?: Element) =>
      all((element) => (!tag || element.name === tag) && (element.attribs.class ?? '').split(/\s+/).includes(className), root),
    byTag: (tag: string, root?: Element) => all((element) => element.name === tag, root),
    byId: (id: string) => DomUtils.getElementById(id, document) ?? undefined,
    text: (element: Element) => DomUtils.textContent(element),
    /** The props an island is hydrated with: the JSON script just before the element (templates/Island.tsx). */
    islandProps: (element: Element): unknown => {
      const script = DomUtils.prevElementSibling(element);
      if (script?.name !== 'script' || script.attribs.type !== 'application/json')
        throw new Error(`no props before the island ${element.attribs['data-island']}`);
      return JSON.parse(DomUtils.textContent(script));
    },
  };
}
