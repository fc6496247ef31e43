import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { startEdit, type RunningEditor } from '../../cli/edit/server.ts';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { contentCopy, tempDir } from '../helpers/site.ts';

/** A running `esg edit` over a content folder (a temp copy), on a free port, its preview built into a temp out/. */
export async function startEditor(contentDir: string): Promise<RunningEditor> {
  return startEdit({ contentDir, outDir: join(tempDir(), 'out'), port: 0 });
}

/**
 * A request to the editor with its token (unless `token` is false), JSON in and out. Sent with
 * node:http, so the path reaches the server as written (fetch would resolve `..` first).
 */
export function call(
  editor: RunningEditor,
  path: string,
  options: { method?: string; json?: unknown; bytes?: Buffer; headers?: Record<string, string>; token?: boolean } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: any; text: string }> {
  const headers: Record<string, string> = { ...(options.token === false ? {} : { Authorization: `Bearer ${editor.token}` }), ...options.headers };
  const payload = options.bytes ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const { hostname, port } = new URL(editor.origin);
  return new Promise((done, fail) => {
    let answered = false;
    // A connection of its own: a kept-alive one the server is closing just then would be reset.
    const sent = request({ host: hostname, port, path, method: options.method ?? 'GET', headers, agent: false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        done({ status: response.statusCode!, headers: response.headers, body, text });
      });
    });
    // The server may refuse a large body before it has all of it, and close the connection: its
    // answer still comes. A connection closed without one fails the call.
    sent.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : fail(error)));
    sent.on('close', () => answered || fail(new Error(`${options.method ?? 'GET'} ${path}: the connection closed without an answer`)));
    sent.end(payload);
  });
}

/** The 1-based numbers of the lines that differ between two texts of the same number of lines; throws when the counts differ. */
export function changedLines(before: string, after: string): number[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) throw new Error(`the line count changed from ${a.length} to ${b.length}`);
  return a.flatMap((line, index) => (line === b[index] ? [] : [index + 1]));
}

/** The next event of an editor's event stream that `wanted` accepts. */
export async function nextEvent(editor: RunningEditor, wanted: (event: any) => boolean, start: () => Promise<unknown>): Promise<any> {
  const controller = new AbortController();
  const response = await fetch(`${editor.origin}/api/events`, { headers: { Authorization: `Bearer ${editor.token}` }, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  await start();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (!data) continue;
        const event = JSON.parse(data.slice(6));
        if (wanted(event)) return event;
      }
    }
  } finally {
    controller.abort();
  }
}

/** An editor over a copy of the sample content, and a browser to use it in. */
export interface EditorInBrowser {
  content: string;
  editor: RunningEditor;
  browser: Browser;
}

/**
 * Starts, before the file's tests, an editor over a copy of the sample content (`prepare` may
 * change the copy first) and a browser; stops both after them. The fields are set once started.
 */
export function editorInBrowser(prepare?: (content: string) => void): EditorInBrowser {
  const setup = {} as EditorInBrowser;
  beforeAll(async () => {
    setup.content = contentCopy();
    prepare?.(setup.content);
    setup.editor = await startEditor(setup.content);
    setup.browser = await launchBrowser();
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.editor?.close();
  });
  return setup;
}

/**
 * The editor in a browser whose language is `locale`, opened from its printed address, on the
 * file `path` (its form shown) or on its file list; every script error recorded but those whose
 * text holds `expected` (a refused save's status, which the browser reports).
 */
export async function openEditorPage(
  { editor, browser }: EditorInBrowser,
  { locale, width = 1280, path, expected }: { locale: string; width?: number; path?: string; expected?: string },
): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ locale, viewport: { width, height: 900 } })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && !(expected && message.text().includes(expected)) && errors.push(message.text()));
  await page.goto(editor.url);
  await page.goto(`${editor.origin}/${path ? `#${path}` : ''}`);
  await page
    .locator(path ? 'main form' : 'nav.files')
    .first()
    .waitFor({ timeout: 60_000 });
  return { page, errors };
}
