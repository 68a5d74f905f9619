// The portal server's request log lines: URLs without email addresses, by the rule the api's lines follow too.
import { requestSerializer } from '../../shared/log/redact-url.js';

/** Fastify's `logger` option (false, true or pino options) with the redacting `req` serializer. */
export function redactingLogger(logger) {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer } };
}
