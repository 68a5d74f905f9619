// What request URLs the logs may keep: no email address. One rule for the api's and the portal server's request
// lines (the api's routes take ?email= and ?userEmail=, and the /api requests pass through the portal server too).
// Plain JavaScript because the portal server runs without a build step.

const REDACTED = '[redacted]';
/** Query keys that name an address (`email`, `userEmail`, `contact_e-mail` …), compared once decoded. */
const EMAIL_KEY = /e-?mail/i;
/** Whether a URL can hold anything to redact at all (an address, an encoded character, an email key). */
const MAYBE = /[@%]|mail/i;

/** @param {string} part */
function decoded(part) {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** @param {string} part */
const holdsAddress = (part) => part.includes('@') || decoded(part).includes('@');

/**
 * A request URL as the logs may keep it: the value of a query parameter named like an email becomes `[redacted]`,
 * and so does any query value or path segment that holds an `@` (an address sent under another name, or in the
 * path). Keys and the rest stay, so a line still tells which route and which parameters a request used.
 * @param {string} url
 * @returns {string}
 */
function redactUrl(url) {
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

/**
 * Fastify's own `req` log serializer (the request lines' `req`), with the URL passed through redactUrl.
 * @param {import('./redact-url').SerializableRequest} request
 */
function requestSerializer(request) {
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

module.exports = { redactUrl, requestSerializer };
