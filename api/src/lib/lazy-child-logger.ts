import type { FastifyBaseLogger, RawServerDefault } from 'fastify';
import type { Bindings, ChildLoggerOptions, FastifyChildLoggerFactory } from 'fastify/types/logger';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
/** pino's (the logger Fastify makes from the `logger` options). */
type Enabled = { isLevelEnabled(level: string): boolean };

/**
 * request.log, made a pino child only when the request logs at a level that is on. pino's child() writes its
 * bindings (the request id) through the redaction of every path with a wildcard (REDACTED_PATHS), about 3 µs, on
 * every request, also when the request then logs nothing (LOG_LEVEL above info, or silent as in the api bench).
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private write(level: Level, args: LogArgs): void {
    if (!this.made && !(this.parent as FastifyBaseLogger & Enabled).isLevelEnabled(level)) return;
    const logger = this.logger;
    (logger[level] as (...a: LogArgs) => void).apply(logger, args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a LazyChildLogger, or pino's child at once for a route with a log level of its own. */
export const lazyChildLoggerFactory: FastifyChildLoggerFactory<RawServerDefault> = (logger, bindings, options) =>
  Object.keys(options).length > 0 ? logger.child(bindings, options) : new LazyChildLogger(logger, bindings);
