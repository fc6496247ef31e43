import type { Sharp } from 'sharp';

/**
 * How a photograph of the content is published: the widths and formats, and how hard each encoder
 * tries. Part of every encoding's cache key, so a change here encodes every photograph again.
 */
export const encoding = {
  /** Widths of the srcset: a phone (480, 800 at DPR 2), a tablet or laptop (1200), a wide screen (1600). */
  steps: [480, 800, 1200, 1600],
  /**
   * The formats, in the order of the <picture>'s sources; JPEG, last, is the <img>'s. At 800 pixels
   * these qualities give photographs that look alike in about 40 KB of AVIF, 60 KB of WebP and 55 KB
   * of JPEG (mozjpeg: a fifth smaller than libjpeg's, for six times its time). The efforts are
   * where a slower encoder saves little: AVIF's default (4) takes six times as long as 1 for files
   * 3–10% smaller, WebP's (4) twice as long as 2 for 4%. A 12-megapixel photograph then costs
   * about 2.5 s of one core.
   */
  formats: [
    { type: 'image/avif', extension: 'avif', quality: 50, effort: 1 },
    { type: 'image/webp', extension: 'webp', quality: 72, effort: 2 },
    { type: 'image/jpeg', extension: 'jpg', quality: 75 },
  ],
  /**
   * What a phone downloads: a 390-pixel wide screen at DPR 2 picks the 800 step. Every candidate up
   * to that width is encoded again at a lower quality (down by `step`, not under `floor`) while it
   * is over `bytes`: a photograph of gravel or foliage would otherwise cost a phone 150 KB of WebP.
   */
  phone: { width: 800, bytes: 120 * 1024, step: 8, floor: 40 },
} as const;

export type ImageFormat = (typeof encoding.formats)[number];

/**
 * The widths a photograph `width` pixels wide is published at: the steps narrower than it, and
 * its own width when it is narrower than the widest step. Never wider than the photograph.
 */
export function candidateWidths(width: number): number[] {
  const widest = Math.min(width, encoding.steps.at(-1)!);
  return [...encoding.steps.filter((step) => step < widest), widest];
}

/** sharp, loaded when a photograph is first read: a build of a site whose photographs are all in the build cache never loads it (a tenth of a second). */
async function loadSharp() {
  return (await import('sharp')).default;
}

/**
 * Reads a whole image at a small size (JPEG and WebP decode at an eighth): a file that is no image
 * or is cut short throws, for a fraction of the time an encoding takes. Its width and height as
 * shown, the EXIF orientation applied.
 */
export async function readImage(bytes: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const { autoOrient } = await sharp(bytes).metadata();
  await sharp(bytes).rotate().resize({ width: 64 }).raw().toBuffer();
  return autoOrient;
}

/**
 * Encodes a photograph at each width (`candidateWidths`, narrowest first) in each format, handing
 * every file to `save`. The image is decoded once, turned as its EXIF orientation says, made sRGB
 * and brought to the widest width (a JPEG decodes at a half or a quarter of its size for that, and
 * 12 megapixels are not held), then the narrower ones are resized from those pixels. Nothing of its
 * metadata (EXIF, GPS position, camera) is written: sharp writes none unless asked.
 */
export async function encodePhotograph(
  bytes: Buffer,
  widths: number[],
  save: (width: number, format: ImageFormat, data: Buffer) => Promise<void>,
): Promise<void> {
  const sharp = await loadSharp();
  const widest = await sharp(bytes)
    .rotate()
    .toColourspace('srgb')
    .resize({ width: widths.at(-1) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: widest.info.width, height: widest.info.height, channels: widest.info.channels };
  for (const width of widths) {
    const pixels = width === raw.width ? widest : await sharp(widest.data, { raw }).resize({ width }).raw().toBuffer({ resolveWithObject: true });
    const size = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
    for (const format of encoding.formats) await save(width, format, await encodeWithin(() => sharp(pixels.data, { raw: size }), format, width));
  }
}

async function encodeWithin(pixels: () => Sharp, format: ImageFormat, width: number): Promise<Buffer> {
  const { phone } = encoding;
  for (let quality = format.quality; ; quality -= phone.step) {
    const data = await encoder(pixels(), format, quality).toBuffer();
    if (width > phone.width || data.length <= phone.bytes || quality - phone.step < phone.floor) return data;
  }
}

function encoder(image: Sharp, format: ImageFormat, quality: number): Sharp {
  switch (format.extension) {
    case 'avif':
      return image.avif({ quality, effort: format.effort });
    case 'webp':
      return image.webp({ quality, effort: format.effort });
    case 'jpg':
      // A JPEG has no transparency: a screenshot's transparent parts turn white, not black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
  }
}
