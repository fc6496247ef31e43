import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { workerChannel } from '../../cli/build/output/workerChannel.ts';

const echo = () => new Worker(new URL('../fixtures/workers/echo.js', import.meta.url));

describe('workerChannel', () => {
  it('gives the replies in the order they come, whether asked before or after they arrive', async () => {
    const channel = workerChannel<string, string>(echo(), 'echo');
    channel.send('a');
    channel.send('b');
    expect(await channel.next()).toBe('reply to a');
    await new Promise((done) => setTimeout(done, 50));
    expect(await channel.next()).toBe('reply to b');
    await channel.close();
  });

  it('rejects whoever waits, then and after, when the thread throws or exits', async () => {
    const failing = workerChannel<string, string>(echo(), 'echo');
    failing.send('throw');
    await expect(failing.next()).rejects.toThrow('planted failure');
    await expect(failing.next()).rejects.toThrow('planted failure');
    const exiting = workerChannel<string, string>(echo(), 'echo');
    exiting.send('exit');
    await expect(exiting.next()).rejects.toThrow('the echo thread stopped (exit code 3)');
  });

  it('leaves the thread running once released, for another channel', async () => {
    const thread = echo();
    const first = workerChannel<string, string>(thread, 'echo');
    first.release();
    const second = workerChannel<string, string>(thread, 'echo');
    second.send('c');
    expect(await second.next()).toBe('reply to c');
    await second.close();
  });
});
