/**
 * bench/dev: time from writing a content file to the reload signal `esg dev` sends the
 * browser, over `--edits` saves (default 20) of an event and of a focus page, in turn: the median
 * and p95 of each. The real command (`bin/esg.js dev`, compiled) runs in a process of its own, as an
 * editor starts it; this one writes the files and listens on the page's event stream. Run with
 * `npm run bench:dev` (`-- --edits 40`; `-- --events 1000` adds the fixture corpus's generated
 * events to the sample content; `-- --pause 500` is the wait after each build, in ms, before the next save).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { writeCorpus } from './fixtures.ts';

const { values } = parseArgs({
  options: { edits: { type: 'string', default: '20' }, events: { type: 'string', default: '0' }, pause: { type: 'string', default: '500' } },
});
const edits = Number(values.edits);
const target = 150;

const work = mkdtempSync(join(tmpdir(), 'esg-bench-dev-'));
const content = join(work, 'content');
if (Number(values.events) > 0) writeCorpus(content, Number(values.events));
else cpSync(resolve(import.meta.dirname, '../content'), content, { recursive: true });
const port = await freePort();
const dev = spawn(
  process.execPath,
  [resolve(import.meta.dirname, '../bin/esg.js'), 'dev', '--content', content, '--out', join(work, 'out'), '--port', String(port)],
  {
    env: { ...process.env, ESG_CACHE_DIR: join(work, 'cache') },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
// Serving once it says so, after its first (full) build.
await new Promise<void>((ready, fail) => {
  dev.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('serving at') && ready());
  dev.once('exit', (code) => fail(new Error(`esg dev exited with ${code}`)));
});
const origin = `http://127.0.0.1:${port}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** Every message of the dev server's event stream with the time it arrived, read as they come. */
const messages: { type: string; at: number }[] = [];
let arrived = () => {};
async function readMessages(stream: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await stream.read();
    if (done) return;
    const at = performance.now();
    for (const line of decoder.decode(value).split('\n')) {
      if (!line.startsWith('data: ')) continue;
      const message = JSON.parse(line.slice('data: '.length)) as { type: string; message?: string };
      if (message.type === 'error') throw new Error(`the build failed: ${message.message}`);
      messages.push({ type: message.type, at });
    }
    arrived();
  }
}

/** The time of the first message of `type` after the `from`-th message. */
async function next(type: 'reload' | 'built', from: number): Promise<number> {
  for (;;) {
    const found = messages.slice(from).find((message) => message.type === type);
    if (found) return found.at;
    await new Promise<void>((done) => (arrived = done));
  }
}

const response = await fetch(`${origin}/__esg/events`);
const stream = response.body!.getReader();
const reading = readMessages(stream);
reading.catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

/** What is edited: a line of each file that every save changes. */
const subjects = [
  { name: 'event', file: 'zh_TW/events/2023-blood-drive.md', line: /^title: .*$/m, text: (n: number) => `title: 捐血活動 第 ${n} 版` },
  { name: 'focus page', file: 'zh_TW/focus/care/safe.yaml', line: /^title: .*$/m, text: (n: number) => `title: 職業安全衛生 第 ${n} 版` },
];
const times = new Map(subjects.map((subject) => [subject.name, [] as number[]]));
/** To the end of the build: the search index, the sitemap and the compressed copies written too. */
const builtTimes = new Map(subjects.map((subject) => [subject.name, [] as number[]]));
for (let edit = 0; edit < edits; edit++) {
  for (const subject of subjects) {
    const file = join(content, subject.file);
    const original = readFileSync(file, 'utf8');
    if (!subject.line.test(original)) throw new Error(`${subject.file} has no line ${subject.line}`);
    const from = messages.length;
    const written = performance.now();
    writeFileSync(file, original.replace(subject.line, subject.text(edit)));
    times.get(subject.name)!.push((await next('reload', from)) - written);
    builtTimes.get(subject.name)!.push((await next('built', from)) - written);
    // An editor saves again seconds later: the process has also saved its caches by then (a build
    // gives its result first, cli/build/index.ts), which `--pause` (ms) leaves it time for.
    await new Promise((done) => setTimeout(done, Number(values.pause)));
  }
}
await stream.cancel();
dev.kill();
rmSync(work, { recursive: true, force: true });

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
console.log(
  `esg dev, ${Number(values.events) > 0 ? `sample + ${values.events} events` : 'sample content'}: content write → reload signal, ${edits} edits of each (target: median ≤ ${target} ms)`,
);
const figures = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `median ${Math.round(quantile(sorted, 0.5))} ms, p95 ${Math.round(quantile(sorted, 0.95))} ms, min ${Math.round(sorted[0]!)} ms, max ${Math.round(sorted.at(-1)!)} ms`;
};
for (const [name, list] of times) console.log(`  ${name.padEnd(11)} ${figures(list)}`);
console.log('content write → the build done, search index included:');
for (const [name, list] of builtTimes) console.log(`  ${name.padEnd(11)} ${figures(list)}`);
