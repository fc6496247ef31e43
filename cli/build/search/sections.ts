import { parseDocument, DomUtils } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { descriptionOf, mainOf, titleOf } from './pageParts.ts';
import type { ResultKind } from '../../../widgets/search/engine.ts';

/** Elements whose text a reader of the page does not read as content. */
const skippedTags: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript', 'button', 'svg', 'form']);
/** Elements whose text is a listing (rows, items), indexed apart from the running text. */
const listingTags: ReadonlySet<string> = new Set(['table', 'ul', 'ol', 'dl']);
/** Elements that end a run of text, so words on either side do not run together. */
const blockTags: ReadonlySet<string> = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'td',
  'th',
  'tr',
  'table',
  'caption',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'figcaption',
  'blockquote',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'aside',
]);

/**
 * The kinds of page whose `<meta name="description">` is searched with their lead: a topic page's
 * says what the topic covers (淨零 in the climate strategy's). An event's is the summary the event
 * list shows, and written into the lead of 10,000 events it made the term shards a seventh larger;
 * an index's, a summary's or a hub's says what it lists.
 */
export const describedKinds: ReadonlySet<ResultKind> = new Set(['focus', 'topic']);

/** A section of a page, as the search stage indexes and stores it. */
export interface PageSection {
  /** Its own heading; '' for the part before the first heading. */
  heading: string;
  /** Parent headings and its heading, for ranking. */
  headings: string;
  /** The id it links to: the closest one around its heading (the `<section id>` of article pages). */
  anchor: string;
  /** The text of its `.lead` paragraphs (the page's lead), ranked above other text. */
  lead: string;
  text: string;
  /** The text of its tables and lists, ranked below its running text. */
  listing: string;
}

/** A page as search reads it: its title (its h1) and its sections. */
export interface PageSections {
  title: string;
  sections: PageSection[];
}

/**
 * Splits the <main> of a rendered page into sections at its h2 and h3 headings. Each section keeps
 * its heading and parent heading, its lead and other text, and the nearest id around its heading,
 * so a result lands on it. The text before the first heading (page header, lead) is a section
 * without a heading; on a page of the `describedKinds`, its lead begins with the page's description.
 */
export function sectionsOfPage(html: string, kind?: ResultKind): PageSections {
  // Only <main> is read, so only it is parsed: the header's menu and the footer are three
  // quarters of a page, and parsing them made up most of this stage's time.
  const markup = mainOf(html);
  const document = markup ? parseDocument(markup) : undefined;
  const main = document && DomUtils.findOne((element) => element.name === 'main', document.children);
  if (!main) return { title: pageTitleOf(html), sections: [] };
  const h1 = DomUtils.findOne((element) => element.name === 'h1', main.children);
  const title = h1 ? clean(DomUtils.textContent(h1)) : pageTitleOf(html);
  const sections: { heading: string; parents: string[]; anchor: string; text: string[]; lead: string[]; listing: string[] }[] = [
    { heading: '', parents: [], anchor: '', text: [], lead: [], listing: [] },
  ];
  let parentHeading = '';
  let inLead = false;
  /** How many tables and lists the text is in. */
  let listingDepth = 0;
  /** Where the text being read goes. */
  const run = () => {
    const section = sections.at(-1)!;
    return inLead ? section.lead : listingDepth ? section.listing : section.text;
  };
  const visit = (node: ChildNode) => {
    if (node.type === 'text') {
      run().push(node.data);
      return;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return;
    const element = node as Element;
    if (isHidden(element) || element === h1) return;
    if (element.name === 'h2' || element.name === 'h3') {
      const heading = clean(DomUtils.textContent(element));
      if (element.name === 'h2') parentHeading = heading;
      sections.push({
        heading,
        parents: element.name === 'h3' && parentHeading ? [parentHeading] : [],
        anchor: anchorOf(element, main),
        text: [],
        lead: [],
        listing: [],
      });
      return;
    }
    const block = blockTags.has(element.name);
    const lead = !inLead && classesOf(element).includes('lead');
    const listing = listingTags.has(element.name);
    if (block) run().push(' ');
    if (lead) inLead = true;
    if (listing) listingDepth++;
    element.children.forEach(visit);
    if (listing) listingDepth--;
    if (lead) {
      inLead = false;
      sections.at(-1)!.lead.push(' ');
    }
    if (block) run().push(' ');
  };
  main.children.forEach(visit);
  const found = sections.map((section) => ({
    ...section,
    text: clean(section.text.join('')),
    lead: clean(section.lead.join('')),
    listing: clean(section.listing.join('')),
  }));
  // A topic page's description says what it is about, as its lead does: it is searched with the
  // lead (and shown with it), unless the page already says it.
  const description = kind && describedKinds.has(kind) ? pageDescriptionOf(html) : '';
  const first = found[0]!;
  if (description && ![first.lead, first.text].some((text) => text.includes(description))) first.lead = `${description} ${first.lead}`.trim();
  // The part before the first heading is kept when it says something, or when it is all there is.
  const kept = found.filter((section, index) => index > 0 || section.text || section.lead || section.listing || found.length === 1);
  return {
    title,
    sections: kept.map((section) => ({
      heading: section.heading,
      headings: [...section.parents, section.heading].join(' / '),
      anchor: section.anchor,
      lead: section.lead,
      text: section.text,
      listing: section.listing,
    })),
  };
}

/**
 * What a reader does not see, and what a template marks `data-search-skip` because it repeats
 * other pages (the "other events" cards under an event).
 */
function isHidden(element: Element): boolean {
  const classes = classesOf(element);
  return (
    skippedTags.has(element.name) ||
    'data-search-skip' in element.attribs ||
    'hidden' in element.attribs ||
    element.attribs['aria-hidden'] === 'true' ||
    classes.includes('visually-hidden')
  );
}

function classesOf(element: Element): string[] {
  return (element.attribs.class ?? '').split(/\s+/);
}

/** The id of the closest element around the heading inside <main>, else the heading's own id. */
function anchorOf(heading: Element, main: Element): string {
  for (let node = heading.parent; node && node !== main; node = node.parent) {
    if (node.type === 'tag' && (node as Element).attribs.id) return (node as Element).attribs.id!;
  }
  return heading.attribs.id ?? '';
}

/** The text of the page's `<meta name="description">`, or ''. */
function pageDescriptionOf(html: string): string {
  const found = descriptionOf(html);
  const meta = found && DomUtils.findOne((element) => element.name === 'meta', parseDocument(found).children);
  return meta ? clean(meta.attribs.content ?? '') : '';
}

/** The page's <title> text without the site name after the bar. */
function pageTitleOf(html: string): string {
  const found = titleOf(html);
  const title = found && DomUtils.findOne((element) => element.name === 'title', parseDocument(found).children);
  return title ? clean(DomUtils.textContent(title).split(' | ')[0]!) : '';
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
