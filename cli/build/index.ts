import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PageAssets } from '../../templates/context.tsx';
import { loadWidgets } from '../../templates/Island.tsx';
import { ContentDataCache } from '../content/yamlCache.ts';
import { ContentErrors, type ContentProblem } from '../errors.ts';
import { formatMs, task } from '../log.ts';
import { loadContent, type ReplacedTexts } from './stages/01-load.ts';
import { validateContent } from './stages/02-validate.ts';
import { resolveLocales } from './stages/03-locales.ts';
import { resolveMetrics } from './stages/04-metrics/index.ts';
import { planRoutes } from './stages/05-routes.ts';
import { checkReferences } from './stages/06-references/index.ts';
import { bundleClient } from './stages/07-bundle.ts';
import { reportBooks } from './stages/08-book/index.ts';
import { renderedPages } from './stages/09-render.tsx';
import { siteWideFiles } from './stages/10-emit/index.ts';
import { contentImages, type ContentImages, type ImagesWritten } from './stages/11-images.ts';
import { searchIndexer } from './stages/12-search.ts';
import { pageContexts } from './model/pageContext.tsx';
import type { RoutePlan } from './model/routes.ts';
import type { ContentDocument } from '../content/documents.ts';
import type { SiteModel } from './model/site.ts';
import { assetFiles, copyAssets, discard, prepareStaging, swapIn } from './output/staging.ts';
import { writerHere, writerThread, type Writes } from './output/writes.ts';
import { BuildRecord } from './record/incremental.ts';
import type { IndexMade } from './search/searchThread.ts';
import { BuildSession } from './session.ts';

export { BuildSession } from './session.ts';
export { bookEngine } from './stages/08-book/chromium.ts';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** Print one line per stage (default true). */
  verbose?: boolean;
  /** Render every page and write every file, whatever the last build into outDir left (incremental.ts). */
  clean?: boolean;
  /** False: a full build that leaves no record for the next (a build into a temporary folder, as `esg check`'s). */
  record?: boolean;
  /**
   * Write a brotli and a gzip copy beside every text file (`esg build --compress`), for the hosts
   * that send them as they are: nginx and `esg serve`. Off by default: the CDNs compress by
   * themselves and ignore the copies, which would triple the files a deployment uploads.
   */
  compress?: boolean;
  /**
   * Called when an incremental build has moved the pages it rendered into out/, before it makes
   * the search index and the compressed copies (`esg dev` reloads the browser then). Not called
   * when the build encodes a new photograph: its pages come with its files, at the end.
   */
  onPages?: (pages: string[]) => void;
  /**
   * Print the report book of each locale into a PDF (`esg build --pdf`, cli/build/stages/08-book/), whose page
   * numbers the index pages then show. Without it, a build takes the books of the build cache
   * made from the same content, or shows no page numbers.
   */
  pdf?: boolean;
  /**
   * What the process keeps from build to build of this content folder (`esg dev`, `esg edit`, the
   * tests: session.ts): what the last build made of unchanged files is found there, and the search
   * thread stays for the next build with this build's indexes in memory (a site of at most
   * `largeSite` pages), updating them page by page. Without it, the build keeps nothing.
   */
  session?: BuildSession;
}

export interface BuildResult {
  pages: number;
  /** What was built: each page with the content file it came from (for `esg check` and `esg dev`). */
  plan: RoutePlan;
  /** The hashed client files the pages link to. */
  assets: PageAssets;
  /** Photographs encoded by this build, and those whose encodings came from the build cache. */
  images: ImagesWritten;
  /** What an incremental build changed in out/ (files written and removed), undefined for a full build. */
  changed?: { written: string[]; removed: string[] };
  /** How each locale's search index came (searchThread.ts `IndexMade`), by locale. */
  search: Record<string, IndexMade>;
  ms: number;
  outDir: string;
  /** The report book of a locale as an HTML page that Paged.js lays out in pages, for `esg dev`'s preview; undefined for a locale without a book. */
  bookPreview: (locale: string) => string | undefined;
}

/** What the content checks give the build. */
export interface Validated {
  model: SiteModel;
  /** content/metrics.yaml, checked; undefined for a site without one. */
  registry?: ContentDocument<'metrics'>;
  plan: RoutePlan;
  /** The photographs, checked, ready to be encoded. */
  images: ContentImages;
  /**
   * Saves what the checks parsed and converted for the next build (the build cache): left to the
   * caller, so that `esg dev` reloads the browser first.
   */
  keepCaches: () => void;
}

export interface ValidateOptions {
  /** What the last checks of this content folder made (session.ts); without it, the checks keep nothing. */
  session?: BuildSession;
  /** Print one line per stage (default true). */
  verbose?: boolean;
  /** Texts to check in place of files on disk, by absolute path (01-load.ts): `esg edit` checks an unsaved change. */
  replaced?: ReplacedTexts;
  /** Called once the locales are made, before the later checks (the build's search thread starts reading then). */
  onLocales?: (model: SiteModel) => void;
}

/**
 * Content checks only: load, validate, resolve locales, plan routes, check references (and read
 * the photographs they name). No output. Every stage runs however many problems the earlier ones
 * found (a file with problems is left out of what follows, its pages still named), and all of them
 * are thrown together at the end: an editor with three mistakes in three files sees three errors
 * in one run.
 */
export async function validate(contentDir: string, options: ValidateOptions = {}): Promise<Validated> {
  const { session = new BuildSession(), replaced, onLocales } = options;
  const quiet = options.verbose === false;
  const problems: ContentProblem[] = [];
  const dataCache = new ContentDataCache();
  const keepCaches = () => {
    dataCache.save();
    session.simplified.save();
    session.markdown.save();
  };
  try {
    const loaded = await task('load', () => loadContent(session, resolve(contentDir), problems, replaced), quiet, problems);
    const valid = await task('validate', () => validateContent(session, loaded, problems, dataCache), quiet, problems);
    // Without a valid site.yaml there are no locales to resolve nor routes to plan.
    if (!valid.site) throw new ContentErrors(problems);
    const site = valid.site;
    const model = await task('locales', () => resolveLocales(session, valid, site, problems), quiet, problems);
    onLocales?.(model);
    await task('metrics', () => resolveMetrics(session, valid, model, problems), quiet, problems);
    const plan = await task('routes', () => planRoutes(session, model, problems), quiet, problems);
    const images = contentImages(model.contentDir);
    await task('references', async () => problems.push(...(await checkReferences(session, model, plan, valid.synonyms, images))), quiet, problems);
    if (problems.length) throw new ContentErrors(problems);
    return { model, plan, images, keepCaches, registry: valid.metrics };
  } catch (error) {
    // An editor fixing one file of many: the others are not parsed again by the next try.
    keepCaches();
    throw error;
  }
}

/**
 * The whole build. Writes into a staging folder, and only if every stage succeeded swaps it in for
 * out/, or, an incremental build (incremental.ts), moves what it wrote into out/.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  // A build given no session has one of its own, let go when it ends.
  const session = options.session ?? new BuildSession();
  await session.settling;
  const started = performance.now();
  const quiet = options.verbose === false;
  const compress = options.compress ?? false;
  const record = BuildRecord.open(options.outDir, { clean: options.clean, save: options.record, compress });
  const staging = prepareStaging(options.outDir);
  // The client bundle (esbuild in its own process, or a copy from the cache) and the search
  // thread start first, to work on the other core while this one reads and checks the content.
  const bundling = bundleClient(staging, { compress });
  bundling.catch(() => undefined); // Awaited below, or dropped when the content has errors.
  const search = searchIndexer(options.session);
  // The widgets' server copies load meanwhile too.
  const widgets = loadWidgets();
  widgets.catch(() => undefined);
  let stopImages = () => {};
  let writes: Writes | undefined;
  try {
    // The search thread reads its cached indexes while this one checks the rest.
    const { model, plan, images, keepCaches } = await validate(options.contentDir, {
      session,
      verbose: !quiet,
      onLocales: (model) => search.begin(model, record.outDir),
    });
    stopImages = images.stop;
    holdHeaps(plan);
    // A process that builds again keeps what the next build may find again, unless the site is large.
    const holding = options.session !== undefined && plan.routes.length <= largeSite;
    search.hold(holding);
    // The photographs the build cache lacks are encoded in libuv's thread pool from now on, while
    // the pages render; the pages need only their sizes and file names, known already.
    const encoding = images.write(staging);
    encoding.catch(() => undefined); // Awaited below, or dropped when a later stage fails.
    const assets = await task('bundle', () => bundling, quiet);
    // The report books first: the pages show their page numbers, and the download page their files.
    // Both render the widgets' server copies.
    await widgets;
    const {
      books,
      publish: publishBooks,
      preview: bookPreview,
    } = await task(
      options.pdf ? 'pdf' : 'book',
      () =>
        reportBooks(session, model, plan, pageContexts(session, model, plan, assets, images.image), {
          make: options.pdf === true,
          contentDir: model.contentDir,
          folders: [staging, record.outDir],
          assets,
          imagesReady: () => encoding,
          log: quiet ? undefined : (line) => console.log(line),
        }),
      quiet,
    );
    // An incremental build writes what changed, mostly a few files: on this thread.
    writes = record.incremental ? writerHere(staging, { compress, keepUnused: true }) : writerThread(staging, { compress });
    const write = record.writer(writes.write, holding ? session.hashed : undefined);
    // Each page is written, and sent to the search thread, as soon as it is rendered: no page's
    // HTML is held, so memory stays flat however many events there are.
    const pages = await task(
      'render',
      async () => {
        await widgets;
        let count = 0;
        for (const page of renderedPages(session, model, plan, assets, images.image, record, holding, books)) {
          count++;
          if ('kept' in page) search.keep(page);
          else if (search.take(page)) write(page);
        }
        return count;
      },
      quiet,
    );
    const contentAssets = assetFiles(model.contentDir, model.assets, images.originals());
    let assetsCopied = false;
    // A page showing a photograph encoded by this build is published at the end, with its files.
    if (record.incremental && options.onPages && images.counts().encoded === 0) {
      await writes.drain();
      // A file of content/assets new or changed since the last build, which a changed page may
      // show, is copied now and published with the pages; else the copy waits for the emit stage.
      if (!record.hasCopies(contentAssets)) {
        copyAssets(model.contentDir, staging, contentAssets);
        assetsCopied = true;
      }
      options.onPages(record.publishPages(staging));
      // What `onPages` wrote to a socket (the reload signal) goes out on the next tick, not while
      // this thread works on: the rest of the build waits for it.
      await new Promise((next) => setImmediate(next));
    }
    // The site-wide files first: the search thread finishes the last locale's index meanwhile.
    await task(
      'emit',
      () => {
        for (const file of siteWideFiles(session, model, plan, images.image, books)) write(file);
        if (!assetsCopied) copyAssets(model.contentDir, staging, contentAssets);
        publishBooks(staging);
      },
      quiet,
    );
    const written = await task(imagesStage(images), () => encoding, quiet);
    const indexes = await task('search', () => search.finish(write), quiet);
    for (const index of indexes) record.searched(index.pageHashes);
    await task(compress ? 'compress' : 'write', () => writes!.finish('assets'), quiet);
    record.finish(staging, () => swapIn(staging, options.outDir));
    // out/ is complete. What is left keeps this build's work for the next: the build cache, the
    // record, the search thread's indexes. A process that builds again has the result first, and
    // its next build waits for the rest.
    const settle = async () => {
      keepCaches();
      record.save();
      if (record.incremental) discard(staging);
      await search.closed();
    };
    // Such a process also loads what the next build is likely to need (Markdown, zh_CN conversion) now.
    if (holding)
      session.settling = new Promise((next) => setImmediate(next))
        .then(settle)
        .then(() => {
          session.simplified.prepare();
          session.markdown.prepare();
        })
        .catch(() => undefined);
    else await settle();
    const ms = performance.now() - started;
    if (!quiet) console.log(`built ${pages} pages into ${options.outDir} in ${formatMs(ms)}${changes(record)}`);
    const searched = Object.fromEntries(indexes.map((index) => [index.locale, index.made]));
    return {
      pages,
      plan,
      assets,
      images: written,
      search: searched,
      ms,
      outDir: options.outDir,
      changed: record.incremental ? record.changed : undefined,
      bookPreview,
    };
  } catch (error) {
    stopImages();
    search.stop();
    writes?.stop();
    await bundling.catch(() => undefined);
    discard(staging);
    throw error;
  }
}

/** Pages above which a build holds its heaps to what they keep (`holdHeaps`). */
const largeSite = 10_000;

/**
 * A build makes much short-lived garbage (each page's elements and markup), and V8 lets a heap grow
 * to up to four times what outlived its last full collection before it collects again: a cold
 * build of 30,000 pages peaked at 1.2 GB. For a site of more than `largeSite` pages, the heaps
 * grow by 30 % instead: that build peaks at 0.8 GB in the same time. A smaller site keeps V8's
 * default, which costs it little memory (0.35 GB at 3,263 pages either way) and, there, saves a
 * tenth of the time (bench/RESULTS.md, section 18). The flag is the process's: the worker
 * threads' heaps follow it too, and an `esg dev` process keeps it once it has built a large site.
 */
function holdHeaps(plan: RoutePlan): void {
  if (plan.routes.length > largeSite) setFlagsFromString('--heap-growing-percent=30');
}

/** What an incremental build did: ` (12 pages rendered, 3251 unchanged; 5 files written, 3100 unchanged)`. */
function changes(record: BuildRecord): string {
  const { rendered, kept, written, same } = record.counts;
  return record.incremental ? ` (${rendered} pages rendered, ${kept} unchanged; ${written} files written, ${same} unchanged)` : '';
}

/** The images stage's line: `images 2 new, 8 cached`, the photographs to encode and those the build cache has. */
function imagesStage(images: ContentImages): string {
  const { encoded, cached } = images.counts();
  return encoded + cached ? `images ${encoded} new, ${cached} cached` : 'images';
}
