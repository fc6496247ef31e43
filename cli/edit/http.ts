import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request the API refuses: its status and the JSON it answers with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error ?? status));
  }
}

/** A refusal with a reason: `{ error: reason }`. */
export function refused(status: number, reason: string): HttpError {
  return new HttpError(status, { error: reason });
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.end(JSON.stringify(body));
}

/** The largest body a PUT or POST may send: the largest content file is a few hundred KB. */
const bodyLimit = 8 * 1024 * 1024;

/** A request's JSON body; only `application/json` (what a form of another site cannot send without asking). */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) throw refused(415, 'send the body as application/json');
  const bytes = await readBody(request, bodyLimit, `the body is over ${bodyLimit} bytes`);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw refused(400, 'the body is not JSON');
  }
}

/** A request's body, refused with 413 and `tooLarge` as soon as it is over `limit` bytes (by its Content-Length, or as it comes). */
export async function readBody(request: IncomingMessage, limit: number, tooLarge: string): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw refused(413, tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw refused(413, tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
