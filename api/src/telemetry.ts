// Imported first by src/server.ts (and api/bench/bench-server.ts), before the app: tracing patches http and pg as
// they are first loaded, so it has to start before anything else loads them. Without
// OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) nothing of the SDK is even loaded: no patched
// module, no span, no cost.
import type { FastifyInstance } from 'fastify';
import type { startTracing } from './tracing';

const endpoint =
  process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
const disabled = ['true', '1'].includes((process.env.OTEL_SDK_DISABLED ?? '').toLowerCase());

// A require, not an import: an import would load the SDK whether tracing is on or not (esbuild keeps this one lazy).
const tracing: ReturnType<typeof startTracing> | null =
  endpoint && !disabled
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./tracing') as typeof import('./tracing')).startTracing()
    : null;

/** Whether spans are being exported. */
export const tracingEnabled = tracing !== null;

/** Gives each request of `app` its span (decided by the sampler as the request arrives); nothing without tracing. */
export function traceRequests(app: FastifyInstance): void {
  tracing?.traceRequests(app);
}

/** Sends the spans still buffered (at most one batch, some seconds' worth) before the process exits. */
export async function flushTelemetry(): Promise<void> {
  await tracing?.shutdown().catch(() => undefined);
}
