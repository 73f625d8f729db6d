import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
type ChildArgs = Parameters<FastifyBaseLogger['child']>;
type Logger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes pino's child logger (with the request id) only when something is
 * logged at an enabled level. Fastify makes a child for every request, and at LOG_LEVEL=warn almost
 * none of them writes a line: building it (bindings, serializers, redaction) was a visible share of
 * a cheap call's time. It inherits the parent's level (lazyChildLogger makes a real child otherwise).
 */
class LazyRequestLogger {
  private real?: Logger;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: ChildArgs[0],
  ) {}

  get logger(): Logger {
    return (this.real ??= this.parent.child(this.bindings) as Logger);
  }

  get level(): string {
    return (this.real ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(...args: ChildArgs): FastifyBaseLogger {
    return this.logger.child(...args);
  }

  isLevelEnabled(level: string): boolean {
    return (this.real ?? this.parent).isLevelEnabled(level);
  }

  silent(): void {}
}

for (const level of LEVELS) {
  Object.defineProperty(LazyRequestLogger.prototype, level, {
    value(this: LazyRequestLogger, ...args: unknown[]) {
      if (this.isLevelEnabled(level)) (this.logger[level] as (...a: unknown[]) => void)(...args);
    },
  });
}

/** Fastify's childLoggerFactory: a lazy child (above) unless the route sets its own level or serializers. */
export function lazyChildLogger(this: unknown, logger: FastifyBaseLogger, bindings: ChildArgs[0], options: ChildArgs[1]): FastifyBaseLogger {
  // Fastify's null logger (logging off) has no levels, and its children cost nothing.
  if ((options && Object.keys(options).length > 0) || typeof (logger as Partial<Logger>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyRequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
}
