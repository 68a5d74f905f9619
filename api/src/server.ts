// First of all: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch http, pg and fastify before they load.
import { flushTelemetry } from './telemetry';
import { buildApp } from './app';
import { ConfigError, loadConfig, productionRefusals } from './config';
import { seedDemo } from './seed';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const refusals = productionRefusals(config);
  if (refusals.length) {
    console.error('The api refuses to start in production mode (PORTAL_MODE=production); see docs/configuration.md:');
    for (const line of refusals) console.error(`  ${line}`);
    process.exit(1);
  }

  const app = await buildApp(config);
  try {
    await app.ready();
  } catch (err) {
    console.error(`The api could not start: ${(err as Error).message}`);
    await app.close().catch(() => undefined);
    process.exit(1);
  }

  if (config.seedDemo) {
    try {
      await seedDemo(app);
    } catch (err) {
      app.log.error({ err }, 'demo seed failed');
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await flushTelemetry();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

void main().catch((err) => {
  console.error(`The api could not start: ${(err as Error).message}`);
  process.exit(1);
});
