/**
 * bench/edit: time from an editor's save (`PUT /api/files/<path>` to a real `esg edit`)
 * to its answer, and to the `built` event that tells the preview to reload, over `--saves` saves
 * (default 10) of a page's heading and of an event's title, in turn, each once the last build is
 * over (`done`): median and p95 of each. The
 * compiled command runs in a process of its own, as an editor starts it. Run with
 * `node scripts/compile.js && node bin/run.js bench/edit.ts` (`--saves 20`).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { saves: { type: 'string', default: '10' } } });
const saves = Number(values.saves);

const work = mkdtempSync(join(tmpdir(), 'esg-bench-edit-'));
const content = join(work, 'content');
cpSync(resolve(import.meta.dirname, '../content'), content, { recursive: true });
const editor = spawn(
  process.execPath,
  [resolve(import.meta.dirname, '../bin/esg.js'), 'edit', '--content', content, '--out', join(work, 'out'), '--port', '0'],
  {
    env: { ...process.env, ESG_CACHE_DIR: join(work, 'cache') },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
// It prints its address, with the token, after its first build.
const address = await new Promise<URL>((ready, fail) => {
  let printed = '';
  editor.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
    const match = /Editing .* at (http:\S+)/.exec(printed);
    if (match) ready(new URL(match[1]!));
  });
  editor.once('exit', (code) => fail(new Error(`esg edit exited with ${code}`)));
});
const origin = address.origin;
const headers = { Authorization: `Bearer ${address.searchParams.get('token')}` };

/** The times `built` and `done` events arrived, read from the event stream as they come. */
const built: number[] = [];
const finished: number[] = [];
let arrived = () => {};
const stream = (await fetch(`${origin}/api/events`, { headers })).body!.pipeThrough(new TextDecoderStream()).getReader();
void (async () => {
  for (;;) {
    const { value, done } = await stream.read();
    if (done) return;
    for (const line of value.split('\n')) {
      if (!line.startsWith('data: ')) continue;
      const event = JSON.parse(line.slice(6)) as { type: string; message?: string; problems?: unknown[] };
      if (event.type === 'error') throw new Error(`the preview build failed: ${event.message ?? JSON.stringify(event.problems)}`);
      if (event.type === 'built') built.push(performance.now());
      if (event.type === 'done') finished.push(performance.now());
    }
    arrived();
  }
})();

const edits = [
  { path: 'zh_TW/pages/chairman.yaml', change: (data: any, n: number) => (data.sections[0].heading = `在變動中站穩腳步 ${n}`) },
  { path: 'zh_TW/events/2024-tree-planting.md', change: (data: any, n: number) => (data.title = `植樹節廠區原生樹種植栽 ${n}`) },
];
const answered: number[][] = edits.map(() => []);
const reloaded: number[][] = edits.map(() => []);
for (let n = 0; n < saves; n++) {
  const edit = edits[n % edits.length]!;
  const opened = await fetch(`${origin}/api/files/${edit.path}`, { headers });
  const file = (await opened.json()) as { data: unknown; body?: string };
  edit.change(file.data, n);
  const seen = built.length;
  if (finished.length !== seen) throw new Error('a build is still running');
  const started = performance.now();
  const saved = await fetch(`${origin}/api/files/${edit.path}`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json', 'If-Match': opened.headers.get('etag')! },
    body: JSON.stringify(file),
  });
  if (saved.status !== 200) throw new Error(`save ${n} answered ${saved.status}: ${await saved.text()}`);
  answered[n % edits.length]!.push(performance.now() - started);
  while (built.length === seen) await new Promise<void>((done) => (arrived = done));
  reloaded[n % edits.length]!.push(built[seen]! - started);
  // The build goes on after the reload signal (the search index): each save is timed on an editor at rest.
  while (finished.length <= seen) await new Promise<void>((next) => (arrived = next));
}

const percentile = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!;
const line = (label: string, list: number[]) =>
  console.log(`${label.padEnd(56)} median ${Math.round(percentile(list, 0.5))} ms, p95 ${Math.round(percentile(list, 0.95))} ms`);
console.log(`esg edit, ${saves} saves of the sample site, each on an editor at rest:`);
edits.forEach((edit, index) => {
  line(`${edit.path}: answered`, answered[index]!);
  line(`${edit.path}: preview built`, reloaded[index]!);
});
editor.kill();
rmSync(work, { recursive: true, force: true });
process.exit(0);
