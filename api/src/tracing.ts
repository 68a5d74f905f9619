// The OpenTelemetry SDK: a span per sampled request (route, status, request id), its PostgreSQL queries
// (node-postgres; PGlite has no instrumentation) and its outgoing HTTP calls (Firebase, PayPal, S3), exported over
// OTLP http/protobuf to OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces). Only src/telemetry.ts loads this file, and only
// with that variable set.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from '@portal/shared/log';

/**
 * One request in ten is traced unless OTEL_TRACES_SAMPLER says otherwise (an incoming traceparent's decision is
 * followed either way): a traced request costs the api about half again its CPU time, and one in ten still shows
 * each route's slow cases (measured in docs/performance.md).
 */
function defaultSampler(env: NodeJS.ProcessEnv): void {
  if (env.OTEL_TRACES_SAMPLER?.trim()) return;
  env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
  env.OTEL_TRACES_SAMPLER_ARG ||= '0.1';
}

/**
 * Health probes are not traced: a load balancer and every container's health check ask many times a minute, and their
 * spans would tell nothing.
 */
function isHealthProbe(url: string): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '');
  return path === '/api/health';
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * The server span of each request, decided before any other work of the request: a request the sampler leaves out
 * gets no context, so neither its hooks, nor its queries, nor its outgoing calls do any tracing work (the queries'
 * and calls' spans need a sampled request span as parent). Sampled requests run their hooks and handler inside the
 * span's context, which the queries and calls below them find as their parent.
 */
function traceRequests(app: FastifyInstance): void {
  const tracer = trace.getTracer('portal-api');
  app.addHook('onRequest', (request, _reply, done) => {
    if (isHealthProbe(request.url)) return done();
    // An incoming traceparent continues its trace and its sampling decision.
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      `${request.method} ${route ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          // The path as the logs keep it: no email address from the query (?email=) or the path.
          'url.path': redactUrl(request.url),
          // The request's id (X-Request-Id, every log line's reqId): from a trace to its log lines.
          'portal.request_id': request.id,
        },
      },
      parent,
    );
    if (!span.isRecording()) return done();
    requestSpans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    const span = requestSpans.get(request);
    span?.recordException(error);
    span?.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = requestSpans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      requestSpans.delete(request);
    }
    done();
  });
}

export function startTracing(): { shutdown(): Promise<void>; traceRequests(app: FastifyInstance): void } {
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
      // Outgoing calls only, and only inside a traced request: incoming requests get their span from
      // traceRequests, which decides the sampling before any other work.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown(), traceRequests };
}
