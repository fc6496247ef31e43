import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A handler whose text answers are sent compressed, as the hosts the servers imitate send them:
 * an answer already encoded (the build's `.br` or `.gz` copy, which `files.ts` picks) goes as it is;
 * other text is compressed as it is sent, in brotli or gzip as the browser accepts, by the
 * `compression` package. An event stream (`esg dev`'s and `esg edit`'s reloads) is sent as it
 * comes, each event at once.
 */
export function compressed(handle: Handler): Handler {
  const compress = compression({
    filter: (request, response) => !String(response.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(request, response),
  });
  // `compression` is written for Express, whose request and response are Node's with more on them; it uses only Node's.
  return (request, response) => compress(request as never, response as never, () => handle(request, response));
}
