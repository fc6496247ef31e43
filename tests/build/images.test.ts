import { mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element } from 'domhandler';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build/index.ts';
import { candidateWidths } from '../../cli/imageEncoding.ts';
import { imageSlots } from '../../templates/blocks/Picture.tsx';
import { page } from '../helpers/html.ts';
import { writePhotograph, writeScreenshot } from '../helpers/photographs.ts';
import { buildProblems, clientBundleEntry, contentCopy, editContent, tempDir } from '../helpers/site.ts';

/** A camera photograph (stored 4000 × 3000, EXIF orientation 6, GPS) and a screenshot (1280 × 800 PNG). */
const photograph = '/assets/images/photos/harbour-cleanup.jpg';
const screenshot = '/assets/images/photos/energy-dashboard.png';
const eventFile = 'zh_TW/events/2023-blood-drive.md';
/** What a 390-pixel phone at DPR 2 downloads at most, in each format. */
const phoneBudget = 120 * 1024;

let content: string;
let outDir: string;
let cacheDir: string;
let first: BuildResult;
const read = (path: string) => readFileSync(join(outDir, path), 'utf8');

/** Every candidate of a srcset: `/_esg/img/a-480.avif 480w, …` → [{ url, width }]. */
function candidates(srcset: string | undefined): { url: string; width: number }[] {
  return (srcset ?? '').split(', ').map((candidate) => {
    const [url, width] = candidate.split(' ');
    return { url: url!, width: Number(width!.replace(/w$/, '')) };
  });
}

/** The <picture> whose <img> shows `alt`, with its sources by type and its <img>. */
function pictureOf(html: string, alt: string) {
  const dom = page(html);
  const img = dom.byTag('img').find((element) => element.attribs.alt === alt);
  if (!img) throw new Error(`no image "${alt}"`);
  const picture = img.parent as Element;
  expect(picture.name).toBe('picture');
  const sources: Record<string, Record<string, string>> = Object.fromEntries(
    dom.byTag('source', picture).map((source) => [source.attribs.type, source.attribs]),
  );
  return { img: img.attribs, sources, srcsets: [...Object.values(sources).map((source) => source.srcset), img.attribs.srcset] };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const coverAlt = () => /^coverAlt: "(.*)"$/m.exec(readFileSync(join(content, eventFile), 'utf8'))![1]!;

beforeAll(async () => {
  // This file's own build cache: the second build must find what the first encoded.
  cacheDir = tempDir('esg-cache-');
  process.env.ESG_CACHE_DIR = cacheDir;
  content = contentCopy();
  mkdirSync(join(content, 'assets/images/photos'));
  await Promise.all([writePhotograph(join(content, photograph), { orientation: 6 }), writeScreenshot(join(content, screenshot))]);
  editContent(content, eventFile, (text) => text.replace(/^cover: .*$/m, `cover: ${photograph}`));
  editContent(content, 'zh_TW/home.yaml', (text) => text.replace('/assets/images/home/banner-1.svg', photograph));
  editContent(content, 'zh_TW/pages/company.yaml', (text) =>
    text.replace(
      '      - type: image\n',
      `      - type: image\n        image:\n          src: ${screenshot}\n          alt: 能源管理系統的畫面\n      - type: image\n`,
    ),
  );
  outDir = join(tempDir(), 'out');
  first = await build({ contentDir: content, outDir, verbose: false });
});

describe('photographs in the content are published as AVIF, WebP and JPEG at several widths', () => {
  it('shows an event cover as a <picture>: AVIF and WebP sources, a JPEG <img> the size of the photograph as shown, fetched first', () => {
    const { img, sources } = pictureOf(read('zh_TW/event/2023-blood-drive/index.html'), coverAlt());
    expect(Object.keys(sources)).toEqual(['image/avif', 'image/webp']);
    expect(candidates(sources['image/avif']!.srcset).every(({ url }) => url.endsWith('.avif'))).toBe(true);
    expect(candidates(sources['image/webp']!.srcset).every(({ url }) => url.endsWith('.webp'))).toBe(true);
    expect(candidates(img.srcset).every(({ url }) => /^\/_esg\/img\/harbour-cleanup-[0-9a-f]{10}-\d+\.jpg$/.test(url))).toBe(true);
    expect(img.src).toMatch(/\.jpg$/);
    // Stored 4000 × 3000 with the camera on its side: shown 3000 wide and 4000 high.
    expect(img).toMatchObject({ class: 'event-cover', width: '3000', height: '4000', sizes: imageSlots.cover, fetchpriority: 'high' });
    expect(img.loading).toBeUndefined();
    for (const source of Object.values(sources)) expect(source.sizes).toBe(imageSlots.cover);
  });

  it("offers the widths up to the photograph's own, never wider", () => {
    const cover = pictureOf(read('zh_TW/event/2023-blood-drive/index.html'), coverAlt());
    for (const srcset of cover.srcsets) expect(candidates(srcset).map(({ width }) => width)).toEqual([480, 800, 1200, 1600]);
    const shot = pictureOf(read('zh_TW/company/index.html'), '能源管理系統的畫面');
    for (const srcset of shot.srcsets) expect(candidates(srcset).map(({ width }) => width)).toEqual([480, 800, 1200, 1280]);
    expect(candidateWidths(800)).toEqual([480, 800]);
    expect(candidateWidths(300)).toEqual([300]);
  });

  it('loads every other photograph lazily, sized for its place', () => {
    const card = pictureOf(read('zh_TW/event/index.html'), coverAlt()).img;
    expect(card).toMatchObject({ loading: 'lazy', decoding: 'async', sizes: imageSlots.card });
    expect(card.fetchpriority).toBeUndefined();
    expect(pictureOf(read('zh_TW/company/index.html'), '能源管理系統的畫面').img).toMatchObject({
      loading: 'lazy',
      decoding: 'async',
      sizes: imageSlots.article,
      width: '1280',
      height: '800',
    });
    const home = page(read('zh_TW/index.html'));
    const banner = home.byTag('img', home.byClass('banner-image')[0])[0]!.attribs;
    expect(banner).toMatchObject({ sizes: imageSlots.banner, fetchpriority: 'high' });
    expect(banner.loading).toBeUndefined();
  });

  it('never links to the original files nor copies them into the site; the events API gives the JPEG', () => {
    const api = JSON.parse(read('api/events/2023-blood-drive.json')) as { items: { data: { cover: string } } };
    expect(api.items.data.cover).toMatch(/^\/_esg\/img\/harbour-cleanup-[0-9a-f]{10}-1200\.jpg$/);
    expect(statSync(join(outDir, api.items.data.cover)).isFile()).toBe(true);
    const files = filesUnder(outDir);
    for (const original of [photograph, screenshot]) {
      const name = original.split('/').at(-1)!;
      expect(files.filter((file) => file.endsWith(`/${name}`))).toEqual([]);
      for (const file of files.filter((path) => /\.(html|json)$/.test(path))) expect(readFileSync(file, 'utf8').includes(name), file).toBe(false);
    }
  });

  it('writes every candidate turned upright, at its width, without EXIF or the GPS position', async () => {
    const source = await sharp(join(content, photograph)).metadata();
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer: the test has something to strip
    const cover = pictureOf(read('zh_TW/event/2023-blood-drive/index.html'), coverAlt());
    const shot = pictureOf(read('zh_TW/company/index.html'), '能源管理系統的畫面');
    for (const [picture, ratio] of [
      [cover, 4000 / 3000],
      [shot, 800 / 1280],
    ] as const) {
      for (const { url, width } of picture.srcsets.flatMap(candidates)) {
        const encoded = await sharp(join(outDir, url)).metadata();
        expect(encoded, url).toMatchObject({ width, height: Math.round(width * ratio) });
        expect(encoded.exif, url).toBeUndefined();
        expect(encoded.orientation, url).toBeUndefined();
      }
    }
  });

  it('keeps what a 390-pixel phone at DPR 2 downloads within 120 KB in every format', () => {
    const pictures = [
      pictureOf(read('zh_TW/event/2023-blood-drive/index.html'), coverAlt()),
      pictureOf(read('zh_TW/company/index.html'), '能源管理系統的畫面'),
    ];
    for (const srcset of pictures.flatMap((picture) => picture.srcsets)) {
      const list = candidates(srcset);
      const phone = list.find(({ width }) => width >= 780) ?? list.at(-1)!;
      expect(statSync(join(outDir, phone.url)).size, phone.url).toBeLessThanOrEqual(phoneBudget);
    }
  });

  it('encodes nothing when the photographs are unchanged: the encodings come from the build cache', async () => {
    expect(first.images).toEqual({ encoded: 2, cached: 0 });
    const store = join(cacheDir, 'images');
    // The encodings as written; each photograph's size file is touched by every build that uses it.
    const stamps = () =>
      Object.fromEntries(
        readdirSync(store)
          .filter((name) => !name.endsWith('.json'))
          .map((name) => [name, statSync(join(store, name)).mtimeMs]),
      );
    const before = stamps();
    const second = await build({ contentDir: content, outDir: join(tempDir(), 'out'), verbose: false });
    expect(second.images).toEqual({ encoded: 0, cached: 2 });
    expect(stamps()).toEqual(before);
    // The encodings share out/_esg/ with the client bundle, whose cache entry keeps only its own files.
    expect(readdirSync(join(clientBundleEntry(), 'files')).filter((name) => !/\.(js|css)(\.br|\.gz)?$/.test(name))).toEqual([]);
    expect(read('zh_TW/event/2023-blood-drive/index.html')).toBe(readFileSync(join(second.outDir, 'zh_TW/event/2023-blood-drive/index.html'), 'utf8'));
  });
});

describe('the encodings in a build cache that builds of other content share', () => {
  it('keeps those another build used within the hour, and lets go of those no build used for longer', async () => {
    const store = join(cacheDir, 'images');
    const keys = () => new Set(readdirSync(store).map((name) => name.slice(0, 64)));
    const ours = keys();
    expect(ours.size).toBe(2);
    // The sample content names neither photograph: another branch's `esg build`, say, sharing the cache.
    const other = contentCopy();
    await build({ contentDir: other, outDir: join(tempDir(), 'out'), verbose: false });
    expect(keys()).toEqual(ours);
    // Encoded an hour and a minute ago: a build that uses them marks them used now.
    const anHourAgo = () => {
      const earlier = new Date(Date.now() - 61 * 60 * 1000);
      for (const name of readdirSync(store)) utimesSync(join(store, name), earlier, earlier);
    };
    anHourAgo();
    expect((await build({ contentDir: content, outDir: join(tempDir(), 'out'), verbose: false })).images).toEqual({ encoded: 0, cached: 2 });
    await build({ contentDir: other, outDir: join(tempDir(), 'out'), verbose: false });
    expect(keys()).toEqual(ours);
    // An hour and a minute with no build of the photographs' content; and an encoding a build
    // stopped on the way left half written.
    writeFileSync(join(store, `${[...ours][0]}-480.avif.4242.tmp`), 'half an AVIF');
    anHourAgo();
    await build({ contentDir: other, outDir: join(tempDir(), 'out'), verbose: false });
    expect(readdirSync(store)).toEqual([]);
  });
});

describe('an image that cannot be read', () => {
  it('fails the build with ESG4012 at each field naming it, with every other problem of the run', async () => {
    const broken = contentCopy();
    mkdirSync(join(broken, 'assets/images/photos'));
    const cut = join(broken, '/assets/images/photos/cut-short.jpg');
    await writePhotograph(cut, { width: 1200, height: 900 });
    writeFileSync(cut, readFileSync(cut).subarray(0, 200_000));
    writeFileSync(join(broken, '/assets/images/photos/not-a-picture.png'), 'Meeting notes, saved under the wrong name.\n');
    editContent(broken, eventFile, (text) => text.replace(/^cover: .*$/m, 'cover: /assets/images/photos/cut-short.jpg'));
    editContent(broken, 'zh_TW/pages/company.yaml', (text) =>
      text.replace(
        '      - type: image\n',
        '      - type: image\n        image:\n          src: /assets/images/photos/not-a-picture.png\n          alt: 廠區\n      - type: image\n',
      ),
    );
    editContent(broken, 'zh_TW/pages/about.yaml', (text) => text.replace('url: /report/sasb }', 'url: /report/sasbb }'));
    const problems = await buildProblems(broken);
    const lineOf = (path: string, text: string) =>
      readFileSync(join(broken, path), 'utf8')
        .split('\n')
        .findIndex((line) => line.includes(text)) + 1;
    expect(problems.find((problem) => problem.file.endsWith(eventFile))).toMatchObject({
      code: 'ESG4012',
      field: 'cover',
      line: lineOf(eventFile, 'cover: /assets/images/photos/cut-short.jpg'),
    });
    const notAPicture = problems.find((problem) => problem.file.endsWith('zh_TW/pages/company.yaml'));
    expect(notAPicture).toMatchObject({ code: 'ESG4012', line: lineOf('zh_TW/pages/company.yaml', 'src: /assets/images/photos/not-a-picture.png') });
    expect(notAPicture?.field).toMatch(/\.image\.src$/);
    expect(problems.map((problem) => problem.code).sort()).toEqual(['ESG4005', 'ESG4012', 'ESG4012']);
  });
});
