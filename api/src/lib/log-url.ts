import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
/** Query keys that name an address (`email`, `userEmail`, `contact_e-mail` …), compared once decoded. */
const EMAIL_KEY = /e-?mail/i;
/** Whether a URL can hold anything to redact at all (an address, an encoded character, an email key). */
const MAYBE = /[@%]|mail/i;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

const holdsAddress = (part: string) => part.includes('@') || decoded(part).includes('@');

/**
 * A request URL as the logs may keep it: no email address. The value of a query parameter named like an email
 * (`?email=`, `?userEmail=`, spec'd parameters of the api) becomes `[redacted]`, and so does any query value or
 * path segment that holds an `@` (an address sent under another name, or in the path). Keys and the rest stay, so a
 * line still tells which route and which parameters a request used.
 */
export function redactUrl(url: string): string {
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

/** Fastify's own `req` log serializer (the request lines' `req`), with the URL passed through redactUrl. */
export function requestSerializer(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
