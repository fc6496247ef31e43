import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { fileWrites, type WriteOptions } from './compress.ts';

/**
 * The writes stage's worker thread (writes.ts): creates each file the build sends under the
 * staging folder, with its compressed copies if asked (compress.ts), while the main thread
 * renders the next pages. On this machine's disks creating a file and its folder costs most of a
 * millisecond, and a build with compressed copies creates three files per page: done on the main
 * thread, that waiting was a third of a build. `pending` counts the files sent and not yet
 * written, so the main thread can wait when it is too far ahead.
 */
export interface WriteSetup {
  folder: string;
  options: WriteOptions;
  pending: SharedArrayBuffer;
}

/** What the main thread sends: files, then `finish` with the folders it copied rather than wrote. */
/** Files come a few at a time, each as its UTF-8 bytes, their memory handed over rather than copied (writes.ts). */
export type WriteRequest = { kind: 'files'; files: { path: string; bytes: Uint8Array }[] } | { kind: 'drain' } | { kind: 'finish'; copied: string[] };
/** One reply to each `drain` and to `finish`, or the error that stopped the writes. */
export type WriteReply = { kind: 'drained' } | { kind: 'finished' } | { kind: 'failed'; message: string };

/** Serves the main thread's writes for the thread's life: one build's files. */
function serveWrites(port: MessagePort, { folder, options, pending }: WriteSetup): void {
  const count = new Int32Array(pending);
  const { write, finish } = fileWrites(folder, options);
  let failed: string | undefined;
  port.on('message', (request: WriteRequest) => {
    if (request.kind === 'files') {
      for (const { path, bytes } of request.files) {
        try {
          if (!failed) write({ path, contents: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
        } catch (error) {
          failed = (error as Error).message;
        } finally {
          Atomics.sub(count, 0, 1);
          Atomics.notify(count, 0);
        }
      }
    } else if (failed) {
      port.postMessage({ kind: 'failed', message: failed } satisfies WriteReply);
    } else if (request.kind === 'drain') {
      port.postMessage({ kind: 'drained' } satisfies WriteReply);
    } else {
      finish(...request.copied).then(
        () => port.postMessage({ kind: 'finished' } satisfies WriteReply),
        (error: Error) => port.postMessage({ kind: 'failed', message: error.message } satisfies WriteReply),
      );
    }
  });
}

if (parentPort) serveWrites(parentPort, workerData as WriteSetup);
