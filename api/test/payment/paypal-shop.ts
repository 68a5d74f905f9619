// An api with PAYMENT_PROVIDER=paypal against the project's PayPal simulator, as the PayPal tests use it.
import type { FastifyInstance } from 'fastify';
import { createTestApp, listenLocally, type TestApp } from '../helpers';
import { buy, buyer } from './purchase-helpers';
import { startSimulator, type Simulator } from './paypal-simulator';

/**
 * The simulator and an api that pays through it, listening on a free port with the simulator's webhooks relayed to
 * it (`env` adds to the api's variables): started before the file's tests, stopped after them. Call it once at the
 * top of a test file and read `shop.app`, `shop.t` and `shop.sim` inside the tests.
 */
export function usePayPalShop(env: Record<string, string> = {}) {
  const shop = {} as { t: TestApp; app: FastifyInstance; sim: Simulator };
  beforeAll(async () => {
    shop.sim = await startSimulator();
    shop.t = await createTestApp({ ...shop.sim.apiEnv, PAYPAL_RETURN_BASE_URL: 'https://portal.example', ...env });
    shop.app = shop.t.app;
    shop.sim.target.url = `${await listenLocally(shop.app)}/api/payment/webhook/paypal`;
  }, 120_000);
  afterAll(async () => {
    await shop.t?.close();
    await shop.sim?.stop();
  });
  return shop;
}

export type PayPalShop = ReturnType<typeof usePayPalShop>;

/**
 * A new seller who bought `payload` (POST /api/invoice), approved the subscription on the simulator's page and whose
 * first cycle's sale reached the api: the seller and PayPal's subscription id.
 */
export async function paypalSubscriber(shop: PayPalShop, payload: object) {
  const seller = await buyer(shop.app);
  const bought = await buy(shop.app, seller, payload);
  const back = new URL(await shop.sim.decide(bought.payment_url, 'approve'));
  const subscriptionId = back.searchParams.get('subscription_id')!;
  await shop.sim.delivered('PAYMENT.SALE.COMPLETED', subscriptionId);
  return { seller, subscriptionId };
}
