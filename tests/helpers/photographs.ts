import sharp from 'sharp';

/**
 * Photographs made at run time, never committed, for the image tests and bench/images.ts: what a
 * report team drops into content/assets straight from a camera or a screen.
 */

/** Where the camera was: the GPS position the build must not publish. */
const position = { GPSLatitudeRef: 'N', GPSLatitude: '25/1 3/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' };

/**
 * A busy camera photograph as a JPEG of about 6 MB, `width` × `height` as stored: a colour gradient
 * under fine grain and coarse mottling (the mottling survives downscaling, as foliage or gravel
 * does, so its small encodings are as heavy as a photograph's get). It carries EXIF with the GPS
 * position and, when given, an orientation (6: taken with the camera on its side, shown turned a
 * quarter, `height` × `width`). `seed` varies the grain so that photographs differ.
 */
export async function writePhotograph(
  file: string,
  { width = 4000, height = 3000, orientation, seed = 0 }: { width?: number; height?: number; orientation?: number; seed?: number } = {},
): Promise<void> {
  const corners = Buffer.from([30 + seed * 20, 90, 160, 200, 140, 60, 20, 120 + seed * 10, 60, 240, 220, 200].map((value) => value % 256));
  const grain = (scale: number) =>
    sharp({
      create: {
        width: Math.round(width / scale),
        height: Math.round(height / scale),
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128 + seed, sigma: scale > 1 ? 24 : 45 },
      },
    })
      .resize(width, height, { kernel: 'cubic' })
      .png({ compressionLevel: 0 })
      .toBuffer();
  const [fine, coarse] = await Promise.all([grain(1), grain(4)]);
  await sharp(corners, { raw: { width: 2, height: 2, channels: 3 } })
    .resize(width, height, { kernel: 'linear' })
    .composite([
      { input: coarse, blend: 'overlay' },
      { input: fine, blend: 'soft-light' },
    ])
    .jpeg({ quality: 92 })
    .withMetadata(orientation ? { orientation } : {})
    .withExif({ IFD0: { Make: 'Huayue test camera' }, IFD3: position })
    .toFile(file);
}

/** A screenshot-like PNG with transparency: flat panels and lines of "text" on a transparent ground. */
export async function writeScreenshot(file: string, width = 1280, height = 800): Promise<void> {
  const panel = (left: number, top: number, w: number, h: number, colour: string) => ({
    input: { create: { width: w, height: h, channels: 4 as const, background: colour } },
    left,
    top,
  });
  const lines = Array.from({ length: 20 }, (_, i) => panel(80, 120 + i * 28, 300 + ((i * 97) % 700), 12, '#3d4a48'));
  await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([panel(0, 0, width, 64, '#0f5c55'), panel(40, 96, width - 80, height - 136, '#f5f8f7'), ...lines])
    .png()
    .toFile(file);
}
