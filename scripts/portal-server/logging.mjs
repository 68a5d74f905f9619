// The portal server's request log lines: URLs without email addresses (the api's routes take ?email= and
// ?userEmail=, and the /api requests pass through here). The same rule as the api's (api/src/lib/log-url.ts).

const REDACTED = '[redacted]';
/** Query keys that name an address (`email`, `userEmail`, `contact_e-mail` …), compared once decoded. */
const EMAIL_KEY = /e-?mail/i;
/** Whether a URL can hold anything to redact at all (an address, an encoded character, an email key). */
const MAYBE = /[@%]|mail/i;

function decoded(part) {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

const holdsAddress = (part) => part.includes('@') || decoded(part).includes('@');

/**
 * A request URL as the logs may keep it: the value of a query parameter named like an email becomes `[redacted]`,
 * and so does any query value or path segment that holds an `@`. Keys and the rest stay.
 */
export function redactUrl(url) {
  if (!MAYBE.test(url)) return url;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const path = pathname
    .split('/')
    .map((segment) => (holdsAddress(segment) ? REDACTED : segment))
    .join('/');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      if (holdsAddress(key)) return REDACTED;
      if (eq < 0) return pair;
      return EMAIL_KEY.test(decoded(key)) || holdsAddress(pair.slice(eq + 1)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's own `req` log serializer, with the URL passed through redactUrl. */
export function requestSerializer(request) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's `logger` option (false, true or pino options) with the redacting `req` serializer. */
export function redactingLogger(logger) {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer } };
}
