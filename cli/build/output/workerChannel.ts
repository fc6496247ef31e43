import type { Transferable, Worker } from 'node:worker_threads';

/**
 * A worker thread spoken to by request and reply: requests are posted, replies are taken in the
 * order they come, and the thread's failure (an uncaught error, or an exit while it is listened
 * to) rejects whoever waits for a reply, then and after. The writer thread (writes.ts) and the
 * search thread (12-search.ts) both speak through one.
 */
export interface WorkerChannel<Request, Reply> {
  send(request: Request, transfer?: Transferable[]): void;
  /** The next reply, or the thread's failure. */
  next(): Promise<Reply>;
  /** Keeps the process alive while the thread works (`ref`), or lets it end but while a reply is awaited (`unref`). */
  ref(): void;
  unref(): void;
  /** Stops listening, leaving the thread running (to serve another channel). */
  release(): void;
  /** Stops listening and ends the thread. */
  close(): Promise<void>;
}

export function workerChannel<Request, Reply>(thread: Worker, name: string): WorkerChannel<Request, Reply> {
  const replies: Reply[] = [];
  let failure: Error | undefined;
  let held = true;
  let wake = () => {};
  const onMessage = (reply: Reply) => {
    replies.push(reply);
    wake();
  };
  const onError = (error: Error) => {
    failure ??= error;
    wake();
  };
  const onExit = (code: number) => {
    failure ??= new Error(`the ${name} thread stopped (exit code ${code})`);
    wake();
  };
  thread.on('message', onMessage);
  thread.on('error', onError);
  thread.on('exit', onExit);
  const release = () => {
    thread.off('message', onMessage);
    thread.off('error', onError);
    thread.off('exit', onExit);
  };
  return {
    send: (request, transfer = []) => thread.postMessage(request, transfer),
    async next() {
      // Waiting for a reply keeps the process alive, even while the channel lets it end otherwise.
      if (!held) thread.ref();
      try {
        while (!replies.length) {
          if (failure) throw failure;
          await new Promise<void>((done) => (wake = done));
        }
        return replies.shift()!;
      } finally {
        if (!held) thread.unref();
      }
    },
    ref: () => {
      held = true;
      thread.ref();
    },
    unref: () => {
      held = false;
      thread.unref();
    },
    release,
    async close() {
      release();
      await thread.terminate();
    },
  };
}
