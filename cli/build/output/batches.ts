/**
 * Items for another thread, sent several to a message: each message wakes the thread it goes to,
 * and one per page was a tenth of a cold build's main thread (bench/RESULTS.md, section 20). `add`
 * sends once `most` items, or about `size` of them by `sizeOf`, are waiting; `flush` sends what
 * waits. The writer thread's files (writes.ts) and the search thread's pages (12-search.ts) go so.
 */
export function batches<T>(send: (items: T[]) => void, { most, size, sizeOf }: { most: number; size: number; sizeOf: (item: T) => number }) {
  let waiting: T[] = [];
  let waitingSize = 0;
  const flush = () => {
    if (!waiting.length) return;
    const items = waiting;
    waiting = [];
    waitingSize = 0;
    send(items);
  };
  return {
    add(item: T): void {
      waiting.push(item);
      waitingSize += sizeOf(item);
      if (waiting.length >= most || waitingSize >= size) flush();
    },
    flush,
  };
}
