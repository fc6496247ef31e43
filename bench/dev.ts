/**
 * bench/dev: time from writing a content file to the reload signal `esg dev` sends the browser,
 * median of several edits. Run with `npm run bench:dev`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startDev } from '../cli/server/dev.ts';

const edits = 7;
const work = mkdtempSync(join(tmpdir(), 'esg-bench-dev-'));
const content = join(work, 'content');
cpSync(resolve(import.meta.dirname, '../content'), content, { recursive: true });
const dev = await startDev({ contentDir: content, outDir: join(work, 'out'), port: 0 });
const origin = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;

/** Resolves with the time the next `reload` message arrives on the dev server's event stream. */
async function nextReload(stream: ReadableStreamDefaultReader<Uint8Array>): Promise<number> {
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await stream.read();
    if (done) throw new Error('event stream closed');
    if (decoder.decode(value).includes('"reload"')) return performance.now();
  }
}

const response = await fetch(`${origin}/__esg/events`);
const stream = response.body!.getReader();
await stream.read();
const file = join(content, 'zh_TW/pages/chairman.yaml');
const original = readFileSync(file, 'utf8');
const times: number[] = [];
for (let edit = 0; edit < edits; edit++) {
  const reload = nextReload(stream);
  const written = performance.now();
  writeFileSync(file, original.replace(/^title: .*$/m, `title: 董事長的話 ${edit}`));
  times.push((await reload) - written);
}
await stream.cancel();
await dev.close();
rmSync(work, { recursive: true, force: true });

times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(`content write → reload signal, ${edits} edits: median ${Math.round(median)} ms, min ${Math.round(times[0]!)} ms, max ${Math.round(times.at(-1)!)} ms`);
