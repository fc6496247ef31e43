import type { Server, ServerResponse } from 'node:http';

/** Under Docker's 10 s between SIGTERM and SIGKILL, so the database is always closed by us. */
export const shutdownDeadlineMs = 8_000;

/**
 * Tracks the responses a server has under way, so that a shutdown can let them finish: each is
 * told to close its connection once sent (`Connection: close`), and a request arriving on a
 * kept-alive connection meanwhile is answered the same way.
 */
export function inFlight() {
  const open = new Set<ServerResponse>();
  let closing = false;
  return {
    /** Call as each request arrives. */
    track(response: ServerResponse): void {
      if (closing) response.setHeader('Connection', 'close');
      open.add(response);
      response.once('close', () => open.delete(response));
    },
    /**
     * Stops accepting connections, closes the idle ones, waits for the responses under way and
     * resolves true; at the deadline, cuts what is left and resolves false.
     */
    stop(server: Server, deadlineMs = shutdownDeadlineMs): Promise<boolean> {
      closing = true;
      for (const response of open) if (!response.headersSent) response.setHeader('Connection', 'close');
      return new Promise((done) => {
        let cut = false;
        const deadline = setTimeout(() => {
          cut = open.size > 0;
          server.closeAllConnections();
        }, deadlineMs);
        // close() also closes the idle kept-alive connections (Node 19 and later).
        server.close(() => {
          clearTimeout(deadline);
          done(!cut);
        });
      });
    },
  };
}

/**
 * On SIGTERM (docker stop, systemctl stop) or SIGINT (Ctrl-C): runs `stop` once, then exits 0 when
 * everything under way finished, 1 when the deadline cut something off. A second signal exits at once.
 */
export function stopOnSignals(stop: () => Promise<boolean>, say: (text: string) => void): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    say(`${signal}: finishing the requests under way, then stopping`);
    stop().then(
      (finished) => {
        say(finished ? 'stopped' : 'stopped: the deadline cut off requests still under way');
        process.exit(finished ? 0 : 1);
      },
      (error: unknown) => {
        console.error('esg serve: could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
