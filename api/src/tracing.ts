// The OpenTelemetry SDK: a span per sampled request (route, status, request id), its PostgreSQL queries
// (node-postgres; PGlite has no instrumentation) and its outgoing HTTP calls (Firebase, PayPal, S3), exported over
// OTLP http/protobuf to OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces). Only src/telemetry.ts loads this file, and only
// with that variable set.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from '@portal/shared/log';

/**
 * One request in a hundred is traced unless OTEL_TRACES_SAMPLER(_ARG) says otherwise (an incoming traceparent's
 * decision is followed either way): a traced request costs the api about half again its CPU time; at one in a hundred
 * tracing costs little more than with nothing sampled, and a busy route still yields a trace every few seconds
 * (measured in docs/performance.md).
 */
function defaultSampler(env: NodeJS.ProcessEnv): void {
  if (env.OTEL_TRACES_SAMPLER?.trim()) return;
  env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
  env.OTEL_TRACES_SAMPLER_ARG ||= '0.01';
}

/** Health probes are not traced: load balancers and health checks ask many times a minute; their spans tell nothing. */
function isHealthProbe(url: string): boolean {
  return url === '/api/health' || url.startsWith('/api/health?') || url.startsWith('/api/health/');
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * The active span travels through node's AsyncLocalStorage, whose hooks on node 20 slow every promise of the process
 * once it has been entered, traced request or not. So it is switched off again whenever no sampled request is in
 * flight (entering it switches it back on): at one request in a hundred it is off most of the time.
 */
const contextManager = new AsyncLocalStorageContextManager();
let sampledInFlight = 0;

/**
 * The server span of each request, decided before any other work of the request. A request the sampler leaves out
 * gets no span context at all, so its hooks, queries and outgoing calls do no tracing work (their instrumentations
 * need a span to be their parent). A sampled request runs the rest of its hooks and its handler in the span's
 * context, also when its body arrives after its headers.
 */
function traceRequests(app: FastifyInstance): void {
  const tracer = trace.getTracer('portal-api');
  app.addHook('onRequest', (request, _reply, done) => {
    if (isHealthProbe(request.url)) return done();
    // An incoming traceparent continues its trace and its sampling decision.
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(`${request.method} ${route ?? 'unmatched'}`, { kind: SpanKind.SERVER }, parent);
    if (!span.isRecording()) return done();
    span.setAttributes({
      'http.request.method': request.method,
      ...(route ? { 'http.route': route } : {}),
      // The path as the logs keep it: no email address from the query (?email=) or the path.
      'url.path': redactUrl(request.url),
      // The request's id (X-Request-Id, every log line's reqId): from a trace to its log lines.
      'portal.request_id': request.id,
    });
    requestSpans.set(request, span);
    sampledInFlight += 1;
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    const span = requestSpans.get(request);
    span?.recordException(error);
    span?.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    done();
  });
  const end = (request: FastifyRequest, statusCode: number | null) => {
    const span = requestSpans.get(request);
    if (!span) return;
    requestSpans.delete(request);
    if (statusCode === null) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away' });
    } else {
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
    sampledInFlight -= 1;
    if (sampledInFlight === 0) contextManager.disable();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}

/** Whether code runs under a sampled request's span: only then is an outgoing call or a query worth a span. */
function underRecordingSpan(): boolean {
  return trace.getSpan(context.active())?.isRecording() === true;
}

export function startTracing(): { shutdown(): Promise<void>; traceRequests(app: FastifyInstance): void } {
  // The SDK reads the sampler from the environment when it starts.
  defaultSampler(process.env);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'portal-api',
    contextManager,
    // Endpoint, headers, timeout, compression and the sampler from the OTEL_EXPORTER_OTLP_* / OTEL_TRACES_SAMPLER*
    // variables.
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics are Prometheus' (METRICS_PORT), logs go to stdout with their reqId.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Outgoing calls only, and only under a sampled request: incoming requests get their span from
      // traceRequests. Without the hook every call (the jobs', an unsampled request's) would get a span that is never
      // exported and enter AsyncLocalStorage, whose hooks then slow every promise of the process.
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        ignoreOutgoingRequestHook: () => !underRecordingSpan(),
      }),
      // Queries only inside a traced request: the migrations at start and the jobs' queries would each be a trace
      // of their own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown(), traceRequests };
}
