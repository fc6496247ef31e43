import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';
import { hashOf, packagesHash, type TextFunction } from '../cache.ts';
import { leadsToEvidence } from './trace.ts';

/** How event bodies are read: raw HTML off (only Markdown's own elements), bare addresses made links. */
export const markdownOptions = { html: false, linkify: true, typographer: false };

let parser: InstanceType<typeof MarkdownIt> | undefined;

/** markdown-it, loaded on first use: a build whose bodies are all in the build cache never loads it. */
function markdownIt(): InstanceType<typeof MarkdownIt> {
  parser ??= new (createRequire(import.meta.url)('markdown-it') as typeof MarkdownIt)(markdownOptions);
  return parser;
}

export function renderMarkdown(body: string): string {
  return markdownIt().render(body);
}

/**
 * Event bodies as HTML, kept in the build cache (cli/cache.ts) by their text, and by the build
 * session (cli/build/session.ts): rendering every event's Markdown again was a sixth of a build
 * after one event changed. markdown-it is loaded only when a body is new.
 */
export const markdownTexts: TextFunction = { name: 'markdown', key: () => hashOf('markdown', markdownOptions, packagesHash()), make: renderMarkdown };

/** A link or image of a Markdown text: its address as written, and where it is (an offset of the text). */
export interface MarkdownLink {
  url: string;
  offset: number;
  image: boolean;
}

/**
 * The links and images of a Markdown text whose address is a site path (`/about#scope`,
 * `/assets/reports/x.pdf`), with their offsets, for the reference checks. Full addresses
 * (`https://…`) are not the site's to check.
 */
export function markdownLinks(body: string): MarkdownLink[] {
  // Inline links and images have `](`, reference definitions `]:`; most bodies have neither.
  if (!/\]\(|\]:/.test(body)) return [];
  const md = markdownIt();
  const lineStarts = [0];
  for (let at = body.indexOf('\n'); at >= 0; at = body.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const links: MarkdownLink[] = [];
  for (const block of md.parse(body, {})) {
    if (block.type !== 'inline' || !block.children) continue;
    let from = lineStarts[block.map?.[0] ?? 0] ?? 0;
    for (const token of block.children) {
      const url = token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null;
      // A relative link is the site's concern only when it leads into the evidence, which is never published.
      if (typeof url !== 'string' || ((!url.startsWith('/') || url.startsWith('//')) && !leadsToEvidence(url))) continue;
      // markdown-it gives the address percent-encoded; the text has it as the writer typed it.
      const written = md.normalizeLinkText(url);
      const inline = [written, url].map((text) => body.indexOf(`(${text}`, from)).find((at) => at >= 0);
      const defined = inline === undefined ? [written, url].map((text) => body.indexOf(`]: ${text}`)).find((at) => at >= 0) : undefined;
      const offset = inline !== undefined ? inline + 1 : defined !== undefined ? defined + 3 : from;
      links.push({ url: written, offset, image: token.type === 'image' });
      from = offset + 1;
    }
  }
  return links;
}
