import { ApiError } from '../services/api-error';
import type { HttpClient, RequestOptions } from '../services/contract';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface FakeRequest {
  method: HttpMethod;
  /** Path without the query string, e.g. '/user/subusers'. */
  path: string;
  query: Record<string, string>;
  /** ':name' segments of the matched route key. */
  params: Record<string, string>;
  body: unknown;
  options: RequestOptions;
}

export type FakeHandler = (request: FakeRequest) => unknown;
/** 'GET /user/subusers' → a value, an ApiError/Error (thrown), or a handler (may throw or return a promise). */
export type FakeRoutes = Record<string, unknown>;

export interface FakeHttp extends HttpClient {
  /** Every call in order (also unmatched ones). */
  calls: FakeRequest[];
  /** Calls whose 'METHOD /path' equals the key (path params matched like routes). */
  callsTo(key: string): FakeRequest[];
  /** Adds or replaces a route; returns the fake, so routes chain. */
  on(key: string, response: unknown): FakeHttp;
  /** Whether a route with exactly this key is set. */
  has(key: string): boolean;
  /** Pending responses resolve after this many ms (0 = next microtask). */
  latencyMs: number;
}

function parseKey(key: string): { method: HttpMethod; pattern: RegExp; names: string[] } {
  const [method, rawPath] = key.trim().split(/\s+/, 2) as [HttpMethod, string];
  if (!rawPath) throw new Error(`Fake route "${key}" must look like 'GET /path'`);
  const names: string[] = [];
  const source = rawPath
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { method: method.toUpperCase() as HttpMethod, pattern: new RegExp(`^${source}/?$`), names };
}

function splitPath(path: string, query: RequestOptions['query']): { path: string; query: Record<string, string> } {
  const [pathname, search = ''] = path.split('?', 2);
  const params: Record<string, string> = Object.fromEntries(new URLSearchParams(search));
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params[k] = String(v);
  return { path: pathname.startsWith('/') ? pathname : `/${pathname}`, query: params };
}

/**
 * An HttpClient answering from a route map: createFakeHttp({ 'GET /user/subusers': [...], 'POST /user/contact-us':
 * (req) => ({ ok: true }) }). Unmatched calls reject with ApiError 404 'not-found'.
 */
export function createFakeHttp(routes: FakeRoutes = {}, options: { latencyMs?: number } = {}): FakeHttp {
  const table = new Map<string, { method: HttpMethod; pattern: RegExp; names: string[]; response: unknown }>();
  const calls: FakeRequest[] = [];

  const on = (key: string, response: unknown) => {
    table.set(key, { ...parseKey(key), response });
    return fake;
  };

  const match = (method: HttpMethod, path: string) => {
    for (const route of [...table.values()].reverse()) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(path);
      if (m) return { route, params: Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
    }
    return null;
  };

  const fake: FakeHttp = {
    calls,
    latencyMs: options.latencyMs ?? 0,
    on,
    has: (key) => table.has(key),
    callsTo(key) {
      const { method, pattern } = parseKey(key);
      return calls.filter((c) => c.method === method && pattern.test(c.path));
    },
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    del: (path, body, opts) => request('DELETE', path, body, opts),
  };

  for (const [key, response] of Object.entries(routes)) on(key, response);

  async function request<T>(method: HttpMethod, rawPath: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
    const { path, query } = splitPath(rawPath, opts.query);
    const found = match(method, path);
    const req: FakeRequest = { method, path, query, params: found?.params ?? {}, body, options: opts };
    calls.push(req);
    await (fake.latencyMs > 0 ? new Promise((r) => setTimeout(r, fake.latencyMs)) : Promise.resolve());
    if (!found) throw new ApiError(404, 'not-found', `Not Found: ${method} ${path}`);
    const { response } = found.route;
    if (response instanceof Error) throw response;
    const value = typeof response === 'function' ? await (response as FakeHandler)(req) : response;
    return value as T;
  }

  return fake;
}
