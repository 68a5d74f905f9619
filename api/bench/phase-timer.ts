// Where a request spends its time, from Fastify's hooks: until the handler's result (routing, token
// verification, user lookup, handler with its queries), serialization (response schema + JSON) and the rest.
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Mark = { start: bigint; handled?: bigint; serialized?: bigint };

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return { mean: +mean.toFixed(2), p50: +at(0.5).toFixed(2), p99: +at(0.99).toFixed(2) };
}

export function phaseTimer(app: FastifyInstance) {
  const marks = new WeakMap<FastifyRequest, Mark>();
  let samples = { untilResult: [] as number[], serialize: [] as number[], total: [] as number[] };
  const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;

  // Callback hooks, not async ones: the timer is part of what the bench measures, so it adds no promise per hook.
  app.addHook('onRequest', (request, _reply, done) => {
    marks.set(request, { start: process.hrtime.bigint() });
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const mark = marks.get(request);
    if (mark) mark.handled = process.hrtime.bigint();
    done(null, payload);
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const mark = marks.get(request);
    if (mark) {
      mark.serialized = process.hrtime.bigint();
      // A handler that sends JSON text skips serialization (and the preSerialization hook).
      mark.handled ??= mark.serialized;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const mark = marks.get(request);
    if (mark?.handled && mark.serialized) {
      const end = process.hrtime.bigint();
      samples.untilResult.push(ms(mark.start, mark.handled));
      samples.serialize.push(ms(mark.handled, mark.serialized));
      samples.total.push(ms(mark.start, end));
    }
    done();
  });

  return {
    reset() {
      samples = { untilResult: [], serialize: [], total: [] };
    },
    report() {
      return {
        requests: samples.total.length,
        untilResult: summary(samples.untilResult),
        serialize: summary(samples.serialize),
        total: summary(samples.total),
      };
    },
  };
}
