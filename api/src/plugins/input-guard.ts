import { FIELD_INVALID_KEY, isPlainText, TEXT_INVALID_KEY } from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

/**
 * Checks every request before its schema does, so routes added later are covered without doing anything:
 *
 * - Text: no string in the path parameters, the query or a JSON body (values and keys, at any depth) may hold
 *   control characters other than tab and line breaks, or broken UTF-16. PostgreSQL refuses NUL; the rest has no
 *   business in stored text. Whether a field may span lines is its schema's rule (`plainText` of the shared domain).
 * - Query: only the keys the route's querystring schema names, each once (`email[]=x` or `id=1&id=2` are refused,
 *   not silently dropped); a route without a querystring schema takes no query at all.
 */

const MAX_DEPTH = 64;

type Issue = { path: string; key: string; message: string };

const MULTILINE = { multiline: true };
const ONE_LINE = {};

/** Where the first bad string is: the keys down to it, innermost first (a path is only built for a bad one). */
type Found = { keys: string[]; what: 'text' | 'key' | 'depth' };

function findBadText(value: unknown, depth: number): Found | null {
  if (typeof value === 'string') return isPlainText(value, MULTILINE) ? null : { keys: [], what: 'text' };
  if (depth > MAX_DEPTH) return { keys: [], what: 'depth' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], depth + 1);
      if (found) {
        found.keys.push(String(i));
        return found;
      }
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!isPlainText(key, ONE_LINE)) return { keys: [], what: 'key' };
      const found = findBadText(record[key], depth + 1);
      if (found) {
        found.keys.push(key);
        return found;
      }
    }
  }
  return null;
}

function textIssue(value: unknown, root: string): Issue | null {
  const found = findBadText(value, 0);
  if (!found) return null;
  const path = [root, ...found.keys.reverse()].join('.');
  if (found.what === 'depth') return { path, key: FIELD_INVALID_KEY, message: `${path} is nested too deeply` };
  return {
    path,
    key: TEXT_INVALID_KEY,
    message:
      found.what === 'key'
        ? `${path} has a key with control characters or invalid text`
        : `${path} contains control characters or invalid text`,
  };
}

/** A zod schema's definition, as far as this guard needs it (zod 4 keeps it in `_zod.def`). */
type ZodLike = {
  _zod?: { def?: { type?: string; innerType?: ZodLike; in?: ZodLike; shape?: Record<string, ZodLike> } };
};

function unwrap(schema: ZodLike | undefined): ZodLike | undefined {
  let s = schema;
  for (let i = 0; i < 10 && s?._zod?.def; i++) {
    const def = s._zod.def;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') {
      s = def.innerType;
    } else if (def.type === 'pipe') {
      s = def.in;
    } else break;
  }
  return s;
}

/** The query keys a route declares (key → whether it takes a list); null when the schema is not a zod object. */
function declaredQueryKeys(schema: unknown): Map<string, boolean> | null {
  if (schema === undefined) return new Map();
  const shape = unwrap(schema as ZodLike)?._zod?.def?.shape;
  if (!shape) return null;
  return new Map(Object.entries(shape).map(([key, field]) => [key, unwrap(field)?._zod?.def?.type === 'array']));
}

/** declaredQueryKeys of each route's querystring schema, worked out on its first request with a query. */
const declaredBySchema = new WeakMap<object, Map<string, boolean> | null>();

function declaredFor(schema: unknown): Map<string, boolean> | null {
  if (typeof schema !== 'object' || schema === null) return declaredQueryKeys(schema);
  let declared = declaredBySchema.get(schema);
  if (declared === undefined) declaredBySchema.set(schema, (declared = declaredQueryKeys(schema)));
  return declared;
}

function queryIssue(request: FastifyRequest, querySchema: unknown): Issue | null {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return null;
  const keys = Object.keys(query);
  if (keys.length === 0) return null;
  const declared = declaredFor(querySchema);
  if (!declared) return null;
  for (const key of keys) {
    if (!declared.has(key)) {
      return {
        path: `query.${key}`,
        key: FIELD_INVALID_KEY,
        message: `Unknown query parameter ${JSON.stringify(key)}`,
      };
    }
    if (Array.isArray(query[key]) && !declared.get(key)) {
      return {
        path: `query.${key}`,
        key: FIELD_INVALID_KEY,
        message: `Query parameter ${JSON.stringify(key)} may be given only once`,
      };
    }
  }
  return null;
}

/** The first issue of a request whose route declares `querySchema` as its querystring. */
export function inputIssue(request: FastifyRequest, querySchema: unknown): Issue | null {
  return (
    textIssue(request.params, 'params') ??
    textIssue(request.query, 'query') ??
    queryIssue(request, querySchema) ??
    textIssue(request.body, 'body')
  );
}

export default fp(
  async (app, opts: { skipPrefixes?: string[] }) => {
    const skip = opts.skipPrefixes ?? [];
    // Each route gets the check as its first preValidation hook when it is added (every route is added after this
    // plugin), with its query keys known then: nothing per request but the check itself.
    app.addHook('onRoute', (route) => {
      if (skip.some((prefix) => route.url.startsWith(prefix))) return;
      const querySchema = route.schema?.querystring;
      const guard = (request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
        const issue = inputIssue(request, querySchema);
        if (!issue) return done();
        const field = issue.path.replace(/^(params|query|body)\./, '');
        done(new HttpError(400, 'validation-error', issue.message, { [field]: issue.key }));
      };
      const own = route.preValidation;
      route.preValidation = own ? [guard, ...(Array.isArray(own) ? own : [own])] : [guard];
    });
  },
  { name: 'input-guard' },
);
