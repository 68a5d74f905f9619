#!/usr/bin/env node
// Runs the PayPal simulator on its own: `node scripts/paypal-simulator/main.mjs`. `npm start` with
// PAYMENT_PROVIDER=paypal and no PAYPAL_CLIENT_ID starts it by itself (scripts/start.mjs).
//   PAYPAL_SIMULATOR_PORT         port                                      default 8790
//   PAYPAL_SIMULATOR_HOST         address to listen on                      default 127.0.0.1
//   PAYPAL_SIMULATOR_WEBHOOK_URL  where events go (the api's /api/payment/webhook/paypal); unset: kept, not sent
//   PAYPAL_SIMULATOR_DATA_FILE    keep the state in this JSON file           default: memory only
//   PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, PAYPAL_PRODUCT_ID   the credentials and ids it accepts
import { startPayPalSimulator } from './server.mjs';

const env = process.env;
const simulator = await startPayPalSimulator({
  port: Number(env.PAYPAL_SIMULATOR_PORT || 8790),
  host: env.PAYPAL_SIMULATOR_HOST || '127.0.0.1',
  webhookUrl: env.PAYPAL_SIMULATOR_WEBHOOK_URL || null,
  dataFile: env.PAYPAL_SIMULATOR_DATA_FILE || null,
  ...(env.PAYPAL_CLIENT_ID && { clientId: env.PAYPAL_CLIENT_ID }),
  ...(env.PAYPAL_CLIENT_SECRET && { clientSecret: env.PAYPAL_CLIENT_SECRET }),
  ...(env.PAYPAL_WEBHOOK_ID && { webhookId: env.PAYPAL_WEBHOOK_ID }),
  ...(env.PAYPAL_PRODUCT_ID && { productId: env.PAYPAL_PRODUCT_ID }),
  log: (line) => console.log(line),
});

const stop = async () => {
  await simulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
