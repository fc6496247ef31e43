import { renderToStaticMarkup } from 'react-dom/server';
import { PageContextProvider, usePage } from '../context.tsx';
import { ContentImage } from './Picture.tsx';

/**
 * An event's story: markdown-it's HTML (raw HTML turned off: only the Markdown's own elements),
 * its images of content/assets shown as every content image is (a photograph as its encodings,
 * with its size), since the site has no copy of a photograph itself.
 */
export function EventBody({ html }: { html: string }) {
  const page = usePage();
  const shown = withBodyImages(html, (src, alt) =>
    renderToStaticMarkup(
      <PageContextProvider value={page}>
        <ContentImage src={src} alt={alt} slot="article" />
      </PageContextProvider>,
    ),
  );
  return <div className="event-body" dangerouslySetInnerHTML={{ __html: shown }} />;
}

/** Each `<img>` of content/assets in a story, as markdown-it writes it, replaced by `replace`'s markup for its address and text. */
export function withBodyImages(html: string, replace: (src: string, alt: string) => string): string {
  if (!html.includes('<img src="/assets/')) return html;
  return html.replace(/<img src="(\/assets\/[^"]*)" alt="([^"]*)"[^>]*>/g, (_, src: string, alt: string) => replace(unescaped(src), unescaped(alt)));
}

/** The text of an attribute markdown-it escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;`). */
function unescaped(text: string): string {
  return text.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name]!);
}
