/**
 * bench/images: what photographs cost the build and a phone. A copy of the sample content gets ten
 * generated camera photographs (4000 × 3000 JPEGs of about 6 MB, busy enough to be a harsh case;
 * tests/helpers/photographs.ts) as six event covers, two home banners and two article images, and
 * is built in fresh `esg build` processes:
 * - once with an empty build cache, encoding all ten (target: under 30 s on two cores);
 * - then with the cache that build left, alternating with cached builds of the plain sample
 *   (target: within 0.5 s of it);
 * and prints what a 390-pixel phone at DPR 2 downloads for each place: the candidate the browser
 * picks from the srcset for the place's `sizes`, in each format (target: at most 120 KB).
 * Run with `node bin/run.js bench/images.ts` (`--runs 5` for more cached builds). Everything is
 * written under the system temp folder and removed afterwards.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { page } from '../tests/helpers/html.ts';
import { writePhotograph } from '../tests/helpers/photographs.ts';
import { esgBuild, type BuildRun } from './esgBuild.ts';

const root = resolve(import.meta.dirname, '..');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
const targets = { firstSeconds: 30, cachedExtraSeconds: 0.5, phoneKb: 120 };
const phone = { width: 390, dpr: 2 };

/** The sample content with ten photographs; returns where each place shows one. */
async function writeContent(dir: string): Promise<{ page: string; photograph: string; place: string }[]> {
  cpSync(join(root, 'content'), dir, { recursive: true });
  mkdirSync(join(dir, 'assets/images/photos'));
  const photograph = (i: number) => `/assets/images/photos/photo-${i}.jpg`;
  // Two at a time (each holds a few 36 MB layers); one in five taken with the camera on its side.
  for (let i = 0; i < 10; i += 2)
    await Promise.all([i, i + 1].map((n) => writePhotograph(join(dir, photograph(n)), { seed: n, orientation: n % 5 === 4 ? 6 : undefined })));
  const edit = (path: string, change: (text: string) => string) => writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));
  const events = readdirSync(join(dir, 'zh_TW/events')).sort().reverse().slice(0, 6);
  events.forEach((file, i) => edit(`zh_TW/events/${file}`, (text) => text.replace(/^cover: .*$/m, `cover: ${photograph(i)}`)));
  edit('zh_TW/home.yaml', (text) => text.replace('/assets/images/home/banner-1.svg', photograph(6)).replace('/assets/images/home/banner-2.svg', photograph(7)));
  const blocks = [8, 9].map((i) => `      - type: image\n        image:\n          src: ${photograph(i)}\n          alt: 廠區照片 ${i}\n`).join('');
  edit('zh_TW/pages/company.yaml', (text) => text.replace('      - type: image\n', `${blocks}      - type: image\n`));
  const event = events[0]!.replace(/\.md$/, '');
  return [
    { place: 'event cover', page: `zh_TW/event/${event}/index.html`, photograph: photograph(0) },
    { place: 'event card', page: 'zh_TW/event/index.html', photograph: photograph(0) },
    { place: 'home banner', page: 'zh_TW/index.html', photograph: photograph(6) },
    { place: 'article image', page: 'zh_TW/company/index.html', photograph: photograph(8) },
  ];
}

/** The width `sizes` gives at a window `viewport` pixels wide: `(min-width: 1000px) 960px, calc(100vw - 40px)`. */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(', ')) {
    const [, minWidth, length] = /^(?:\(min-width: (\d+)px\) )?(.+)$/.exec(entry)!;
    if (minWidth && viewport < Number(minWidth)) continue;
    const calc = /^calc\(([\d.]+)vw - (\d+)px\)$/.exec(length!);
    if (calc) return (viewport * Number(calc[1])) / 100 - Number(calc[2]);
    return length!.endsWith('vw') ? (viewport * parseFloat(length!)) / 100 : parseFloat(length!);
  }
  throw new Error(`no size for ${viewport} px in "${sizes}"`);
}

/** Per format, the candidate the phone picks for the photograph's place: the narrowest wide enough, else the widest. */
function phoneCandidates(outDir: string, html: string, photograph: string) {
  const name = photograph
    .split('/')
    .at(-1)!
    .replace(/\.jpg$/, '');
  const dom = page(html);
  const picture = dom.byTag('picture').find((element) => dom.byTag('img', element)[0]!.attribs.srcset!.includes(`/${name}-`))!;
  const img = dom.byTag('img', picture)[0]!.attribs;
  const needed = slotWidth(img.sizes!, phone.width) * phone.dpr;
  return {
    needed,
    formats: [...dom.byTag('source', picture).map((source) => source.attribs), img].map((element) => {
      const list = element.srcset!.split(', ').map((candidate) => ({ url: candidate.split(' ')[0]!, width: Number(candidate.split(' ')[1]!.slice(0, -1)) }));
      const pick = list.find((candidate) => candidate.width >= needed) ?? list.at(-1)!;
      return { format: pick.url.split('.').at(-1)!, width: pick.width, kb: statSync(join(outDir, pick.url)).size / 1024 };
    }),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const imagesLine = (run: BuildRun) => /^. images.*$/m.exec(run.stdout)?.[0] ?? '(no images line)';
/** Each stage's time in a build's lines (`✓ render   640 ms`), by stage name. */
const stageTimes = (run: BuildRun) =>
  new Map([...run.stdout.matchAll(/^. (\w+).*? ([\d.]+) (s|ms)$/gm)].map(([, stage, time, unit]) => [stage!, Number(time) * (unit === 's' ? 1000 : 1)]));
/** The stages whose median differs by 20 ms or more between two series of builds: where the difference goes. */
function stageDifferences(base: BuildRun[], other: BuildRun[]): string {
  const medianOf = (runs: BuildRun[], stage: string) => median(runs.map((run) => stageTimes(run).get(stage) ?? 0));
  const stages = [...stageTimes(other[0]!).keys()];
  const differences = stages.map((stage) => [stage, medianOf(other, stage) - medianOf(base, stage)] as const).filter(([, ms]) => Math.abs(ms) >= 20);
  return differences.map(([stage, ms]) => `${stage} ${ms > 0 ? '+' : ''}${Math.round(ms)} ms`).join(', ') || 'none of 20 ms or more';
}

const work = mkdtempSync(join(tmpdir(), 'esg-bench-images-'));
try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const started = performance.now();
  const photos = join(work, 'content');
  const places = await writeContent(photos);
  console.log(
    `ten photographs written in ${seconds(performance.now() - started)} (${(readdirSync(join(photos, 'assets/images/photos')).reduce((sum, name) => sum + statSync(join(photos, 'assets/images/photos', name)).size, 0) / 2 ** 20).toFixed(1)} MB)\n`,
  );

  let builds = 0;
  const buildInto = (contentDir: string, cache: string) => esgBuild(contentDir, join(work, `out-${++builds}`), join(work, cache));
  const first = buildInto(photos, 'cache-photos');
  console.log(`first build, empty cache: ${seconds(first.buildMs)} (target < ${targets.firstSeconds} s), peak RSS ${first.rssMb.toFixed(0)} MB`);
  console.log(`  ${imagesLine(first)}`);

  buildInto(join(root, 'content'), 'cache-sample');
  const plain: BuildRun[] = [];
  const cached: BuildRun[] = [];
  for (let run = 0; run < runs; run++) {
    plain.push(buildInto(join(root, 'content'), 'cache-sample'));
    cached.push(buildInto(photos, 'cache-photos'));
  }
  const extra = median(cached.map((run) => run.buildMs)) - median(plain.map((run) => run.buildMs));
  console.log(
    `\ncached builds (median of ${runs}, alternating): sample ${seconds(median(plain.map((run) => run.buildMs)))}, with the photographs ${seconds(median(cached.map((run) => run.buildMs)))}: ${extra >= 0 ? '+' : ''}${seconds(extra)} (target ≤ +${targets.cachedExtraSeconds} s)`,
  );
  console.log(
    `  ${imagesLine(cached.at(-1)!)}; runs: sample ${plain.map((run) => seconds(run.buildMs)).join(' ')}, photographs ${cached.map((run) => seconds(run.buildMs)).join(' ')}`,
  );
  console.log(`  stages that differ (medians): ${stageDifferences(plain, cached)}`);

  const outDir = join(work, `out-${builds}`);
  console.log(`\nwhat a ${phone.width} px phone at DPR ${phone.dpr} downloads (target ≤ ${targets.phoneKb} KB each):`);
  console.log('place           slot × DPR   AVIF             WebP             JPEG');
  for (const { place, page: path, photograph } of places) {
    const { needed, formats } = phoneCandidates(outDir, readFileSync(join(outDir, path), 'utf8'), photograph);
    console.log(
      `${place.padEnd(15)} ${`${needed.toFixed(0)} px`.padStart(10)}   ${formats.map(({ width, kb }) => `${width}w ${kb.toFixed(1).padStart(5)} KB`.padEnd(16)).join(' ')}`,
    );
  }
  console.log(
    `\nload average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
