/**
 * bench/fileServer: what looking each file up per request costs. The servers' file server
 * (cli/server/files.ts: opens the file of every request, so it follows rebuilds) against sirv as
 * the servers used it before (`dev: false`: the folder listed once at start, which serves a rebuilt
 * out/ cut or stale) and sirv's `dev: true` (looked up by name per request, opened by name again
 * to send). Each server runs alone in a child process on one sample build made with `--compress`;
 * autocannon (`--connections`, 10 by default) asks for `--seconds` (5) for the site's pages in
 * turn, brotli accepted, keep-alive; the three take turns for `--runs` rounds (5). Prints requests
 * a second and the server's time per request (one core), each run and the median, and the median
 * ratio of the file server to each sirv.
 *
 * `npm run bench:file-server` (`-- --out DIR` for an existing build made with --compress).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';
import sirv from 'sirv';
import { fileServer } from '../cli/server/files.ts';
import { buildSampleSite, tempFolder } from './formsServer.ts';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};

const servers = {
  'files.ts': (out: string) => {
    const files = fileServer(out, { compressedCopies: true });
    return createHttpServer((request, response) => files(request, response, () => notFound(response)));
  },
  'sirv dev:false': (out: string) => sirvServer(out, false),
  'sirv dev:true': (out: string) => sirvServer(out, true),
};
type Kind = keyof typeof servers;

function sirvServer(out: string, dev: boolean) {
  const files = sirv(out, { dev, etag: true, extensions: ['html'], dotfiles: false, brotli: true, gzip: true });
  return createHttpServer((request, response) => files(request, response, () => notFound(response)));
}

function notFound(response: import('node:http').ServerResponse) {
  response.statusCode = 404;
  response.end('not found');
}

const serving = argument('--serve') as Kind | undefined;
if (serving) {
  // The child: one server on a free port, which it prints.
  const server = servers[serving](resolve(argument('--out')!)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log((server.address() as AddressInfo).port);
} else {
  await compare();
}

async function compare() {
  const runs = Number(argument('--runs') ?? '5');
  const seconds = Number(argument('--seconds') ?? '5');
  const connections = Number(argument('--connections') ?? '10');
  let out = argument('--out') ? resolve(argument('--out')!) : undefined;
  if (!out) {
    out = join(tempFolder('esg-bench-files-'), 'out');
    buildSampleSite(out, ['--compress']);
  }
  const paths = pagesOf(out);
  console.log(`${paths.length} pages of ${out}; ${runs} rounds of ${seconds} s, ${connections} connections`);
  const kinds = Object.keys(servers) as Kind[];
  const rates: Record<Kind, number[]> = Object.fromEntries(kinds.map((kind) => [kind, []])) as never;
  for (let round = 0; round < runs; round++) {
    // Alternating the order each round, so neither gains from the machine's warm-up.
    for (const kind of round % 2 ? [...kinds].reverse() : kinds) {
      const rate = await load(kind, out, paths, seconds, connections);
      rates[kind].push(rate);
      console.log(`round ${round + 1} ${kind.padEnd(15)} ${rate.toFixed(0)} requests/s`);
    }
  }
  for (const kind of kinds) {
    const rate = median(rates[kind]);
    console.log(`${kind.padEnd(15)} median ${rate.toFixed(0)} requests/s, ${(1e6 / rate).toFixed(0)} µs a request`);
  }
  for (const kind of kinds.slice(1)) {
    const ratios = rates['files.ts'].map((rate, at) => rate / rates[kind][at]!);
    console.log(`files.ts / ${kind}: median ratio ${median(ratios).toFixed(2)} (requests a second; above 1 is faster)`);
  }
}

/** The address of every page of out/ (`/zh_TW/about/`). */
function pagesOf(out: string): string[] {
  return readdirSync(out, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('index.html'))
    .map((name) => `/${relative(out, join(out, name)).replace(/index\.html$/, '')}`);
}

async function load(kind: Kind, out: string, paths: string[], seconds: number, connections: number): Promise<number> {
  const child = spawn(process.execPath, [resolve(import.meta.dirname, '../bin/run.js'), import.meta.filename, '--serve', kind, '--out', out], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const port = Number(String(line).trim());
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    if (result.non2xx || result.errors) throw new Error(`${kind}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
    return result.requests.average;
  } finally {
    child.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
