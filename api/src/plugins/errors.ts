import { FIELD_INVALID_KEY, isMessageKey } from '@portal/shared/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { isDatabaseUnavailable } from '../lib/log-safe-error';
import { readableMessage } from '../lib/readable-message';

const UNKNOWN_FIELD_KEY = 'validation_unknown_field';

type ValidationIssue = { instancePath?: string; message?: string; keyword?: string; params?: { keys?: unknown } };

const fieldPath = (issue: ValidationIssue) => (issue.instancePath ?? '').split('/').filter(Boolean).join('.');

/** An unknown key of a strict object names the key itself as the field ('card.colour'). */
function unknownKeys(issue: ValidationIssue): string[] {
  const keys: unknown = issue.params?.keys;
  if (issue.keyword !== 'unrecognized_keys' || !Array.isArray(keys)) return [];
  const base = fieldPath(issue);
  return keys.map((key) => (base ? `${base}.${String(key)}` : String(key)));
}

function describe(issue: ValidationIssue, context: string | undefined): string {
  const field = fieldPath(issue) || (context && context !== 'body' ? context : '');
  const message = readableMessage(issue.message ?? 'is invalid');
  const letters = (v: string) => v.toLowerCase().replace(/[^a-z]/g, '');
  // 'firstName' + 'First name is required' → just the message; otherwise prefix the field path.
  if (!field || letters(message).startsWith(letters(field.split('.').pop() ?? field))) return message;
  return `${field}: ${message}`;
}

/** Field path → the schema's i18n key (first issue per field); undefined when no issue names a field. */
function fieldKeys(issues: ValidationIssue[]): Record<string, string> | undefined {
  // A Map: field paths come from the client's keys, and on a plain object `'constructor' in fields` is already
  // true and `fields['__proto__'] = …` sets no field. Object.fromEntries makes every path an own property.
  const fields = new Map<string, string>();
  for (const issue of issues) {
    for (const key of unknownKeys(issue)) if (!fields.has(key)) fields.set(key, UNKNOWN_FIELD_KEY);
    const path = fieldPath(issue);
    if (issue.keyword === 'unrecognized_keys') continue;
    if (!path || fields.has(path)) continue;
    fields.set(path, issue.message && isMessageKey(issue.message) ? issue.message : FIELD_INVALID_KEY);
  }
  return fields.size ? Object.fromEntries(fields) : undefined;
}

/** `{ message, slug, fields? }` for every failure; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, slug: error.slug, ...(error.fields && { fields: error.fields }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as ValidationIssue[];
      const message = issues
        .slice(0, 5)
        .map((i) => describe(i, error.validationContext))
        .join('; ');
      const fields = fieldKeys(issues);
      return reply
        .code(400)
        .send({ message: message || 'Request is invalid', slug: 'validation-error', ...(fields && { fields }) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ issues: error.cause.issues, url: error.url }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Internal Server Error', slug: 'internal-error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, empty body, wrong content type, body too large …
      const slug =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported-media-type'
          : status === 413
            ? 'payload-too-large'
            : status === 429
              ? 'too-many-requests'
              : 'bad-request';
      const message =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request must not be empty'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'Request body is not valid JSON'
            : error.message;
      return reply.code(status).send({ message, slug });
    }
    // The logger's err serializer (logSafeError) drops SQL parameters and key values.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The database is not reachable right now; try again shortly', slug: 'database-unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error', slug: 'internal-error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, slug: 'route-not-found' });
  });
}
