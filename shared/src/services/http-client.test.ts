/** @jest-environment node */
import { ApiError, isNotFoundError } from './api-error';
import { createHttpClient, newRequestId, type HttpClientConfig, type TokenProvider } from './http-client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, statusText = '') {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(
  handler: Handler,
  over: Partial<Omit<HttpClientConfig, 'tokens'>> & { tokens?: Partial<TokenProvider> } = {},
) {
  let token = 't1';
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return handler(String(url), init ?? {});
  });
  const refreshToken = jest.fn(async () => {
    await new Promise((r) => setTimeout(r, 5));
    token = `t${Number(token.slice(1)) + 1}`;
    return token;
  });
  const onSignOut = jest.fn();
  const loading = { begin: jest.fn(), end: jest.fn() };
  let expired = false;
  const { tokens: tokenOverrides, ...rest } = over;
  const http = createHttpClient({
    baseUrl: '/api',
    tokens: {
      getToken: () => token,
      refreshToken,
      onRefreshFailed: onSignOut,
      isSessionExpired: () => expired,
      ...tokenOverrides,
    },
    loading,
    fetchImpl: fetchImpl as unknown as typeof fetch,
    ...rest,
  });
  const auth = (i: number) => (calls[i].init.headers as Record<string, string>).Authorization;
  return { http, calls, fetchImpl, refreshToken, onSignOut, loading, auth, expire: () => (expired = true) };
}

const jwtError = () => json(401, { message: 'Token invalid', slug: 'unable-to-verify-jwt' });

describe('createHttpClient', () => {
  it('sends the bearer token, JSON body and query parameters', async () => {
    const { http, calls, auth } = setup(() => json(200, { ok: true }));
    const result = await http.post<{ ok: boolean }>(
      '/user/ds/test',
      { host: 'h' },
      { query: { email: 'a@b.de', page: 2, skip: undefined } },
    );
    expect(result).toEqual({ ok: true });
    expect(calls[0].url).toBe('/api/user/ds/test?email=a%40b.de&page=2');
    expect(calls[0].init.method).toBe('POST');
    expect(auth(0)).toBe('Bearer t1');
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[0].init.body).toBe(JSON.stringify({ host: 'h' }));
  });

  it('sends no Authorization header without a token', async () => {
    const { http, calls } = setup(() => json(200, {}), { tokens: { getToken: () => null } });
    await http.get('/portal/registry');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('passes FormData through without a JSON content type', async () => {
    const { http, calls } = setup(() => json(201, { status: 'ok' }));
    const form = new FormData();
    form.append('topicID', 't1');
    await http.post('/gpsr/product/upload/files', form);
    expect(calls[0].init.body).toBe(form);
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('uses put and del with their methods', async () => {
    const { http, calls } = setup(() => new Response(null, { status: 204 }));
    await expect(http.put('/user', { a: 1 })).resolves.toBeUndefined();
    await expect(http.del('/user/subusers', undefined, { query: { id: 'x' } })).resolves.toBeUndefined();
    expect(calls.map((c) => c.init.method)).toEqual(['PUT', 'DELETE']);
    expect(calls[1].url).toBe('/api/user/subusers?id=x');
  });

  it('returns undefined for 204 and for an empty 201', async () => {
    const { http } = setup(() => new Response(null, { status: 204 }));
    await expect(http.get('/x')).resolves.toBeUndefined();
    const second = setup(() => new Response('', { status: 201 }));
    await expect(second.http.post('/x')).resolves.toBeUndefined();
  });

  it('supports blob and text responses', async () => {
    const { http } = setup(
      () => new Response('PK\u0003\u0004zip', { status: 200, headers: { 'Content-Type': 'application/zip' } }),
    );
    const blob = await http.get<Blob>('/doc', { responseType: 'blob' });
    expect(blob.size).toBeGreaterThan(0);
    expect(blob.type).toBe('application/zip');
    const text = setup(() => new Response('hello', { status: 200 }));
    await expect(text.http.get('/t', { responseType: 'text' })).resolves.toBe('hello');
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
  ])('maps status %i without a server message to %s', async (status, message) => {
    const { http } = setup(() => new Response('', { status }));
    await expect(http.get('/x')).rejects.toMatchObject({ status, message, slug: '' });
  });

  it('uses the server message and slug when present', async () => {
    const { http } = setup(() => json(403, { message: 'Maximum number of users reached', slug: 'max_users_reached' }));
    const error = await http.post('/user/subusers', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, slug: 'max_users_reached', message: 'Maximum number of users reached' });
  });

  it('parses the field errors of a validation failure', async () => {
    const { http } = setup(() =>
      json(400, {
        message: 'Invalid postal code',
        slug: 'validation-failed',
        fields: { postalCode: 'validation_postalCode_invalid', 'userEmails.0': 'validation_email_invalid', n: 3 },
      }),
    );
    const error = await http.put('/user/profile/contact', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, slug: 'validation-failed' });
    expect((error as ApiError).fields).toEqual({
      postalCode: 'validation_postalCode_invalid',
      'userEmails.0': 'validation_email_invalid',
    });
  });

  it('has no field errors when the body names none', async () => {
    const { http } = setup(() => json(400, { message: 'Bad', slug: 'bad-request', fields: ['x'] }));
    const error = await http.get('/x').catch((e: unknown) => e);
    expect((error as ApiError).fields).toBeUndefined();
  });

  it('gives a generic error with status, status text and body for other statuses', async () => {
    const { http } = setup(() => new Response('slow down', { status: 429, statusText: 'Too Many Requests' }));
    await expect(http.get('/x')).rejects.toMatchObject({
      status: 429,
      message: 'Generic Error: 429 Too Many Requests slow down',
    });
  });

  it('treats accepted statuses as success (overage calls accept 500)', async () => {
    const { http } = setup(() => json(500, { subscriptions_to_approve: [] }));
    await expect(http.get('/subscription/overage/pending', { acceptStatuses: [500] })).resolves.toEqual({
      subscriptions_to_approve: [],
    });
  });

  it('marks 404 and not-found errors', async () => {
    const { http } = setup(() => json(404, { message: 'User not found', slug: 'user-not-found' }));
    const error = await http.get('/user').catch((e: unknown) => e);
    expect(isNotFoundError(error)).toBe(true);
    expect(isNotFoundError(new ApiError(400, 'x', 'Bad Request'))).toBe(false);
  });

  it('turns a network failure into ApiError status 0 (a GET after one retry) and reports the connection lost', async () => {
    const connection = { lost: jest.fn(), reached: jest.fn() };
    const { http, calls } = setup(
      () => {
        throw new TypeError('fetch failed');
      },
      { connection, retryDelayMs: 1 },
    );
    await expect(http.get('/x')).rejects.toMatchObject({
      status: 0,
      slug: 'network-error',
      message: 'Network request failed',
    });
    expect(calls).toHaveLength(2);
    expect(connection.lost).toHaveBeenCalledTimes(1);
    expect(connection.reached).not.toHaveBeenCalled();
  });

  it('sends an idempotent GET once more after a network error and returns the second answer', async () => {
    const connection = { lost: jest.fn(), reached: jest.fn() };
    let n = 0;
    const { http, calls } = setup(
      () => {
        if (n++ === 0) throw new TypeError('fetch failed');
        return json(200, { items: [1] });
      },
      { connection, retryDelayMs: 1 },
    );
    await expect(http.get('/license/all')).resolves.toEqual({ items: [1] });
    expect(calls.map((c) => c.init.method)).toEqual(['GET', 'GET']);
    expect(connection.lost).not.toHaveBeenCalled();
    expect(connection.reached).toHaveBeenCalledTimes(1);
  });

  it.each(['post', 'put', 'del'] as const)(
    'never repeats a %s after a network error (it may have arrived)',
    async (verb) => {
      const connection = { lost: jest.fn(), reached: jest.fn() };
      const { http, calls } = setup(
        () => {
          throw new TypeError('fetch failed');
        },
        { connection, retryDelayMs: 1 },
      );
      await expect(http[verb]('/user/subusers', { name: 'x' })).rejects.toMatchObject({
        status: 0,
        slug: 'network-error',
      });
      expect(calls).toHaveLength(1);
      expect(connection.lost).toHaveBeenCalledTimes(1);
    },
  );

  it('sends a write with an Idempotency-Key once more after a network error, with the same key and body', async () => {
    let n = 0;
    const { http, calls } = setup(
      () => {
        if (n++ === 0) throw new TypeError('fetch failed');
        return json(201, { invoice_id: 'inv-1' });
      },
      { retryDelayMs: 1 },
    );
    const key = '6f1c2a4e-0b7d-4c39-9a51-3e2f8d7c6b5a';
    await expect(http.post('/invoice', { product_id: 'p' }, { headers: { 'Idempotency-Key': key } })).resolves.toEqual({
      invoice_id: 'inv-1',
    });
    expect(calls.map((c) => c.init.method)).toEqual(['POST', 'POST']);
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key'])).toEqual([key, key]);
    expect(calls[1].init.body).toBe(calls[0].init.body);
  });

  it('does not retry an aborted GET', async () => {
    const controller = new AbortController();
    const { http, calls } = setup(
      () => {
        controller.abort();
        throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      },
      { retryDelayMs: 1 },
    );
    await expect(http.get('/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });

  it('reports the connection reached on any answer, also an error status', async () => {
    const connection = { lost: jest.fn(), reached: jest.fn() };
    const { http } = setup(() => json(404, { message: 'nope', slug: 'user-not-found' }), { connection });
    await expect(http.get('/user')).rejects.toMatchObject({ status: 404 });
    expect(connection.reached).toHaveBeenCalledTimes(1);
    expect(connection.lost).not.toHaveBeenCalled();
  });

  it('refreshes the token once on unable-to-verify-jwt and retries with the new token', async () => {
    let n = 0;
    const { http, refreshToken, auth, calls } = setup(() => (n++ === 0 ? jwtError() : json(200, { id: 'u1' })));
    await expect(http.get('/user')).resolves.toEqual({ id: 'u1' });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(auth(0)).toBe('Bearer t1');
    expect(auth(1)).toBe('Bearer t2');
  });

  it('does not refresh on a 401 with another slug', async () => {
    const { http, refreshToken } = setup(() => json(401, { message: 'no', slug: 'other' }));
    await expect(http.get('/user')).rejects.toMatchObject({ status: 401, slug: 'other' });
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('retries only once: a second jwt failure is thrown', async () => {
    const { http, refreshToken, calls, onSignOut } = setup(() => jwtError());
    await expect(http.get('/user')).rejects.toMatchObject({ status: 401, slug: 'unable-to-verify-jwt' });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('two concurrent 401s share exactly ONE refresh', async () => {
    const { http, refreshToken, calls } = setup((_url, init) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer t1' ? jwtError() : json(200, { ok: true }),
    );
    const results = await Promise.all([http.get('/a'), http.get('/b'), http.get('/c')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => (c.init.headers as Record<string, string>).Authorization === 'Bearer t2')).toHaveLength(
      3,
    );
  });

  it('a 401 arriving after another call already refreshed retries without a new refresh', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { http, refreshToken } = setup(async (url, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (url.endsWith('/slow') && auth === 'Bearer t1') {
        await gate;
        return jwtError();
      }
      return auth === 'Bearer t1' ? jwtError() : json(200, { url });
    });
    const slow = http.get('/slow');
    await http.get('/fast');
    release();
    await expect(slow).resolves.toEqual({ url: '/api/slow' });
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('signs out once and throws when the refresh fails', async () => {
    const { http, onSignOut, calls } = setup(() => jwtError(), {
      tokens: {
        refreshToken: jest.fn(async () => {
          throw new Error('refresh failed');
        }),
      },
    });
    const results = await Promise.allSettled([http.get('/a'), http.get('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401, slug: 'unable-to-verify-jwt' });
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('a refresh that yields no token counts as failure', async () => {
    const { http, onSignOut } = setup(() => jwtError(), { tokens: { refreshToken: async () => null } });
    await expect(http.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('throws "Session expired. Please login again." for every call when the session is flagged expired', async () => {
    const { http, fetchImpl, expire } = setup(() => json(200, {}));
    expire();
    await expect(http.get('/a')).rejects.toThrow('Session expired. Please login again.');
    await expect(http.post('/b', {})).rejects.toThrow('Session expired. Please login again.');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('drives the loading counter, also on failure, and skips silent calls', async () => {
    const { http, loading } = setup((url) => (url.endsWith('/bad') ? json(500, {}) : json(200, {})));
    await http.get('/ok');
    await http.get('/bad').catch(() => undefined);
    await http.get('/quiet', { silent: true });
    expect(loading.begin).toHaveBeenCalledTimes(2);
    expect(loading.end).toHaveBeenCalledTimes(2);
  });

  it('sends a new UUID as X-Request-Id with every call', async () => {
    const { http, calls } = setup(() => json(200, {}));
    await http.get('/user');
    await http.post('/user', { a: 1 });
    const ids = calls.map((c) => (c.init.headers as Record<string, string>)['X-Request-Id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("keeps a call's X-Request-Id on its retries, and names it in the call's ApiError", async () => {
    let n = 0;
    const { http, calls } = setup(() => (n++ === 0 ? jwtError() : json(503, { message: 'down', slug: 'x' })));
    const error = (await http.get('/user').catch((e: unknown) => e)) as ApiError;
    const ids = calls.map((c) => (c.init.headers as Record<string, string>)['X-Request-Id']);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(error.status).toBe(503);
    expect(error.requestId).toBe(ids[0]);
  });

  it('names the request id in the ApiError of a call that got no answer', async () => {
    const { http, calls } = setup(
      () => {
        throw new TypeError('Failed to fetch');
      },
      { retryDelayMs: 0 },
    );
    const error = (await http.post('/user', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.requestId).toBe((calls[0].init.headers as Record<string, string>)['X-Request-Id']);
  });

  it('makes a UUID v4 from getRandomValues where randomUUID is missing (plain http on another host)', () => {
    const randomUUID = Object.getOwnPropertyDescriptor(globalThis.crypto, 'randomUUID');
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = [newRequestId(), newRequestId()];
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ids[0]).not.toBe(ids[1]);
    } finally {
      if (randomUUID) Object.defineProperty(globalThis.crypto, 'randomUUID', randomUUID);
      else delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
  });

  it('joins a base URL with a trailing slash and absolute paths', async () => {
    const { http, calls } = setup(() => json(200, {}), { baseUrl: 'http://127.0.0.1:3001/api/' });
    await http.get('user');
    expect(calls[0].url).toBe('http://127.0.0.1:3001/api/user');
  });
});
