import { Worker } from 'node:worker_threads';
import { projectPath } from '../../paths.ts';
import { fileWrites, type WriteOptions } from './compress.ts';
import { batches } from './batches.ts';
import { workerChannel } from './workerChannel.ts';
import type { RenderedFile } from '../../siteFiles.ts';
import type { WriteReply, WriteRequest, WriteSetup } from './writeThread.ts';

/** Files sent to the writer thread and not yet written, at most: each holds a page in memory. */
const aheadLimit = 64;
const utf8 = new TextEncoder();

/** How a build writes its files: `writerThread`, or `writerHere` with the same interface. */
export interface Writes {
  write(file: RenderedFile): void;
  /** Waits until every file sent so far is written (not their compressed copies). */
  drain(): Promise<void>;
  /** Compresses the files of `copied` folders too, and waits for every write and copy. */
  finish(...copied: string[]): Promise<void>;
  /** Ends the writes of a build that failed. */
  stop(): void;
}

/**
 * The writes of a build that writes a few files (an incremental build, incremental.ts), on this
 * thread: starting the writer thread would take longer than writing them (`esg dev` waits for it).
 */
export function writerHere(folder: string, options: WriteOptions): Writes {
  const { write, finish } = fileWrites(folder, options);
  return { write, drain: async () => {}, finish, stop: () => {} };
}

/**
 * The build's file writes, in a worker thread of their own (writeThread.ts): `write` hands a file
 * over and returns at once, unless the thread is `aheadLimit` files behind, when it waits for it
 * (memory stays flat however many pages there are). `drain` waits until every file sent is
 * written; `finish` also compresses the files of the folders the build copied (compress.ts) and
 * waits for every compressed copy.
 */
export function writerThread(folder: string, options: WriteOptions): Writes {
  const pending = new SharedArrayBuffer(4);
  const count = new Int32Array(pending);
  const setup: WriteSetup = { folder, options, pending };
  // The compiled thread (scripts/compile.js), also when the build itself runs from the sources.
  const channel = workerChannel<WriteRequest, WriteReply>(new Worker(projectPath('dist/writeThread.js'), { workerData: setup }), 'writer');
  channel.unref();
  const ask = async (request: WriteRequest, expected: WriteReply['kind']): Promise<void> => {
    channel.send(request);
    const reply = await channel.next();
    if (reply.kind === 'failed') throw new Error(`writing the site failed: ${reply.message}`);
    if (reply.kind !== expected) throw new Error(`the writer thread answered ${reply.kind} to ${request.kind}`);
  };
  // Up to 16 files, or about 256 KB, to a message, their memory handed over.
  const files = batches<{ path: string; bytes: Uint8Array }>(
    (sent) =>
      channel.send(
        { kind: 'files', files: sent },
        sent.map((file) => file.bytes.buffer as ArrayBuffer),
      ),
    { most: 16, size: 256 * 1024, sizeOf: (file) => file.bytes.length },
  );
  return {
    write(file: RenderedFile): void {
      let ahead = Atomics.add(count, 0, 1);
      // The files waiting to be sent are counted: they go before this thread waits for the writer.
      if (ahead >= aheadLimit) files.flush();
      while (ahead >= aheadLimit) {
        Atomics.wait(count, 0, ahead + 1, 1000);
        ahead = Atomics.load(count, 0) - 1;
      }
      // Encoded here and handed over: cloning the text to the thread, which encoded it twice (the
      // file, its compressed copies), cost more of the writer thread, the slower of the two.
      const bytes = utf8.encode(file.contents);
      files.add({ path: file.path, bytes });
    },
    drain: () => (files.flush(), ask({ kind: 'drain' }, 'drained')),
    async finish(...copied: string[]): Promise<void> {
      files.flush();
      await ask({ kind: 'finish', copied }, 'finished');
      await channel.close();
    },
    stop(): void {
      void channel.close();
    },
  };
}
