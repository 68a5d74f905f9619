import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { InjectOptions } from 'light-my-request';
import corsPlugin from './cors';

const ORIGINS = ['http://127.0.0.1:8080', 'https://partner.example'];

/** A server with routes of several methods, one that sets Vary itself and one that fails. */
async function server(register: (app: FastifyInstance) => PromiseLike<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  app.post('/x', async () => ({ posted: true }));
  app.put('/x', async () => ({ put: true }));
  app.get('/varies', async (_request, reply) => reply.header('vary', 'Accept-Language').send({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

describe('cors', () => {
  it('answers every request as @fastify/cors did with the same origins (status, headers, body)', async () => {
    const ours = await server((app) => app.register(corsPlugin, { origins: ORIGINS }));
    const reference = await server((app) => app.register(fastifyCors, { origin: ORIGINS, credentials: false }));
    try {
      const requests: InjectOptions[] = [];
      for (const method of ['GET', 'POST', 'PUT', 'OPTIONS'] as const) {
        for (const url of ['/x', '/varies', '/fails', '/nowhere']) {
          for (const origin of [undefined, ...ORIGINS, 'https://evil.example', 'null', '', 'HTTPS://PARTNER.EXAMPLE']) {
            for (const requestMethod of [undefined, 'PUT']) {
              for (const requestHeaders of [undefined, 'authorization, content-type']) {
                const headers: Record<string, string> = {};
                if (origin !== undefined) headers.origin = origin;
                if (requestMethod) headers['access-control-request-method'] = requestMethod;
                if (requestHeaders) headers['access-control-request-headers'] = requestHeaders;
                requests.push({ method, url, headers });
              }
            }
          }
        }
      }
      for (const request of requests) {
        const [a, b] = await Promise.all([ours.inject(request), reference.inject(request)]);
        const { date: _a, ...headersA } = a.headers;
        const { date: _b, ...headersB } = b.headers;
        expect({ request, status: a.statusCode, headers: headersA, body: a.body }).toEqual({
          request,
          status: b.statusCode,
          headers: headersB,
          body: b.body,
        });
      }
      const allowed = await ours.inject({ url: '/x', headers: { origin: 'https://partner.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(allowed.headers.vary).toBe('Origin');
      const preflight = await ours.inject({
        method: 'OPTIONS',
        url: '/x',
        headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toBe('GET,HEAD,POST');
    } finally {
      await ours.close();
      await reference.close();
    }
  });
});
