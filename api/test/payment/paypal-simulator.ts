// The project's PayPal simulator (scripts/paypal-simulator) as a child process for api tests, with a relay in front
// of the api's webhook that can hold deliveries back (answering 503, as a down instance would) to play lost or
// reordered events.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

const MAIN = path.resolve(__dirname, '../../../scripts/paypal-simulator/main.mjs');

export const SIMULATOR_IDS = {
  PAYPAL_CLIENT_ID: 'simulator-client-id',
  PAYPAL_CLIENT_SECRET: 'simulator-client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-SIMULATOR-TEST',
  PAYPAL_PRODUCT_ID: 'PROD-PORTAL-SIMULATOR',
};

export interface SimulatorEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown> & { id: string };
  delivery_status: string;
}

export interface Simulator {
  url: string;
  /** The api variables that point a test app at the simulator. */
  apiEnv: Record<string, string>;
  /** Where the relay sends webhooks to (set once the api listens). */
  target: { url: string | null; hold: boolean };
  // The simulator's JSON, read by the tests as PayPal documents it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Presses a button on an approval page (the form's action) and returns where the browser is sent. */
  decide(approvalUrl: string, action: 'approve' | 'cancel' | 'decline'): Promise<string>;
  events(query?: { event_type?: string; resource_id?: string }): Promise<SimulatorEvent[]>;
  /** An access token of the merchant's REST calls, got as the PayPal SDK gets one (client credentials). */
  merchantToken(): Promise<string>;
  /** A subscription as PayPal's GET /v1/billing/subscriptions/{id} shows it to the api's client credentials. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  subscription(id: string): Promise<any>;
  /** Waits until an event of `type` about `resourceId` was delivered with 2xx. */
  delivered(type: string, resourceId: string): Promise<SimulatorEvent>;
  stop(): Promise<void>;
}

export async function startSimulator(): Promise<Simulator> {
  const target: Simulator['target'] = { url: null, hold: false };
  const relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (target.hold || !target.url) {
        res.writeHead(503).end();
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => k.startsWith('paypal-') || k === 'content-type'),
      ) as Record<string, string>;
      fetch(target.url, { method: 'POST', headers, body: Buffer.concat(chunks) })
        .then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/hook`;

  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ...SIMULATOR_IDS,
      PAYPAL_SIMULATOR_PORT: '0',
      PAYPAL_SIMULATOR_WEBHOOK_URL: relayUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the PayPal simulator did not start')), 20_000);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the PayPal simulator exited (${code})`)));
  });

  const call: Simulator['call'] = async (method, urlPath, body) => {
    const res = await fetch(`${url}${urlPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const merchantToken = async () => {
    const basic = Buffer.from(`${SIMULATOR_IDS.PAYPAL_CLIENT_ID}:${SIMULATOR_IDS.PAYPAL_CLIENT_SECRET}`);
    const res = await fetch(`${url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic.toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const events: Simulator['events'] = async (query = {}) => {
    const qs = new URLSearchParams(query as Record<string, string>).toString();
    return (await call('GET', `/v1/simulator/events?${qs}`)).body.events;
  };

  return {
    url,
    apiEnv: { PAYMENT_PROVIDER: 'paypal', ...SIMULATOR_IDS, PAYPAL_API_BASE: url },
    target,
    call,
    events,
    async decide(approvalUrl, action) {
      const u = new URL(approvalUrl);
      const field = u.pathname === '/checkoutnow' ? 'token' : 'ba_token';
      const res = await fetch(`${url}${u.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ [field]: u.searchParams.get(field)!, action }).toString(),
        redirect: 'manual',
      });
      if (res.status !== 303) throw new Error(`the approval page answered ${res.status}`);
      return res.headers.get('location')!;
    },
    merchantToken,
    async subscription(id) {
      const res = await fetch(`${url}/v1/billing/subscriptions/${id}`, {
        headers: { authorization: `Bearer ${await merchantToken()}` },
      });
      if (!res.ok) throw new Error(`GET subscription ${id} answered ${res.status}`);
      return res.json();
    },
    async delivered(type, resourceId) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const [event] = await events({ event_type: type, resource_id: resourceId });
        if (event?.delivery_status === 'SUCCESS') return event;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${type} about ${resourceId} was not delivered`);
    },
    async stop() {
      child.kill('SIGTERM');
      relay.close();
    },
  };
}
