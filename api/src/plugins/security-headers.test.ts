import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import securityHeaders, { API_HELMET_OPTIONS, DOCUMENT_HEADERS, helmetHeaders } from './security-headers';

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

  it("leave the headers only a page reads to the api's pages (DOCUMENT_HEADERS), which carry helmet's full set", async () => {
    const documentOnly = ['origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection'];
    expect(Object.keys(DOCUMENT_HEADERS).sort()).toEqual(documentOnly.sort());
    const app = await server((a) => a.register(securityHeaders));
    try {
      const json = await app.inject({ url: '/json' });
      for (const name of documentOnly) expect(json.headers[name]).toBeUndefined();
      // A page with DOCUMENT_HEADERS has all that helmet sets by default (with the api's CSP and CORP, and no COOP).
      const page = { ...json.headers, ...DOCUMENT_HEADERS };
      const helmetDefaults = helmetHeaders({
        contentSecurityPolicy: API_HELMET_OPTIONS.contentSecurityPolicy,
        crossOriginResourcePolicy: API_HELMET_OPTIONS.crossOriginResourcePolicy,
        crossOriginOpenerPolicy: false,
      });
      expect(Object.keys(helmetDefaults).length).toBeGreaterThan(10);
      for (const [name, value] of Object.entries(helmetDefaults)) expect(page[name]).toBe(value);
    } finally {
      await app.close();
    }
  });

  it('refuses a CSP directive computed per request (the headers are computed once)', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/per request/);
    expect(helmetHeaders({})['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
