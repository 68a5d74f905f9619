import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { portalMetrics, type PortalMetrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus counters and histograms (lib/metrics), served on METRICS_PORT when set. */
    metrics: PortalMetrics;
    /** Where the metrics listener is (tests ask for its port); null while not served. */
    metricsAddress(): AddressInfo | null;
  }
}

/** The route label of a request that matched no route (404): one series, whatever URL was asked for. */
const UNMATCHED = 'unmatched';

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return sent.length === wanted.length && crypto.timingSafeEqual(sent, wanted);
}

/**
 * `app.metrics` always (counters cost next to nothing when no one scrapes them). With METRICS_PORT it also times
 * every request and serves GET /metrics on a listener of its own (METRICS_HOST, 127.0.0.1 by default; with
 * METRICS_TOKEN only to `Authorization: Bearer <token>`): never on the api's port, which the portal server makes
 * public. Without METRICS_PORT no hook runs per request.
 */
export default fp(
  async (app, opts: { config: AppConfig }) => {
    const metrics = portalMetrics();
    app.decorate('metrics', metrics);
    const { port, host, token } = opts.config.metrics;
    let server: http.Server | null = null;
    app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
    if (port === null) return;

    metrics.collectProcessMetrics();
    // One child per (method, route, status) once seen: the label lookup is not repeated on every request.
    const children = new Map<string, ReturnType<typeof metrics.httpDuration.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = metrics.httpDuration.labels(request.method, route, String(reply.statusCode));
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });

    let unwatch = () => undefined as void;
    app.addHook('onReady', async () => {
      const stats = app.dbHandle?.poolStats;
      if (stats) unwatch = metrics.watchPool(stats);
      server = http.createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        if (token && !bearerMatches(req.headers.authorization, token)) {
          res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
          return;
        }
        metrics.registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (err: Error) => {
            app.log.error({ err }, 'metrics could not be collected');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => {
          server!.off('error', reject);
          resolve();
        });
      });
      app.log.info({ address: server.address() }, 'metrics served');
    });
    app.addHook('onClose', async () => {
      unwatch();
      const open = server;
      server = null;
      if (!open) return;
      // A scraper keeps its connection open between scrapes: closed here, or the close would wait for it.
      const closed = new Promise<void>((resolve) => open.close(() => resolve()));
      open.closeAllConnections();
      await closed;
    });
  },
  { name: 'metrics' },
);
