import type { ServerResponse } from 'node:http';
import { relative, resolve, sep } from 'node:path';
import { ContentErrors } from '../errors.ts';
import { formatMs } from '../log.ts';
import { build, BuildSession, type BuildResult } from '../build/index.ts';
import { editProblem, type EditProblem } from './checks.ts';

/** What the editor page is told over server-sent events (`GET /api/events`). */
export type EditEvent =
  | { type: 'saved'; path: string }
  /** The changed pages are in out/: the preview may reload. */
  | { type: 'built'; pages: string[]; ms: number }
  /** The build is over, search index too. */
  | { type: 'done'; ms: number }
  | { type: 'error'; problems: EditProblem[]; message?: string };

/** Where the editor serves the built site, so a preview frame is on the editor's own origin. */
export const previewPrefix = '/preview';

export interface EditorBuilds {
  /**
   * Runs `work` after everything queued before it. Saves (their checks read the whole content)
   * and builds share one queue: the pipeline's caches are one per process, and a save's check
   * must not see a build's half-made state, nor a build a file half-saved.
   */
  queued<T>(work: () => Promise<T>): Promise<T>;
  /** Queues an incremental build of the content into out/, with the report PDFs when `pdf`; resolves when it is over. */
  rebuild(options?: { pdf?: boolean }): Promise<void>;
  /** Tells every open event stream. */
  send(event: EditEvent): void;
  /** Answers `GET /api/events`: an event stream, open until the page closes it. */
  openEvents(response: ServerResponse): void;
  /** The preview addresses of the pages made from a content file (a path inside content/), as of the last build. */
  pagesOf(path: string): string[];
  /** What the checks of saves and the builds keep from one to the next (cli/build/session.ts). */
  session: BuildSession;
  close(): Promise<void>;
}

export function editorBuilds(contentDir: string, outDir: string): EditorBuilds {
  const clients = new Set<ServerResponse>();
  const session = new BuildSession();
  let queue: Promise<unknown> = Promise.resolve();
  let pagesByFile = new Map<string, string[]>();
  /** The last build, to its very end. */
  let building: Promise<void> = Promise.resolve();
  /** A build is queued and has not read the content yet: later saves are in it too. */
  let pending = false;
  /** The queued build prints the PDFs too: one asked for them. */
  let pdfWanted = false;

  const send = (event: EditEvent) => {
    for (const client of clients) client.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  /**
   * One build of out/ at a time. A build holds the queue only until its pages are in out/
   * (`onPages`, when the preview reloads, as in `esg dev`): its search index is made while the
   * next save is checked, so a save never waits for it.
   */
  const rebuild = (options: { pdf?: boolean } = {}) => {
    pdfWanted ||= options.pdf === true;
    if (pending) return building;
    pending = true;
    const previous = building;
    building = previous.then(
      () =>
        new Promise<void>((finished) => {
          void queued(
            () =>
              new Promise<void>((pagesWritten) => {
                pending = false;
                const pdf = pdfWanted;
                pdfWanted = false;
                void buildPreview(pagesWritten, pdf).finally(() => {
                  pagesWritten();
                  finished();
                });
              }),
          );
        }),
    );
    return building;
  };

  const buildPreview = async (pagesWritten: () => void, pdf: boolean) => {
    const started = performance.now();
    let told = false;
    const onPages = (pages: string[]) => {
      told = true;
      send({ type: 'built', pages: pages.map(previewAddress), ms: Math.round(performance.now() - started) });
      pagesWritten();
    };
    try {
      const result = await build({ contentDir, outDir, verbose: false, onPages, session, pdf });
      pagesByFile = pagesFromPlan(contentDir, result);
      // A first, full build has no `onPages`: it tells at its end.
      if (!told)
        send({ type: 'built', pages: (result.changed?.written ?? []).filter((path) => path.endsWith('.html')).map(previewAddress), ms: Math.round(result.ms) });
      send({ type: 'done', ms: Math.round(performance.now() - started) });
      console.log(`built the preview in ${formatMs(performance.now() - started)}`);
    } catch (error) {
      if (!(error instanceof ContentErrors)) {
        send({ type: 'error', problems: [], message: String((error as Error).message ?? error) });
        console.error(error);
        return;
      }
      send({ type: 'error', problems: error.problems.map((problem) => editProblem(contentDir, problem, session.simplified)) });
      console.error(`the preview was not built: ${error.message}`);
    }
  };

  return {
    queued,
    rebuild,
    send,
    openEvents(response) {
      response.statusCode = 200;
      response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      response.setHeader('Cache-Control', 'no-store');
      response.setHeader('Connection', 'keep-alive');
      response.flushHeaders();
      // A comment line: the stream is open (and the page's EventSource fires `open`).
      response.write(': open\n\n');
      clients.add(response);
      response.on('close', () => clients.delete(response));
    },
    pagesOf: (path) => pagesByFile.get(path) ?? [],
    session,
    async close() {
      await building;
      await queue;
      await session.close();
      for (const client of clients) client.end();
    },
  };
}

/** `zh_TW/chairman/index.html` (a file in out/) → `/preview/zh_TW/chairman`, as the page's route is written. */
function previewAddress(file: string): string {
  return `${previewPrefix}/${file
    .split(sep)
    .join('/')
    .replace(/\/?index\.html$/, '')}`.replace(/\/$/, '');
}

/** Each content file's pages, from the routes the build planned (a zh_TW file makes its zh_CN pages too). */
function pagesFromPlan(contentDir: string, result: BuildResult): Map<string, string[]> {
  const pages = new Map<string, string[]>();
  for (const route of result.plan.routes) {
    if (route.kind !== 'page' || !route.document) continue;
    const file = relative(contentDir, resolve(route.document.source.file)).split(sep).join('/');
    pages.set(file, [...(pages.get(file) ?? []), `${previewPrefix}${route.path}`]);
  }
  return pages;
}
