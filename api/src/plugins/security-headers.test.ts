import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import securityHeaders, { API_HELMET_OPTIONS, helmetHeaders } from './security-headers';

/** A server with one JSON route, one route that sets its own CSP, one that fails, and the 404 handler. */
async function server(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) =>
    reply.header('content-security-policy', "script-src 'self'").type('text/html').send('<p>hi</p>'),
  );
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

const without = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('security headers', () => {
  it("are exactly @fastify/helmet's, on answers, errors and 404s, and a route's own header wins", async () => {
    const ours = await server((app) => app.register(securityHeaders));
    const reference = await server((app) => app.register(fastifyHelmet, API_HELMET_OPTIONS));
    try {
      for (const url of ['/json', '/page', '/fails', '/nowhere']) {
        const [a, b] = await Promise.all([ours.inject({ url }), reference.inject({ url })]);
        expect(a.statusCode).toBe(b.statusCode);
        expect(without(a.headers)).toEqual(without(b.headers));
      }
      const json = await ours.inject({ url: '/json' });
      expect(json.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(json.headers['x-content-type-options']).toBe('nosniff');
      // The payment pages open in the portal's payment window, which must keep its opener across origins.
      expect((await ours.inject({ url: '/page' })).headers['cross-origin-opener-policy']).toBeUndefined();
      expect((await ours.inject({ url: '/page' })).headers['content-security-policy']).toBe("script-src 'self'");
    } finally {
      await ours.close();
      await reference.close();
    }
  });

  it('refuses a CSP directive computed per request (the headers are computed once)', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/per request/);
    expect(helmetHeaders({})['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
