import { existsSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../../cli/build/index.ts';
import { assetFiles } from '../../cli/build/output/staging.ts';
import { loadContent } from '../../cli/build/stages/01-load.ts';
import { BuildRecord } from '../../cli/build/record/incremental.ts';
import { BuildSession } from '../../cli/build/session.ts';
import { ContentErrors } from '../../cli/errors.ts';
import { differences, filesOf, quietBuild } from '../helpers/outFolders.ts';
import { writePhotograph } from '../helpers/photographs.ts';
import { contentCopy, editContent, runEsg, tempDir } from '../helpers/site.ts';

// Each test gets a build cache of its own (cli/cache.ts): the build record lives there.
beforeEach(() => {
  process.env.ESG_CACHE_DIR = tempDir('esg-cache-');
});

/** Builds `content` into a new folder (clean), and expects `out` the same, byte for byte. */
async function expectSameAsClean(content: string, out: string, message?: string): Promise<void> {
  const clean = join(tempDir(), 'clean');
  await quietBuild(content, clean, true);
  expect(differences(out, clean), message).toEqual([]);
}

/** Builds `content` again into `out` (incremental), and expects it the same as a clean build. */
async function rebuildAndCompare(content: string, out: string): Promise<BuildResult> {
  const result = await quietBuild(content, out);
  await expectSameAsClean(content, out);
  return result;
}

/** The sessions a test made, closed (their search threads ended) after it. */
const sessions: BuildSession[] = [];
const newSession = () => {
  const session = new BuildSession();
  sessions.push(session);
  return session;
};
afterEach(() => Promise.all(sessions.splice(0).map((session) => session.close())));

/** A build of `content` into `out` as `quietBuild` runs it, with `options` (`onPages`, `session`). */
const buildInto = (content: string, out: string, options: Partial<BuildOptions>) =>
  build({ contentDir: content, outDir: out, verbose: false, compress: true, ...options });

const eventFile = 'zh_TW/events/2023-blood-drive.md';
const eventPages = ['zh_TW/event/2023-blood-drive/index.html', 'zh_CN/event/2023-blood-drive/index.html'];
/** The search pages name their locale's index files, which are made after them: every build renders them. */
const searchPages = ['zh_TW/search/index.html', 'zh_CN/search/index.html', 'en/search/index.html'];
/** The events API: the unprefixed address is zh_TW's. */
const eventApi = ['api/events/2023-blood-drive.json', 'api/zh_CN/events/2023-blood-drive.json', 'api/zh_TW/events/2023-blood-drive.json'];
const pagesOf = (result: BuildResult) => result.changed!.written.filter((path) => path.endsWith('/index.html')).sort();

describe('incremental builds (cli/build/record/incremental.ts)', () => {
  it('renders nothing when nothing changed, and leaves every file of out/ as it was', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    const full = await quietBuild(content, out);
    expect(full.changed).toBeUndefined();
    const before = new Map([...filesOf(out).keys()].map((path) => [path, statSync(join(out, path)).mtimeMs]));

    const again = await quietBuild(content, out);
    expect(again.changed).toEqual({ written: [], removed: [] });
    expect(again.pages).toBe(full.pages);
    const after = new Map([...filesOf(out).keys()].map((path) => [path, statSync(join(out, path)).mtimeMs]));
    expect(after).toEqual(before);
  });

  it("after one event changed, writes that event's pages, its API file and the search files it touches, byte-identical to a clean build", async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    editContent(content, eventFile, (text) => `${text}\n捐血活動結束後，志工也一起整理了會場。\n`);

    const result = await rebuildAndCompare(content, out);
    // The event's body shows on its own page only (the lists show its summary, which is the same),
    // and the search pages name their locale's new index files.
    expect(pagesOf(result)).toEqual([...eventPages, ...searchPages.slice(0, 2)].sort());
    const others = result.changed!.written.filter((path) => !path.endsWith('/index.html'));
    expect(others.filter((path) => path.startsWith('api/')).sort()).toEqual(eventApi);
    // Some of the two locales' search files (the index names its files by their contents), and nothing else.
    expect(others.filter((path) => !path.startsWith('api/')).length).toBeGreaterThan(0);
    expect(others.filter((path) => !path.startsWith('api/') && !path.startsWith('_esg/search-zh_'))).toEqual([]);
    expect(result.changed!.removed.every((path) => path.startsWith('_esg/search-zh_'))).toBe(true);
  });

  it("after an event's title changed, renders the lists that show it too", async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    editContent(content, eventFile, (text) => text.replace(/^title: .*$/m, 'title: 捐血一袋，救人一命'));

    const pages = pagesOf(await rebuildAndCompare(content, out));
    expect(pages).toEqual(expect.arrayContaining([...eventPages, 'zh_TW/event/index.html', 'zh_CN/event/index.html']));
    expect(pages.filter((path) => path.includes('/focus/'))).toEqual([]);
  });

  it('after a figure of metrics.yaml changed, renders the pages that show the figures, the open data page included', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    editContent(content, 'metrics.yaml', (text) => text.replace('values: { 2024: 1.2 }', 'values: { 2024: 9.7 }'));

    const pages = pagesOf(await rebuildAndCompare(content, out));
    expect(pages).toEqual(expect.arrayContaining(['zh_TW/performance/data/index.html', 'en/performance/data/index.html']));
    expect(readFileSync(join(out, 'en/performance/data/index.html'), 'utf8')).toContain('9.7%');
  });

  it('removes the pages of a deleted event and writes those of a new one', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    const text = readFileSync(join(content, eventFile), 'utf8');
    rmSync(join(content, eventFile));
    writeFileSync(join(content, 'zh_TW/events/2023-river-walk.md'), text.replace(/^id: .*$/m, 'id: 2023-river-walk'));

    const result = await rebuildAndCompare(content, out);
    expect(result.changed!.removed).toEqual(expect.arrayContaining([...eventPages, ...eventApi]));
    expect(pagesOf(result)).toEqual(expect.arrayContaining(eventPages.map((path) => path.replace('blood-drive', 'river-walk'))));
  });

  it("follows a page the menu names as it goes and comes back: every kept page's menu and footer too, and no empty folder left", async () => {
    // The menu's links are made once per locale (PageContext.oncePerLocale); a page kept must still
    // be rendered again when a route its menu checked appears or goes.
    const content = contentCopy();
    const page = 'zh_TW/focus/care/social.yaml';
    const text = readFileSync(join(content, page), 'utf8');
    // The books print the page as a chapter: it leaves them with it, and comes back with it.
    const books = ['zh_TW/book.yaml', 'en/book.yaml'].map((file) => ({ file: join(content, file), text: readFileSync(join(content, file), 'utf8') }));
    const withPage = (present: boolean) => {
      for (const book of books) writeFileSync(book.file, present ? book.text : book.text.replace(', focus/care/social]', ']'));
    };
    for (const session of [undefined, newSession()]) {
      const out = join(tempDir(), 'out');
      const again = async () => {
        const result = await buildInto(content, out, { session });
        await expectSameAsClean(content, out, session ? 'in one session' : 'one-off builds');
        return result;
      };
      await again();
      expect(readFileSync(join(out, 'zh_TW/event/index.html'), 'utf8')).toContain('href="/zh_TW/focus/care/social"');
      rmSync(join(content, page));
      withPage(false);
      const gone = await again();
      expect(gone.changed!.removed).toContain('zh_TW/focus/care/social/index.html');
      expect(existsSync(join(out, 'zh_TW/focus/care/social'))).toBe(false);
      expect(readFileSync(join(out, 'zh_TW/event/index.html'), 'utf8')).not.toContain('href="/zh_TW/focus/care/social"');
      writeFileSync(join(content, page), text);
      withPage(true);
      const back = await again();
      expect(back.changed!.written).toContain('zh_TW/event/index.html');
      expect(readFileSync(join(out, 'zh_TW/event/index.html'), 'utf8')).toContain('href="/zh_TW/focus/care/social"');
    }
    // Ten builds, each compared with a clean one: a minute on a quiet machine, more beside the report PDF's tests.
  }, 180_000);

  it('renders every page again in a new year, whose copyright line names it', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    // Only Date is faked: the build's timers and threads run as they do.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T23:00:00') });
    try {
      await quietBuild(content, out);
      expect(readFileSync(join(out, 'zh_TW/about/index.html'), 'utf8')).toContain('© 2026');
      vi.setSystemTime(new Date('2027-01-01T08:00:00'));
      await rebuildAndCompare(content, out);
      expect(readFileSync(join(out, 'zh_TW/about/index.html'), 'utf8')).toContain('© 2027');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has the changed pages in out/, new, when it calls onPages (esg dev reloads then), and the rest by the end', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    editContent(content, 'zh_TW/pages/chairman.yaml', (text) => text.replace(/^title: .*$/m, 'title: 董事長的話（新版）'));
    const seen: string[] = [];
    const result = await buildInto(content, out, {
      onPages: (pages) => seen.push(...pages.map((path) => `${path} ${readFileSync(join(out, path), 'utf8').includes('（新版）')}`)),
    });
    expect(seen).toEqual(['zh_TW/chairman/index.html true', 'zh_CN/chairman/index.html true']);
    await expectSameAsClean(content, out);
    expect(result.changed!.written).toContain('zh_TW/chairman/index.html');
  });

  it('has a photograph whose encodings come from the build cache in out/ before the pages that show it, when it calls onPages', async () => {
    const content = contentCopy();
    await writePhotograph(join(content, 'assets/images/drive.jpg'), { width: 800, height: 600 });
    const cover = (text: string) => text.replace(/^cover: .*$/m, 'cover: /assets/images/drive.jpg');
    const original = readFileSync(join(content, eventFile), 'utf8');
    // Another folder's build encodes the photograph into the build cache; out/ is built without it.
    editContent(content, eventFile, cover);
    await quietBuild(content, join(tempDir(), 'other'));
    writeFileSync(join(content, eventFile), original);
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);

    editContent(content, eventFile, cover);
    const missing: string[] = [];
    const result = await buildInto(content, out, {
      onPages: (pages) => {
        const html = readFileSync(join(out, eventPages[0]!), 'utf8');
        const shown = [...html.matchAll(/\/_esg\/img\/[^\s"]+/g)].map(([src]) => src);
        expect(pages).toContain(eventPages[0]);
        expect(shown.length).toBeGreaterThan(0);
        missing.push(...shown.filter((src) => !existsSync(join(out, src))));
      },
    });
    expect(result.images).toEqual({ encoded: 0, cached: 1 });
    expect(missing).toEqual([]);
    await expectSameAsClean(content, out);
  });

  it('has a file of content/assets new with a changed page in out/ before the page, when it calls onPages; an unchanged content/assets waits for the end', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    const record = () => BuildRecord.open(out, { compress: true });
    const assets = () => assetFiles(content, loadContent(new BuildSession(), content, []).assets, new Set());
    expect(record().hasCopies(assets())).toBe(true);

    // A new drawing and the event that shows it, saved together (a pull, or a folder copied in).
    const drawing = readFileSync(join(content, 'assets/images/events/2023-blood-drive.svg'));
    writeFileSync(join(content, 'assets/images/events/2023-blood-drive-map.svg'), drawing);
    editContent(content, eventFile, (text) => text.replace(/^cover: .*$/m, 'cover: /assets/images/events/2023-blood-drive-map.svg'));
    expect(record().hasCopies(assets())).toBe(false);
    let shown: boolean | undefined;
    await buildInto(content, out, {
      onPages: (pages) => {
        expect(pages).toContain(eventPages[0]);
        expect(readFileSync(join(out, eventPages[0]!), 'utf8')).toContain('2023-blood-drive-map.svg');
        shown = existsSync(join(out, 'assets/images/events/2023-blood-drive-map.svg'));
      },
    });
    expect(shown).toBe(true);
    expect(record().hasCopies(assets())).toBe(true);

    // A drawing changed in place is a change too.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(content, 'assets/images/events/2023-blood-drive-map.svg'), later, later);
    expect(record().hasCopies(assets())).toBe(false);
    await rebuildAndCompare(content, out);
  });

  it('writes again a file of out/ that was changed or deleted by hand', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    writeFileSync(join(out, 'zh_TW/about/index.html'), 'edited by hand');
    rmSync(join(out, 'sitemap.xml'));

    const result = await rebuildAndCompare(content, out);
    expect(result.changed!.written).toEqual(expect.arrayContaining(['zh_TW/about/index.html', 'sitemap.xml']));
  });

  it('in one process (esg dev), gives the next build the unchanged events as the same objects, so only the changed one is hashed again', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    const inputsOf = (result: BuildResult, path: string) => result.plan.routes.find((route) => route.path === path)!.prepared!.inputs;
    const session = newSession();
    const first = await buildInto(content, out, { session });
    editContent(content, eventFile, (text) => `${text}\n捐血活動結束後，志工也一起整理了會場。\n`);
    const second = await buildInto(content, out, { session });
    // An unchanged event's page: its data, its entry and the other events' summaries (pageKinds.tsx: [data, 'event', event, 'others', others]).
    const [before, after] = [first, second].map((result) => inputsOf(result, '/zh_CN/event/2025-tree-planting') as [object, string, object, string, object[]]);
    expect(after![0]).toBe(before![0]);
    expect(after![2]).toBe(before![2]);
    expect(after![4]).toHaveLength(3);
    after![4].forEach((summary, index) => expect(summary).toBe(before![4][index]));
    // The event list: every summary the same object but the changed event's.
    const [listBefore, listAfter] = [first, second].map((result) => inputsOf(result, '/zh_TW/event')[0] as { id: string }[]);
    for (const [index, summary] of listAfter!.entries()) {
      if (summary.id === '2023-blood-drive') expect(summary).not.toBe(listBefore![index]);
      else expect(summary).toBe(listBefore![index]);
    }
  });

  it('in one process that builds again, updates the search indexes it holds page by page, byte-identical to a clean build', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    const session = newSession();
    const again = () => buildInto(content, out, { session });
    /** Builds again, expects out/ the same as a clean build's, and gives how each locale's index came. */
    const searched = async () => {
      const { search } = await again();
      await expectSameAsClean(content, out);
      return search;
    };
    expect(Object.values((await again()).search)).toEqual(['made', 'made', 'made']);
    // Nothing changed: the indexes held are the files.
    expect(await searched()).toEqual({ zh_TW: 'kept', zh_CN: 'kept', en: 'kept' });
    // A paragraph more in the event's last section: its page is replaced in both Chinese indexes.
    editContent(content, eventFile, (text) => `${text}\n捐血活動結束後，志工也一起整理了會場。\n`);
    expect(await searched()).toEqual({ zh_TW: 'updated', zh_CN: 'updated', en: 'kept' });
    // Two edits, one after the other: the second updates what the first left.
    editContent(content, eventFile, (text) => text.replace('志工也一起整理了會場', '志工和同仁一起整理會場並回收物資'));
    expect(await searched()).toEqual({ zh_TW: 'updated', zh_CN: 'updated', en: 'kept' });
    // A heading more is a section more: the index is made anew, from the entries held.
    editContent(content, eventFile, (text) => `${text}\n## 活動之後\n\n場地在下午四點前恢復原狀。\n`);
    expect(await searched()).toEqual({ zh_TW: 'made', zh_CN: 'made', en: 'kept' });
    // A new event: pages are added to every locale's lists and the guard page of en.
    writeFileSync(
      join(content, 'zh_TW/events/2026-river-cleanup.md'),
      readFileSync(join(content, eventFile), 'utf8')
        .replace(/^id: .*$/m, 'id: 2026-river-cleanup')
        .replace(/^title: .*$/m, 'title: 河岸淨灘')
        .replace(/^date: .*$/m, 'date: "2026-03-14"'),
    );
    const added = await searched();
    expect(added.zh_TW).toBe('made');
    expect(added.zh_CN).toBe('made');
    // Another vocabulary: no index held is used, the pages being the same.
    editContent(content, 'synonyms.yaml', (text) => text.replace('綠電, 綠色電力', '綠電, 綠色供電, 綠色電力'));
    expect(await searched()).toEqual({ zh_TW: 'made', zh_CN: 'made', en: 'kept' });
  });

  it('in one process that builds again, takes the cached indexes into memory after its first build, and updates what it keeps edit after edit', async () => {
    const content = contentCopy();
    await quietBuild(content, join(tempDir(), 'first'));
    const out = join(tempDir(), 'out');
    // Only builds that build again, one after the other: a one-off build in the process would
    // start them afresh (the texts and hashes of the files kept, incremental.ts).
    const session = newSession();
    const again = async () => (await buildInto(content, out, { session })).search;
    expect(await again()).toEqual({ zh_TW: 'cached', zh_CN: 'cached', en: 'cached' });
    editContent(content, eventFile, (text) => `${text}\n捐血活動結束後，志工也一起整理了會場。\n`);
    expect(await again()).toEqual({ zh_TW: 'updated', zh_CN: 'updated', en: 'kept' });
    editContent(content, eventFile, (text) => text.replace('志工也一起整理了會場', '志工和同仁一起整理會場並回收物資'));
    expect(await again()).toEqual({ zh_TW: 'updated', zh_CN: 'updated', en: 'kept' });
    // A figure of the registry: the open data files (made from memory while it is unchanged) follow.
    editContent(content, 'metrics.yaml', (text) => text.replace('values: { 2024: 1.2 }', 'values: { 2024: 9.7 }'));
    await again();
    const { metrics } = JSON.parse(readFileSync(join(out, 'data/metrics.json'), 'utf8')) as { metrics: { id: string; values: Record<string, number> }[] };
    expect(metrics.find((metric) => metric.id === 'revenue-share-green-energy')?.values).toEqual({ 2024: 9.7 });
    await expectSameAsClean(content, out);
  });

  it('leaves out/ as it was when the content has a mistake', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    const before = filesOf(out);
    editContent(content, eventFile, (text) => text.replace(/^date: .*$/m, 'date: someday'));
    await expect(quietBuild(content, out)).rejects.toBeInstanceOf(ContentErrors);
    expect([...filesOf(out)].every(([path, bytes]) => before.get(path)?.equals(bytes))).toBe(true);
    expect(filesOf(out).size).toBe(before.size);
  });

  it('renders every page by default (what is published is whole), only what changed with --incremental, and prints what an incremental build did', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    const env = { ...process.env };
    const first = runEsg(['build', '--content', content, '--out', out], { env });
    expect(first.code, first.stderr).toBe(0);
    const again = runEsg(['build', '--content', content, '--out', out, '--incremental'], { env });
    expect(again.stdout).toMatch(/\(3 pages rendered, \d+ unchanged; 0 files written, \d+ unchanged\)/);
    const whole = runEsg(['build', '--content', content, '--out', out], { env });
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).not.toMatch(/pages rendered/);
  });

  it('builds in full when the record was made by other code', async () => {
    const content = contentCopy();
    const out = join(tempDir(), 'out');
    await quietBuild(content, out);
    const cache = process.env.ESG_CACHE_DIR!;
    const entry = readdirSync(cache).find((name) => name.startsWith('build-record-'))!;
    const manifest = join(cache, entry, 'manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/"key":"[0-9a-f]+"/, '"key":"made-by-other-code"'));
    expect((await quietBuild(content, out)).changed).toBeUndefined();
  });
});
