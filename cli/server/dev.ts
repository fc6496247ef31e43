import { createServer, type ServerResponse, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { watch } from 'chokidar';
import { pagerScript } from '../siteFiles.ts';
import { bookFontFile } from '../bookFonts.ts';
import { build, BuildSession } from '../build/index.ts';
import { ContentErrors, formatProblems } from '../errors.ts';
import { formatMs } from '../log.ts';
import { listen } from './preview.ts';
import { notFound } from './static.ts';
import { contentType, fileServer } from './files.ts';
import { compressed } from './compressed.ts';
import { projectPath, projectRoot } from '../paths.ts';

export interface DevOptions {
  contentDir: string;
  outDir: string;
  port: number;
  host?: string;
}

/** What the browser is told over server-sent events. */
type DevMessage = { type: 'reload' } | { type: 'error'; message: string } | { type: 'ok' } | { type: 'built' };

/** Code folders: a change there needs the command compiled again and a fresh process (scripts/compile.js). */
const codeFolders = ['templates', 'widgets', 'schemas', 'cli'].map((folder) => projectPath(folder));
const devClientPath = '/__esg/dev.js';
/** Quiet time after a file event before the build: an editor's save may come as several events. */
const saveSettleMs = 20;
const eventsPath = '/__esg/events';

/**
 * `esg dev`: builds, serves, watches, rebuilds and reloads the open pages. A content error does not
 * stop the server: the pages show an overlay with the message until the file is fixed.
 */
export async function startDev(options: DevOptions): Promise<{ server: Server; close: () => Promise<void> }> {
  const clients = new Set<ServerResponse>();
  // What each build keeps for the next (cli/build/session.ts).
  const session = new BuildSession();
  let lastError: string | undefined;
  // Once templates or schemas changed, this process holds old copies: build in a fresh one from then on.
  let codeChanged = false;
  /** The report book's preview of the last build made in this process (after a code change, builds run in a fresh one). */
  let bookPreview: ((locale: string) => string | undefined) | undefined;
  const send = (message: DevMessage) => {
    for (const client of clients) client.write(`data: ${JSON.stringify(message)}\n\n`);
  };

  // One build at a time: a save during a build waits for it, and builds run in the order of the saves.
  let queue: Promise<void> = Promise.resolve();

  // Each build is incremental (cli/build/record/incremental.ts): it renders the pages a save changed and
  // writes the files that differ, the search index and sitemap included, so the reload shows a
  // site as `esg build` would leave it.
  const rebuild = (reason: string, code: boolean) => {
    queue = queue.then(async () => {
      const started = performance.now();
      codeChanged ||= code;
      try {
        // The browser reloads as soon as the changed pages are in out/; the search index follows.
        let reloaded = false;
        const onPages = (pages: string[]) => {
          // The content passed its checks: a page reloading now must not be shown the last error.
          lastError = undefined;
          console.log(`${time()} ${pages.length} pages after ${reason} in ${formatMs(performance.now() - started)}`);
          send({ type: 'reload' });
          reloaded = true;
        };
        const result = codeChanged
          ? await buildInChild(options)
          : await build({ contentDir: options.contentDir, outDir: options.outDir, verbose: false, onPages, session });
        bookPreview = result?.bookPreview;
        lastError = undefined;
        const pages = result?.changed?.written.filter((path) => path.endsWith('.html')).length;
        console.log(`${time()} rebuilt ${pages === undefined ? 'the site' : `${pages} pages`} after ${reason} in ${formatMs(performance.now() - started)}`);
        if (!reloaded) send({ type: 'reload' });
        // The build is over, search index and all (the browser ignores it; bench/dev waits for it).
        send({ type: 'built' });
      } catch (error) {
        lastError = error instanceof ContentErrors ? formatProblems(error.problems) : String((error as Error).message ?? error);
        console.error(`${time()} ${reason}: build failed\n${lastError}`);
        send({ type: 'error', message: lastError });
      }
    });
    return queue;
  };

  await rebuild('start', false);
  const files = fileServer(options.outDir, { setHeaders: (response) => response.setHeader('Cache-Control', 'no-store') });
  const server = createServer(
    compressed((request, response) => {
      const path = (request.url ?? '/').split('?')[0]!;
      if (path === eventsPath) return openEvents(response);
      if (path === devClientPath) return sendDevClient(response);
      if (path === pagerScript) return sendFile(response, projectPath('node_modules/pagedjs/dist/paged.polyfill.min.js'), 'text/javascript; charset=utf-8');
      const font = bookFontFile(path);
      if (font) return sendFile(response, font, contentType(font));
      const book = /^\/__esg\/book\/([A-Za-z_]+)$/.exec(path);
      // A preview reloading as soon as a build has its pages waits for the rest of that build, whose book it shows.
      if (book) return void queue.then(() => sendBookPreview(response, book[1]!));
      const page = pageFile(options.outDir, path);
      if (page) return sendPage(response, page);
      files(request, response, () => notFound(options.outDir, request, response));
    }),
  );

  /** The book of a locale laid out in pages (Paged.js), reloading with the site; its numbers are the last PDF's (`esg build --pdf`). */
  function sendBookPreview(response: ServerResponse, locale: string) {
    const html = bookPreview?.(locale);
    if (!html) {
      response.statusCode = 404;
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      return response.end(
        bookPreview
          ? `no report book in ${locale}: content/${locale}/book.yaml`
          : 'the book preview comes back once esg dev is restarted after a change to the code',
      );
    }
    answer(response, 'text/html; charset=utf-8', 'no-store');
    response.end(withDevClient(html));
  }

  function openEvents(response: ServerResponse) {
    answer(response, 'text/event-stream', 'no-cache');
    response.setHeader('Connection', 'keep-alive');
    response.flushHeaders();
    response.write(`data: ${JSON.stringify(lastError ? { type: 'error', message: lastError } : { type: 'ok' })}\n\n`);
    clients.add(response);
    response.on('close', () => clients.delete(response));
  }

  await listen(server, options.port, options.host ?? '127.0.0.1');
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const watcher = watch([options.contentDir, ...codeFolders], {
    ignoreInitial: true,
    ignored: (path) => path.includes('node_modules') || path.endsWith('types.ts'),
  });
  watcher.on('all', (_event, path) => {
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...changed];
      changed.clear();
      const code = paths.some((file) => codeFolders.some((folder) => file.startsWith(folder)));
      void rebuild(paths.map((file) => file.replace(projectRoot, '')).join(', '), code);
    }, saveSettleMs);
  });

  // Saves made before the first scan of the folders ends would be missed.
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));

  return {
    server,
    close: async () => {
      await watcher.close();
      await queue;
      await session.close();
      for (const client of clients) client.end();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * Templates and schemas are modules of this process: after a change to the code, the command is
 * compiled again (scripts/compile.js) and a fresh `esg build` picks up the change.
 */
async function buildInChild(options: DevOptions): Promise<undefined> {
  const { compile } = (await import(pathToFileURL(projectPath('scripts/compile.js')).href)) as { compile: () => Promise<void> };
  await compile();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [projectPath('bin/esg.js'), 'build', '--content', options.contentDir, '--out', options.outDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('exit', (code) => (code === 0 ? done(undefined) : fail(new Error(errors.trim() || `esg build exited with ${code}`))));
  });
}

/** The HTML file an address names, if any: /zh_TW/about → out/zh_TW/about/index.html. */
function pageFile(outDir: string, path: string): string | undefined {
  const clean = decodeURIComponent(path).replace(/\/+$/, '');
  for (const candidate of [join(outDir, clean, 'index.html'), join(outDir, `${clean}.html`)]) {
    if (candidate.startsWith(outDir) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function sendPage(response: ServerResponse, file: string) {
  answer(response, 'text/html; charset=utf-8', 'no-store');
  response.end(withDevClient(readFileSync(file, 'utf8')));
}

const withDevClient = (html: string) => html.replace('</body>', `<script src="${devClientPath}"></script></body>`);

function sendFile(response: ServerResponse, file: string, type: string) {
  answer(response, type, 'no-store');
  response.end(readFileSync(file));
}

function sendDevClient(response: ServerResponse) {
  answer(response, 'text/javascript; charset=utf-8', 'no-store');
  response.end(devClient);
}

/** A 200 answer's headers, before its body. */
function answer(response: ServerResponse, type: string, cacheControl: string): void {
  response.statusCode = 200;
  response.setHeader('Content-Type', type);
  response.setHeader('Cache-Control', cacheControl);
}

const time = () => new Date().toTimeString().slice(0, 8);

/**
 * In the browser: listen for rebuilds; reload keeping the scroll position; show content errors in an
 * overlay (file:line:col and code frame) that goes away when the next build succeeds.
 */
const devClient = `(() => {
  const key = 'esg:dev-scroll';
  const saved = sessionStorage.getItem(key);
  if (saved) { sessionStorage.removeItem(key); addEventListener('load', () => scrollTo(0, Number(saved))); }
  let overlay;
  const show = (message) => {
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'esg-dev-overlay';
      overlay.setAttribute('role', 'alert');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:99999;background:rgba(20,20,20,.92);color:#fff;overflow:auto;padding:24px;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace';
      document.body.append(overlay);
    }
    overlay.innerHTML = '<h2 style="color:#ff8a80;margin:0 0 12px;font:700 18px system-ui">Content error</h2><pre style="white-space:pre-wrap;margin:0"></pre>';
    overlay.querySelector('pre').textContent = message;
  };
  const source = new EventSource('${eventsPath}');
  source.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'error') show(message.message);
    if (message.type === 'ok' && overlay) { overlay.remove(); overlay = undefined; }
    if (message.type === 'reload') { sessionStorage.setItem(key, String(scrollY)); location.reload(); }
  };
})();`;
