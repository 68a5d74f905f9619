// The portal's CSP forbids eval. Without `jitless`, zod probes `new Function` once when it creates its first object
// schema, to decide whether to compile its parsers, and Chrome reports the swallowed probe as a CSP violation
// (Lighthouse best practices). zod's `config({ jitless: true })` keeps its settings in one object on globalThis that
// every copy of zod reads (the shell's and each remote's); setting it there directly spares the entry chunk zod's
// core (about 11 KB) on every page. zod-without-eval.test.ts checks that zod reads it.
const ZOD_CONFIG_KEY = '__zod_globalConfig';

export function forbidZodEval() {
  const global = globalThis as unknown as Record<string, unknown>;
  const config = (global[ZOD_CONFIG_KEY] ??= {}) as { jitless?: boolean };
  config.jitless = true;
}
