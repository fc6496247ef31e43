import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/build/index.ts';
import { clientBundleEntry, contentCopy, editContent, runEsg, tempDir } from '../helpers/site.ts';

/** Every file under a folder, relative to it. */
const filesUnder = (folder: string) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(folder, path)).isFile());

/** Whether `<file>.br` and `<file>.gz` unpack to the file. */
const copiesMatch = (file: string) => {
  const plain = readFileSync(file);
  return brotliDecompressSync(readFileSync(`${file}.br`)).equals(plain) && gunzipSync(readFileSync(`${file}.gz`)).equals(plain);
};

// A cache of this file's own: another test file's build of other content would let go of these copies.
process.env.ESG_CACHE_DIR = tempDir('esg-cache-');

describe('`esg build --compress` compresses the site for nginx and esg serve', () => {
  let content: string;
  let outDir: string;
  let assets: Awaited<ReturnType<typeof build>>['assets'];
  beforeAll(async () => {
    content = contentCopy();
    outDir = join(tempDir(), 'out');
    ({ assets } = await build({ contentDir: content, outDir, verbose: false, compress: true }));
  });

  it('writes a .br and a .gz beside every HTML, CSS, JS, JSON, SVG and XML file over 1 KB, and nothing else', () => {
    const files = filesUnder(outDir);
    const plain = files.filter((path) => !/\.(br|gz)$/.test(path));
    const worth = plain.filter((path) => /\.(html|css|js|json|svg|xml)$/.test(path) && statSync(join(outDir, path)).size > 1024);
    for (const kind of ['.html', '.css', '.js', '.json', '.svg', '.xml'])
      expect(
        worth.some((path) => path.endsWith(kind)),
        kind,
      ).toBe(true);
    for (const path of worth) expect(copiesMatch(join(outDir, path)), path).toBe(true);
    const copies = files
      .filter((path) => /\.(br|gz)$/.test(path))
      .map((path) => path.replace(/\.(br|gz)$/, ''))
      .sort();
    expect(copies).toEqual([...worth, ...worth].sort());
  });

  it("compresses the same contents once: the default locale's API under api/ shares its copies with api/zh_TW/", () => {
    const pairs = filesUnder(join(outDir, 'api/zh_TW')).filter((path) => /\.json$/.test(path) && statSync(join(outDir, 'api/zh_TW', path)).size > 1024);
    expect(pairs.length).toBeGreaterThan(5);
    for (const path of pairs) {
      for (const copy of ['.br', '.gz']) {
        expect(statSync(join(outDir, 'api', `${path}${copy}`)).ino, path + copy).toBe(statSync(join(outDir, 'api/zh_TW', `${path}${copy}`)).ino);
      }
      expect(copiesMatch(join(outDir, 'api', path)), path).toBe(true);
    }
  });

  it('compresses the client bundle once and keeps its copies with the bundle in the build cache', () => {
    const client = assets.client.slice(1);
    expect(copiesMatch(join(outDir, client))).toBe(true);
    const cached = join(clientBundleEntry(), 'files', client.replace(/^_esg\//, ''));
    expect(readFileSync(`${cached}.br`).equals(readFileSync(join(outDir, `${client}.br`)))).toBe(true);
  });

  it('links the copies an earlier build made for the same file from the build cache, and keeps only those the last build used', async () => {
    const copy = (out: string, page: string) => statSync(join(out, page, 'index.html.br'));
    editContent(content, 'zh_TW/pages/chairman.yaml', (text) => text.replace(/^title: .*$/m, 'title: 董事長的話（更新）'));
    const nextOut = join(tempDir(), 'out');
    await build({ contentDir: content, outDir: nextOut, verbose: false, compress: true });
    // One file on disk for both builds and the cache.
    expect(copy(nextOut, 'zh_TW/about').ino).toBe(copy(outDir, 'zh_TW/about').ino);
    expect(copy(nextOut, 'zh_TW/about').nlink).toBe(3);
    // The page that changed is compressed afresh; the cache let go of its old copies.
    const changed = join(nextOut, 'zh_TW/chairman/index.html');
    expect(readFileSync(changed, 'utf8')).toContain('董事長的話（更新）');
    expect(copiesMatch(changed)).toBe(true);
    expect(copy(outDir, 'zh_TW/chairman').nlink).toBe(1);
    outDir = nextOut;
  });

  it("replaces a page's copies with the page when an incremental build rewrites it in place, so none is sent for the old page", async () => {
    const source = 'zh_TW/pages/president.yaml';
    editContent(content, source, (text) => text.replace(/^title: .*$/m, 'title: 總經理的話（更新）'));
    const result = await build({ contentDir: content, outDir, verbose: false, compress: true });
    expect(result.changed?.written).toContain('zh_TW/president/index.html');
    const page = join(outDir, 'zh_TW/president/index.html');
    expect(readFileSync(page, 'utf8')).toContain('總經理的話（更新）');
    expect(copiesMatch(page)).toBe(true);
  });
});

describe('a build without --compress', () => {
  const copies = (out: string) => filesUnder(out).filter((path) => /\.(br|gz)$/.test(path));

  it("writes no compressed copy, the client bundle's included, and a build into the same folder with the other setting builds it whole", async () => {
    const content = contentCopy();
    const outDir = join(tempDir(), 'out');
    await build({ contentDir: content, outDir, verbose: false });
    expect(copies(outDir)).toEqual([]);
    // An incremental build would keep the pages as they are, without their copies.
    const compressed = runEsg(['build', '--content', content, '--out', outDir, '--compress'], { env: process.env });
    expect(compressed.code, compressed.stderr).toBe(0);
    expect(compressed.stdout).toMatch(/built \d+ pages into .* in [\d.]+ m?s$/m);
    expect(copies(outDir)).toContain('zh_TW/about/index.html.br');
    expect(copiesMatch(join(outDir, 'zh_TW/about/index.html'))).toBe(true);
    // And back: no copy is left for a page that the next builds change.
    const plain = await build({ contentDir: content, outDir, verbose: false });
    expect(plain.changed).toBeUndefined();
    expect(copies(outDir)).toEqual([]);
    expect(existsSync(join(outDir, 'zh_TW/about/index.html'))).toBe(true);
  });
});
