import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { page } from '../helpers/html.ts';
import { buildSample, contentCopy, editContent, tempDir } from '../helpers/site.ts';

/** Each image of the test with the size its <img> should say. */
const images = [
  { file: 'photo.png', width: 120, height: 80 },
  { file: 'photo.jpg', width: 90, height: 60 },
  // Taken with the phone on its side: stored 90 × 60, shown 60 × 90.
  { file: 'turned.jpg', width: 60, height: 90 },
  { file: 'photo.webp', width: 64, height: 48 },
  { file: 'photo.avif', width: 40, height: 30 },
  { file: 'drawing.svg', width: 200, height: 100 },
];

async function writeImages(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const pixels = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6' } });
  await pixels(120, 80).png().toFile(join(folder, 'photo.png'));
  await pixels(90, 60).jpeg().toFile(join(folder, 'photo.jpg'));
  await pixels(90, 60).jpeg().withMetadata({ orientation: 6 }).toFile(join(folder, 'turned.jpg'));
  await pixels(64, 48).webp().toFile(join(folder, 'photo.webp'));
  await pixels(40, 30).avif().toFile(join(folder, 'photo.avif'));
  writeFileSync(
    join(folder, 'drawing.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#2a6"/></svg>',
  );
}

describe('images get their width and height', () => {
  let html: string;
  beforeAll(async () => {
    // A build cache of its own: the encodings of this file's images only.
    process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
    const content = contentCopy();
    await writeImages(join(content, 'assets/images/test'));
    const blocks = images
      .map(({ file }) => `      - type: image\n        image:\n          src: /assets/images/test/${file}\n          alt: 測試圖片 ${file}\n`)
      .join('');
    editContent(content, 'zh_TW/pages/company.yaml', (text) => text.replace('      - type: image\n', `${blocks}      - type: image\n`));
    html = readFileSync(join(await buildSample(content), 'zh_TW/company/index.html'), 'utf8');
  });

  it.each(images)('$file: $width × $height', ({ file, width, height }) => {
    const img = page(html)
      .byTag('img')
      .find((element) => element.attribs.alt === `測試圖片 ${file}`);
    expect(img?.attribs).toMatchObject({ width: String(width), height: String(height) });
  });
});
