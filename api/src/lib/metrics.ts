import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a node-postgres pool holds right now (pool.totalCount, idleCount, waitingCount and its max). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * The api's Prometheus metrics. One set per process, in a registry of its own (not prom-client's global one): the
 * counters are bumped from places that have no app at hand (a job run, a webhook service), and several apps in one
 * process (tests) count into the same series instead of registering them twice.
 */
export interface PortalMetrics {
  registry: Registry;
  /** Seconds per request by method, route pattern (never the raw URL) and status code. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Payment webhook events taken (verified and stored) by provider and kind: completed, approved, failed, refunded, ignored. */
  paymentEvents: Counter<'provider' | 'type'>;
  /** Webhook calls of a configured provider that were refused or failed, by provider and the answer's slug. */
  webhookFailures: Counter<'provider' | 'type'>;
  /** Job runs by job and outcome: done, failed, or skipped (already done, or held by another instance). */
  jobRuns: Counter<'job' | 'outcome'>;
  /** Seconds a job run took (claimed runs only), by job and outcome. */
  jobDuration: Histogram<'job' | 'outcome'>;
  /** 429 answers by the limit that refused: address, user, strict, a quota's name, or route:<pattern>. */
  rateLimitRefusals: Counter<'limit'>;
  /** Reports a pool's use on every scrape until the returned function is called (an app closing). */
  watchPool(stats: () => PoolStats): () => void;
  /** Adds Node's process metrics (CPU, memory, event-loop delay, GC) once per process: only when served. */
  collectProcessMetrics(): void;
}

let metrics: PortalMetrics | undefined;

/** The process's metrics, made on first use. */
export function portalMetrics(): PortalMetrics {
  metrics ??= createMetrics();
  return metrics;
}

function createMetrics(): PortalMetrics {
  const registry = new Registry();
  const registers = [registry];
  const pools = new Set<() => PoolStats>();
  /** The pool gauges, registered with the first pool: on PGlite (no pool) there is no such series at all. */
  const registerPoolGauges = () => {
    const gauge = (name: string, help: string, pick: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          let sum = 0;
          for (const stats of pools) sum += pick(stats());
          this.set(sum);
        },
      });
    gauge('portal_db_pool_connections', 'PostgreSQL connections the pool holds (in use and idle)', (s) => s.total);
    gauge('portal_db_pool_idle_connections', 'PostgreSQL connections of the pool that are idle', (s) => s.idle);
    gauge('portal_db_pool_waiting_clients', 'Queries waiting for a free PostgreSQL connection', (s) => s.waiting);
    gauge('portal_db_pool_max_connections', 'The most connections the pool opens', (s) => s.max);
  };
  let poolGauges = false;

  let processMetrics = false;
  return {
    registry,
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    paymentEvents: new Counter({
      name: 'portal_payment_webhook_events_total',
      help: 'Payment webhook events taken, by provider and kind',
      labelNames: ['provider', 'type'],
      registers,
    }),
    webhookFailures: new Counter({
      name: 'portal_payment_webhook_failures_total',
      help: 'Payment webhook calls refused or failed, by provider and error slug',
      labelNames: ['provider', 'type'],
      registers,
    }),
    jobRuns: new Counter({
      name: 'portal_job_runs_total',
      help: 'Scheduled job runs by job and outcome (done, failed, skipped)',
      labelNames: ['job', 'outcome'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'portal_job_duration_seconds',
      help: 'Duration of claimed job runs by job and outcome',
      labelNames: ['job', 'outcome'],
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'portal_rate_limit_refusals_total',
      help: 'Requests answered 429, by the limit that refused them',
      labelNames: ['limit'],
      registers,
    }),
    watchPool(stats) {
      if (!poolGauges) registerPoolGauges();
      poolGauges = true;
      pools.add(stats);
      return () => void pools.delete(stats);
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}
