import type { Image } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';

/**
 * How wide each place shows a content image, as `sizes` tells the browser, which picks a candidate
 * of the srcset before it has laid out the page. Read from the CSS of widgets/styles; change both
 * together. Page columns (.article, .home-section) are at most 1200px with 20px padding each side.
 */
export const imageSlots = {
  /** A home banner fills the window (home.css, `.banner`). */
  banner: '100vw',
  /** An event page's cover: the column, at most 960px (content.css, `.event-cover`). */
  cover: '(min-width: 1000px) 960px, calc(100vw - 40px)',
  /** An article's opening picture: the whole column (content.css, `.hero`). */
  hero: '(min-width: 1200px) 1160px, calc(100vw - 40px)',
  /** A picture among an article's blocks: the text column, at most 840px (content.css, `.article-body`). */
  article: '(min-width: 880px) 840px, calc(100vw - 40px)',
  /**
   * An event or project card: columns of at least 260px with 16px gaps (content.css `.event-cards`,
   * home.css `.project-cards`): one below 576px, two below 852px, then three (the home page fits
   * four from 1128px, narrower than this says).
   */
  card: '(min-width: 1200px) 376px, (min-width: 852px) calc(33.33vw - 24px), (min-width: 576px) calc(50vw - 28px), calc(100vw - 40px)',
} as const;

export type ImageSlot = keyof typeof imageSlots;

/**
 * How wide each place prints a content image in the report book (A4, 18 mm margins), in
 * millimetres: a photograph is printed from the widest encoding of at most 200 dpi at that width.
 */
const printedWidths: Record<ImageSlot, number> = { banner: 210, cover: 174, hero: 174, article: 174, card: 56 };
const printDpi = 200;

/** The JPEG of a srcset (`a.jpg 480w, b.jpg 800w`) for a width in pixels: the widest not over it, else the narrowest. */
function printedCandidate(srcset: string, pixels: number): string {
  const candidates = srcset.split(', ').map((entry) => {
    const [url = '', width = '0w'] = entry.split(' ');
    return { url, width: Number.parseInt(width, 10) };
  });
  const fitting = candidates.filter((candidate) => candidate.width <= pixels);
  return (fitting.at(-1) ?? candidates[0]!).url;
}

/**
 * A content image. A photograph the build encoded is a <picture>: AVIF and WebP sources and a JPEG
 * <img>, each a srcset of widths the browser picks from for `slot`. An SVG is a plain <img>. Both
 * carry the width and height they show at, so nothing shifts as they load. Images load lazily,
 * except the largest above the fold (`priority`), which the browser fetches first.
 */
export function ContentImage({ src, alt, slot, priority, className }: { src: string; alt: string; slot: ImageSlot; priority?: boolean; className?: string }) {
  const { image, print } = usePage();
  const shown = image(src);
  if (print) {
    const jpeg = shown.sources?.at(-1);
    const file = jpeg ? printedCandidate(jpeg.srcset, Math.floor((printedWidths[slot] / 25.4) * printDpi)) : shown.src;
    return <img className={className} src={file} alt={alt} width={shown.width} height={shown.height} />;
  }
  const loading = priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const };
  const jpeg = shown.sources?.at(-1);
  const sizes = jpeg && imageSlots[slot];
  const img = (
    <img className={className} src={shown.src} srcSet={jpeg?.srcset} sizes={sizes} alt={alt} width={shown.width} height={shown.height} {...loading} />
  );
  if (!shown.sources) return img;
  return (
    <picture>
      {shown.sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/** An image of the content (a block, a banner, a hero) in its frame, with its caption when it has one. */
export function Picture({ image, slot = 'article', priority, className }: { image: Image; slot?: ImageSlot; priority?: boolean; className?: string }) {
  const { print } = usePage();
  const frame = ['picture', className].filter(Boolean).join(' ');
  const img = <ContentImage src={image.src} alt={image.alt} slot={slot} priority={priority} />;
  if (!image.caption) return <div className={frame}>{img}</div>;
  // In the report PDF the picture itself is the figure, with its text alternative; its caption is a paragraph.
  if (print) {
    return (
      <div className={frame}>
        {img}
        <p className="picture-caption">{image.caption}</p>
      </div>
    );
  }
  return (
    <figure className={frame}>
      {img}
      <figcaption>{image.caption}</figcaption>
    </figure>
  );
}
