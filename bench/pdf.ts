/**
 * bench/pdf: the report PDFs of the sample (`esg build --pdf`), per locale: pages, bytes, passes
 * of the pagination and seconds, as the build reports them, in three situations:
 *   1. first: an empty build cache (no earlier book to start from);
 *   2. edited: a sentence of an early chapter changed (the pages start from the last book's numbers);
 *   3. unchanged: the same content again (the books come from the build cache);
 *   4. the edited content from an empty cache: the same book as 2., page for page (its page map).
 * Each run is a fresh `esg build --pdf` process into a new out/ folder, with a build cache of its
 * own. Target: the zh_TW PDF in at most 30 s on 2 cores.
 *
 *   npm run bench:pdf
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeCorpus } from './fixtures.ts';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'esg-bench-pdf-'));
const content = writeCorpus(join(work, 'content'), 0);
let cache = join(work, 'cache');
let runs = 0;

interface BookLine {
  file: string;
  pages: number;
  mb: number;
  passes: number;
  seconds: number;
}

/** One `esg build --pdf`: its wall time and each book it printed (none when they came from the cache). */
function buildPdf(): { seconds: number; books: BookLine[]; bytes: Record<string, number>; out: string } {
  const out = join(work, `out-${++runs}`);
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(root, 'bin/esg.js'), 'build', '--pdf', '--content', content, '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, ESG_CACHE_DIR: cache },
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`esg build --pdf failed:\n${run.stderr}`);
  const books = [...run.stdout.matchAll(/^ {2}(\S+\.pdf): (\d+) pages, ([\d.]+) MB, (\d+) passes in ([\d.]+) s\b.*$/gm)].map(
    ([, file, pages, mb, passes, time]) => ({ file: file!, pages: Number(pages), mb: Number(mb), passes: Number(passes), seconds: Number(time) }),
  );
  const bytes = Object.fromEntries(['zh_TW', 'zh_CN', 'en'].map((locale) => [locale, statSync(join(out, 'reports', `huayue-esg-2024-${locale}.pdf`)).size]));
  return { seconds, books, bytes, out };
}

function report(name: string, result: ReturnType<typeof buildPdf>): void {
  console.log(`${name}: the whole build ${result.seconds.toFixed(1)} s`);
  if (!result.books.length) console.log('  every book from the build cache');
  for (const book of result.books) {
    const locale = /-(zh_TW|zh_CN|en)\.pdf$/.exec(book.file)?.[1] ?? '?';
    console.log(
      `  ${locale.padEnd(6)} ${String(book.pages).padStart(4)} pages  ${(result.bytes[locale]! / 1024 / 1024).toFixed(2).padStart(5)} MB  ${book.passes} passes  ${book.seconds.toFixed(1).padStart(5)} s`,
    );
  }
}

try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log('target: the zh_TW PDF in at most 30 s\n');
  report('1. first (empty build cache)', buildPdf());
  const about = join(content, 'zh_TW/pages/about.yaml');
  writeFileSync(about, readFileSync(about, 'utf8').replace('本報告書涵蓋', '本報告書的內容涵蓋'));
  const edited = buildPdf();
  report('2. edited (one sentence of an early chapter)', edited);
  report('3. unchanged', buildPdf());
  cache = join(work, 'cache-2');
  const fresh = buildPdf();
  report('4. the edited content from an empty build cache', fresh);
  for (const locale of ['zh_TW', 'zh_CN', 'en']) {
    const map = (out: string) =>
      JSON.stringify((JSON.parse(readFileSync(join(out, 'reports', `huayue-esg-2024-${locale}.pages.json`), 'utf8')) as { map: unknown }).map);
    console.log(
      `  ${locale}: ${map(edited.out) === map(fresh.out) ? 'the same page map as after the edit' : 'a DIFFERENT page map from the one after the edit'}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
