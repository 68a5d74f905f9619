// Prometheus metrics: served on METRICS_PORT only (never on the api's port), with METRICS_TOKEN only to its bearer;
// requests by route pattern and status, webhook events and failures, job runs, pool use and 429s by limit.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { runOnce } from '../src/jobs/job-lease';
import { FRESH_DESK_YEARLY, SANDBOX_SECRET, buy, buyer, postEvent, signedEvent } from './payment/purchase-helpers';
import { EMULATOR_HOST, PROJECT_ID, createTestApp, freePort, type TestApp } from './helpers';

const TOKEN = 'metrics-token-of-the-test-0123456789';

let t: TestApp;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({
    METRICS_PORT: String(port),
    METRICS_TOKEN: TOKEN,
    PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
    RATE_LIMIT_MAX: '20',
  });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});

afterAll(async () => {
  await t?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of the series `name{labels}` in a scrape (0 when absent). */
function value(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}')).split(',');
    if (wanted.every((w) => inside.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('metrics', () => {
  it('are served on their own port only, to the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
    const onApi = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(onApi.statusCode).toBe(404);
    const text = await scrape();
    expect(text).toContain('# TYPE portal_http_request_duration_seconds histogram');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('time requests by route pattern and status, never by the raw URL', async () => {
    const before = await scrape();
    // Signed out: 401 from a route with a parameter.
    const labels = { method: 'GET', route: '/api/license/product/:productId', status_code: '401' };
    const count = 'portal_http_request_duration_seconds_count';
    for (const id of ['nope-1', 'nope-2']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/license/product/${id}`, remoteAddress: '10.0.0.1' });
      expect(res.statusCode).toBe(401);
    }
    await t.app.inject({ method: 'GET', url: '/api/no/such/route?email=a@b.de', remoteAddress: '10.0.0.2' });
    const after = await scrape();
    expect(value(after, count, labels) - value(before, count, labels)).toBe(2);
    expect(value(after, count, { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toMatch(/nope-1|no\/such|a@b\.de/);
  });

  it('count 429s by the limit that refused them', async () => {
    const before = value(await scrape(), 'portal_rate_limit_refusals_total', { limit: 'address' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/user', remoteAddress: '10.0.0.9' })).statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(value(await scrape(), 'portal_rate_limit_refusals_total', { limit: 'address' }) - before).toBe(2);
  });

  it('count webhook events taken by kind, and refused webhooks by their slug', async () => {
    const before = await scrape();
    const resource = { ref: 'no-such-payment', amount_cents: 100, currency: 'EUR' };
    const forged = await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource, { secret: 'f'.repeat(64) }));
    expect(forged.statusCode).toBe(400);
    const unknown = await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource));
    expect(unknown.statusCode).toBe(404);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    const failures = 'portal_payment_webhook_failures_total';
    expect(delta(failures, { provider: 'sandbox', type: 'webhook-signature-invalid' })).toBe(1);
    expect(delta(failures, { provider: 'sandbox', type: 'payment-not-found' })).toBe(1);
    // A refused event is a failure only.
    expect(delta('portal_payment_webhook_events_total', { provider: 'sandbox', type: 'completed' })).toBe(0);

    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const paid = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    expect((await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', paid))).statusCode).toBe(200);
    const events = value(await scrape(), 'portal_payment_webhook_events_total', {
      provider: 'sandbox',
      type: 'completed',
    });
    expect(
      events - value(after, 'portal_payment_webhook_events_total', { provider: 'sandbox', type: 'completed' }),
    ).toBe(1);
  });

  it('count job runs by outcome: done, failed, skipped (done already or held elsewhere)', async () => {
    const job = `metrics-test-${Date.now()}`;
    await runOnce(t.app.db, job, '2026-11', async () => ({ ok: true }));
    await runOnce(t.app.db, job, '2026-11', async () => ({ ok: true }));
    await expect(
      runOnce(t.app.db, job, '2026-12', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const text = await scrape();
    expect(value(text, 'portal_job_runs_total', { job, outcome: 'done' })).toBe(1);
    expect(value(text, 'portal_job_runs_total', { job, outcome: 'skipped' })).toBe(1);
    expect(value(text, 'portal_job_runs_total', { job, outcome: 'failed' })).toBe(1);
    expect(value(text, 'portal_job_duration_seconds_count', { job, outcome: 'done' })).toBe(1);
  });

  it("report the PostgreSQL pool's use (no pool series on PGlite)", async () => {
    const text = await scrape();
    if (t.databaseUrl) {
      expect(text).toMatch(/^portal_db_pool_connections \d+$/m);
      expect(text).toMatch(/^portal_db_pool_idle_connections \d+$/m);
      expect(text).toMatch(/^portal_db_pool_waiting_clients 0$/m);
      expect(text).toMatch(/^portal_db_pool_max_connections 10$/m);
    } else {
      expect(text).not.toMatch(/^portal_db_pool_connections /m);
    }
  });
});

describe('the Grafana dashboard (deploy/grafana/portal-api.json)', () => {
  it('queries only metrics the api serves', async () => {
    const file = path.join(__dirname, '..', '..', 'deploy', 'grafana', 'portal-api.json');
    const dashboard = JSON.parse(fs.readFileSync(file, 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((target) => target.expr);
    const used = new Set(exprs.flatMap((e) => e.match(/\b(?:portal|process|nodejs)_[a-z0-9_]+/g) ?? []));
    const text = await scrape();
    const served = new Set(
      [...text.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram'
          ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
          : type === 'counter'
            ? [name, `${name}_total`]
            : [name],
      ),
    );
    // The pool's gauges exist on PostgreSQL only.
    const missing = [...used].filter(
      (name) => !served.has(name) && !(name.startsWith('portal_db_pool_') && !t.databaseUrl),
    );
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(10);
  });
});

describe('metrics configuration', () => {
  const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, FIREBASE_PROJECT_ID: PROJECT_ID };

  it('is off without METRICS_PORT', () => {
    expect(loadConfig(base).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
  });

  it('refuses to serve beyond this machine without a token, and a short token or a bad port', () => {
    expect(() => loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_TOKEN/);
    expect(
      loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics,
    ).toEqual({
      port: 9464,
      host: '0.0.0.0',
      token: TOKEN,
    });
    expect(() => loadConfig({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    expect(() => loadConfig({ ...base, METRICS_PORT: '99999' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP/);
  });
});
