import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from '../forms/proxy.ts';
import { isFormKind } from '../../schemas/forms.ts';

/** One line of `esg serve`'s request log, written as JSON. */
export interface RequestLine {
  /** When the request arrived (ISO 8601, UTC). */
  time: string;
  method: string;
  /** Without the query string; a path segment holding an `@` is replaced by `[redacted]`. */
  path: string;
  /** 0 when no answer was sent: the client left, or a timeout cut it off. */
  status: number;
  /** From the request's arrival to its response's end. */
  ms: number;
  /** Bytes written to the client for the response, headers included. */
  bytes: number;
  /** The client's address, through the trusted proxies (ESG_TRUST_PROXY). */
  client: string;
  /** subscribe, quiz or survey for a form post. */
  form?: string;
  /** The client left before the whole response was sent. */
  aborted?: true;
}

export interface RequestLogOptions {
  /** The forms' path prefix, site.yaml `forms.endpoint`. */
  endpoint: string;
  trustProxy: number;
  write: (line: string) => void;
}

/**
 * Returns the function to call as each request arrives: it writes the request's line once its
 * response is done. Never the body or the query string, where visitors' e-mail addresses travel.
 * A health check that passes is not written: a probe every few seconds would drown the rest.
 */
export function requestLogger({ endpoint, trustProxy, write }: RequestLogOptions) {
  const formPrefix = `${endpoint}/`;
  return (request: IncomingMessage, response: ServerResponse): void => {
    const time = new Date().toISOString();
    const started = performance.now();
    const socket = request.socket;
    const writtenBefore = socket.bytesWritten;
    response.once('close', () => {
      const path = redactPath((request.url ?? '').split('?')[0]!);
      if (path === '/healthz' && response.statusCode === 200) return;
      const form = path.startsWith(formPrefix) ? path.slice(formPrefix.length) : '';
      const line: RequestLine = {
        time,
        method: request.method ?? '',
        path,
        status: response.headersSent ? response.statusCode : 0,
        ms: Math.round((performance.now() - started) * 10) / 10,
        bytes: socket.bytesWritten - writtenBefore,
        client: clientAddress(request, trustProxy),
        ...(isFormKind(form) ? { form } : {}),
        ...(response.writableFinished ? {} : { aborted: true as const }),
      };
      write(JSON.stringify(line));
    });
  };
}

/** `/x/reader@example.com/y` (or `%40`) → `/x/[redacted]/y`: an address can be typed into a path too. */
function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '[redacted]' : segment))
    .join('/');
}
