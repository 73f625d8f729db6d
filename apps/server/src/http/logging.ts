import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Pino redacts secrets wherever they appear in a logged object (bodies are never logged whole). */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.oldpassword',
  '*.newpassword',
  '*.token',
  '*.card_number',
  '*.cardnumber',
  '*.cvv',
  '*.exp_date',
  '*.exp_month',
  '*.exp_year',
];

/**
 * A URL as the log may show it: every query value is replaced, whatever the parameter's name. The
 * reset link (`?token=`), the socket's `?token=` and anything a client invents travel in query
 * strings; calls carry their data in bodies, so a query value is never needed to read a log.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the URL redacted (it logs `req` on every request). */
export function serializeRequest(req: LoggedRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** The logger options of the app; `stream` lets tests read what would be written to stdout. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
