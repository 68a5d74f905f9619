// A fetch for the REAL http client of @portal/shared in tests: answers by "METHOD /path" (below /api), records calls.
type Answer = { status: number; body?: unknown };

export interface FakeFetch {
  fetch: typeof fetch;
  calls: { method: string; path: string; authorization?: string }[];
  on(route: string, answer: Answer | (() => Answer)): FakeFetch;
}

/** The few Response members the http client reads (jsdom has no Response). */
function response({ status, body }: Answer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as Response;
}

export function createFakeFetch(): FakeFetch {
  const answers = new Map<string, () => Answer>();
  const calls: FakeFetch['calls'] = [];
  const fake: FakeFetch = {
    calls,
    on(route, answer) {
      answers.set(route, typeof answer === 'function' ? answer : () => answer);
      return fake;
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input)
        .replace(/^\/api/, '')
        .split('?')[0];
      const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
      calls.push({ method, path, authorization });
      const answer = answers.get(`${method} ${path}`);
      return response(
        answer ? answer() : { status: 404, body: { message: `No fake for ${method} ${path}`, slug: 'not-found' } },
      );
    }) as typeof fetch,
  };
  return fake;
}

/** The api's answer to an expired or invalid token. */
export const jwtRejected: Answer = {
  status: 401,
  body: { message: 'Token is invalid. Re-login again', slug: 'unable-to-verify-jwt' },
};
