import type { Image } from '../../schemas/types.ts';
import { usePage } from '../context.tsx';

/** An image from content/assets with its intrinsic size, lazy unless it is above the fold. */
export function Picture({ image, eager, className }: { image: Image; eager?: boolean; className?: string }) {
  const { imageSize } = usePage();
  const size = imageSize(image.src);
  const img = <img src={image.src} alt={image.alt} width={size?.width} height={size?.height} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
  if (!image.caption) return <div className={['picture', className].filter(Boolean).join(' ')}>{img}</div>;
  return (
    <figure className={['picture', className].filter(Boolean).join(' ')}>
      {img}
      <figcaption>{image.caption}</figcaption>
    </figure>
  );
}
