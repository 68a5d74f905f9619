// A routing fake of the shared HttpClient: answers by "METHOD /path", records every request.
import { ApiError, type HttpClient, type RequestOptions } from '@portal/shared';

export const apiError = (status: number, slug: string, message = slug) => new ApiError(status, slug, message);

type Handler = (request: { body?: unknown; query?: RequestOptions['query'] }) => unknown;

export interface FakeHttp extends HttpClient {
  requests: { method: string; path: string; body?: unknown; query?: RequestOptions['query']; silent?: boolean }[];
  on(route: string, handler: Handler | object): FakeHttp;
  /** Like on(), but keeps a handler a test registered before. */
  onDefault(route: string, handler: Handler | object): FakeHttp;
}

export function createFakeHttp(): FakeHttp {
  const handlers = new Map<string, Handler>();
  const requests: FakeHttp['requests'] = [];
  async function call<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    requests.push({ method, path, body, query: options?.query, silent: options?.silent });
    const handler = handlers.get(`${method} ${path}`);
    if (!handler) throw apiError(404, 'not-found', `No fake for ${method} ${path}`);
    return (await handler({ body, query: options?.query })) as T;
  }
  const fake: FakeHttp = {
    requests,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? (handler as Handler) : () => handler);
      return fake;
    },
    onDefault(route, handler) {
      return handlers.has(route) ? fake : fake.on(route, handler);
    },
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
    put: (path, body, options) => call('PUT', path, body, options),
    del: (path, body, options) => call('DELETE', path, body, options),
  };
  return fake;
}
