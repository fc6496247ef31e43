import { parseDocument, DomUtils } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import type { SectionDocument } from '../../widgets/search/engine.ts';
import { mainOf, titleOf } from './pageParts.ts';

/** A section of a page before it gets its number in the index. */
export type PageSection = Omit<SectionDocument, 'id'>;

/** Elements whose text a reader of the page does not read as content. */
const skippedTags = new Set(['script', 'style', 'template', 'noscript', 'button', 'svg', 'form']);
/** Elements that end a run of text, so words on either side do not run together. */
const blockTags = new Set(['p', 'div', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'td', 'th', 'tr', 'table', 'caption', 'section', 'article', 'header', 'footer', 'figure', 'figcaption', 'blockquote', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'aside']);
const excerptLength = 140;

/**
 * Splits the <main> of a rendered page into sections at its h2 and h3 headings. Each section keeps
 * the page title, its heading and parent heading, its text, and the URL of the page with the
 * nearest id around its heading (the `<section id>` of article pages), so a result lands on it.
 * The text before the first heading (page header, lead) is a section named by the page title.
 */
export function sectionsOfPage(html: string, pagePath: string): PageSection[] {
  // Only <main> is read, so only it is parsed: the header's menu and the footer are three
  // quarters of a page, and parsing them made up most of this stage's time.
  const markup = mainOf(html);
  if (!markup) return [];
  const document = parseDocument(markup);
  const main = DomUtils.findOne((element) => element.name === 'main', document.children);
  if (!main) return [];
  const h1 = DomUtils.findOne((element) => element.name === 'h1', main.children);
  const title = h1 ? clean(DomUtils.textContent(h1)) : pageTitleOf(html);
  const sections: { heading: string; parents: string[]; anchor: string; text: string[] }[] = [{ heading: title, parents: [], anchor: '', text: [] }];
  let parentHeading = '';
  const visit = (node: ChildNode) => {
    if (node.type === 'text') {
      sections.at(-1)!.text.push(node.data);
      return;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return;
    const element = node as Element;
    if (isHidden(element) || element === h1) return;
    if (element.name === 'h2' || element.name === 'h3') {
      const heading = clean(DomUtils.textContent(element));
      if (element.name === 'h2') parentHeading = heading;
      sections.push({ heading, parents: element.name === 'h3' && parentHeading ? [parentHeading] : [], anchor: anchorOf(element, main), text: [] });
      return;
    }
    const block = blockTags.has(element.name);
    if (block) sections.at(-1)!.text.push(' ');
    element.children.forEach(visit);
    if (block) sections.at(-1)!.text.push(' ');
  };
  main.children.forEach(visit);
  const found = sections.map((section) => ({ ...section, text: clean(section.text.join('')) }));
  // The part before the first heading is kept when it says something, or when it is all there is.
  const kept = found.filter((section, index) => index > 0 || section.text || found.length === 1);
  return kept.map((section) => ({
    title,
    heading: section.heading,
    headings: [...section.parents, section.heading].join(' / '),
    text: section.text,
    url: section.anchor ? `${pagePath}#${section.anchor}` : pagePath,
    excerpt: excerptOf(section.text),
  }));
}

/**
 * What a reader does not see, and what a template marks `data-search-skip` because it repeats
 * other pages (the "other events" cards under an event).
 */
function isHidden(element: Element): boolean {
  const classes = (element.attribs.class ?? '').split(/\s+/);
  return skippedTags.has(element.name) || 'data-search-skip' in element.attribs || 'hidden' in element.attribs || element.attribs['aria-hidden'] === 'true' || classes.includes('visually-hidden');
}

/** The id of the closest element around the heading inside <main>, else the heading's own id. */
function anchorOf(heading: Element, main: Element): string {
  for (let node = heading.parent; node && node !== main; node = node.parent) {
    if (node.type === 'tag' && (node as Element).attribs.id) return (node as Element).attribs.id!;
  }
  return heading.attribs.id ?? '';
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

function excerptOf(text: string): string {
  const chars = [...text];
  return chars.length > excerptLength ? `${chars.slice(0, excerptLength).join('').trimEnd()}…` : text;
}
