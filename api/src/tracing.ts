// The OpenTelemetry SDK: a span per request (Fastify: route, status, request id), its PostgreSQL queries
// (node-postgres; PGlite has no instrumentation) and its outgoing HTTP calls (Firebase, PayPal, S3), exported over
// OTLP http/protobuf to OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces). Only src/telemetry.ts loads this file, and only
// with that variable set.
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyRequest } from 'fastify';
import { redactUrl } from '@portal/shared/log';

/**
 * One request in ten is traced unless OTEL_TRACES_SAMPLER says otherwise (an incoming traceparent's decision is
 * followed either way): every traced request costs the api well over half again its CPU time, and one in ten still
 * shows each route's slow cases (measured in docs/performance.md, 27 Nov 2026).
 */
function defaultSampler(env: NodeJS.ProcessEnv): void {
  if (env.OTEL_TRACES_SAMPLER?.trim()) return;
  env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
  env.OTEL_TRACES_SAMPLER_ARG ||= '0.1';
}

/**
 * Health probes are not traced: a load balancer and every container's health check ask many times a minute, and their
 * spans would tell nothing. Called with a route's options when it is registered and with each request's url.
 */
function isHealthProbe({ url }: { url: string }): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '');
  return path === '/api/health';
}

export function startTracing(): { shutdown(): Promise<void> } {
  // The SDK reads the sampler from the environment when it starts.
  defaultSampler(process.env);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'portal-api',
    // Endpoint, headers, timeout, compression and the sampler from the OTEL_EXPORTER_OTLP_* / OTEL_TRACES_SAMPLER*
    // variables.
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics are Prometheus' (METRICS_PORT), logs go to stdout with their reqId.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Outgoing calls only. Incoming requests get their server span from Fastify's instrumentation below, which
      // also reads an incoming traceparent: a second span per request from the http module would double the cost of
      // tracing (measured in docs/performance.md) and tell nothing more.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // No span per hook (a dozen per request: rate limits, CORS, headers …): the request span and the handler's
        // span tell where the time goes, at a fraction of the cost.
        instrumentHooks: false,
        ignorePaths: isHealthProbe,
        requestHook: (span, request: FastifyRequest) => {
          // A request the sampler left out: nothing to name (its span is never exported).
          if (!span.isRecording()) return;
          const route = request.routeOptions.url;
          span.updateName(`${request.method} ${route ?? 'unmatched'}`);
          // The request's id (X-Request-Id, every log line's reqId): from a trace to its log lines.
          span.setAttribute('portal.request_id', request.id);
          // The path as the logs keep it: no email address from the query (?email=) or the path.
          span.setAttribute('url.path', redactUrl(request.url));
        },
      }),
      // Queries only inside a request: the migrations at start and the jobs' queries would each be a trace of its own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
