// Where a request spends its time, from Fastify's hooks: until the handler's result (routing, token
// verification, user lookup, handler with its queries), serialization (response schema + JSON) and the rest.
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Mark = { start: number; handled: number; serialized: number };
/** The request's marks: a property of its own (a WeakMap lookup per hook cost the api side of the bench more). */
const MARK = Symbol('phase-timer');
type Marked = FastifyRequest & { [MARK]?: Mark };

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return { mean: +mean.toFixed(2), p50: +at(0.5).toFixed(2), p99: +at(0.99).toFixed(2) };
}

export function phaseTimer(app: FastifyInstance) {
  let samples = { untilResult: [] as number[], serialize: [] as number[], total: [] as number[] };
  // Off during the measured rounds (the bare route has no timer): only a pass of its own between start and report.
  let timing = false;

  // Callback hooks, not async ones, and performance.now(): the timer runs inside what it times.
  app.addHook('onRequest', (request: Marked, _reply, done) => {
    if (timing) request[MARK] = { start: performance.now(), handled: 0, serialized: 0 };
    done();
  });
  app.addHook('preSerialization', (request: Marked, _reply, payload, done) => {
    const mark = request[MARK];
    if (mark) mark.handled = performance.now();
    done(null, payload);
  });
  app.addHook('onSend', (request: Marked, _reply, payload, done) => {
    const mark = request[MARK];
    if (mark) {
      mark.serialized = performance.now();
      // A handler that sends JSON text skips serialization (and the preSerialization hook).
      if (!mark.handled) mark.handled = mark.serialized;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request: Marked, _reply, done) => {
    const mark = request[MARK];
    if (mark?.serialized) {
      samples.untilResult.push(mark.handled - mark.start);
      samples.serialize.push(mark.serialized - mark.handled);
      samples.total.push(performance.now() - mark.start);
    }
    done();
  });

  return {
    /** Times the requests from now on, until report(). */
    start() {
      samples = { untilResult: [], serialize: [], total: [] };
      timing = true;
    },
    report() {
      timing = false;
      return {
        requests: samples.total.length,
        untilResult: summary(samples.untilResult),
        serialize: summary(samples.serialize),
        total: summary(samples.total),
      };
    },
  };
}
