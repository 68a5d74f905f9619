// The production VIES client against the VIES simulator, over real HTTP.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createViesClient } from './client';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startViesSimulator } = require('../../../../scripts/vies-simulator.cjs') as {
  startViesSimulator(options?: { registryFile?: string }): Promise<{
    url: string;
    requests: Record<string, unknown>[];
    setUnavailable(codes: string[] | '*'): void;
    close(): Promise<void>;
  }>;
};

type Simulator = Awaited<ReturnType<typeof startViesSimulator>>;

let sim: Simulator;
let slowSim: Simulator;
let registryDir: string;

beforeAll(async () => {
  sim = await startViesSimulator();
  registryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vies-registry-'));
  const slow = path.join(registryDir, 'registry.json');
  fs.writeFileSync(slow, JSON.stringify({ companies: { ATU13585627: { name: 'Slow GmbH', address: 'x', delayMs: 2000 } } }));
  slowSim = await startViesSimulator({ registryFile: slow });
});

afterAll(async () => {
  await sim.close();
  await slowSim.close();
  fs.rmSync(registryDir, { recursive: true, force: true });
});

afterEach(() => sim.setUnavailable([]));

const client = () => createViesClient({ baseUrl: sim.url, requesterVatId: 'DE811907980' });

describe('VIES client', () => {
  it('confirms a registered number with its name, address, consultation number and date', async () => {
    const answer = await client().check('ATU13585627');
    expect(answer).toEqual({
      status: 'valid',
      name: 'Alpenblick Versandhandel GmbH',
      address: 'Mariahilfer Straße 88\n1070 Wien',
      requestId: expect.stringMatching(/^WAPI[A-Z0-9]{12}$/),
      requestDate: expect.any(String),
    });
    // A qualified check: our own VAT ID rode along as the requester.
    expect(sim.requests.at(-1)).toEqual({
      countryCode: 'AT',
      vatNumber: 'U13585627',
      requesterMemberStateCode: 'DE',
      requesterNumber: '811907980',
    });
  });

  it('answers invalid for a made-up number whose check digits are right', async () => {
    expect(await client().check('ATU12345675')).toEqual({
      status: 'invalid',
      requestId: expect.stringMatching(/^WAPI/),
      requestDate: expect.any(String),
    });
  });

  it('normalizes spaces and lower case, and asks Greece as EL', async () => {
    expect(await client().check(' atu 1358 5627 ')).toMatchObject({ status: 'valid' });
    await client().check('GR094259216');
    expect(sim.requests.at(-1)).toMatchObject({ countryCode: 'EL', vatNumber: '094259216' });
  });

  it('asks without requester when there is no own EU VAT ID, and gets no consultation number', async () => {
    const answer = await createViesClient({ baseUrl: sim.url, requesterVatId: null }).check('ATU13585627');
    expect(answer).toMatchObject({ status: 'valid', requestId: null });
    expect(sim.requests.at(-1)).not.toHaveProperty('requesterNumber');
  });

  it('is "unverified" when the member state is unavailable, never valid or invalid', async () => {
    expect(await client().check('ATU10223006')).toEqual({ status: 'unverified', error: 'MS_UNAVAILABLE' });
    sim.setUnavailable(['AT']);
    expect(await client().check('ATU13585627')).toEqual({ status: 'unverified', error: 'MS_UNAVAILABLE' });
    // Other member states still answer.
    expect(await client().check('FR40303265045')).toMatchObject({ status: 'valid' });
  });

  it('is "unverified" when VIES does not answer in time or cannot be reached', async () => {
    const slow = createViesClient({ baseUrl: slowSim.url, requesterVatId: 'DE811907980', timeoutMs: 300 });
    expect(await slow.check('ATU13585627')).toEqual({ status: 'unverified', error: 'TIMEOUT' });

    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const unreachable = createViesClient({ baseUrl: `http://127.0.0.1:${closed}` });
    expect(await unreachable.check('ATU13585627')).toEqual({ status: 'unverified', error: 'UNREACHABLE' });
  });

  it('is "unverified" when the address answers something that is not VIES (HTTP 404)', async () => {
    const notVies = createViesClient({ baseUrl: `${sim.url}/_simulator/requests?`, requesterVatId: null });
    expect(await notVies.check('ATU13585627')).toEqual({ status: 'unverified', error: 'HTTP_404' });
  });

  it('does not ask VIES about a number outside the EU', async () => {
    const before = sim.requests.length;
    expect(await client().check('CHE123456789')).toEqual({ status: 'unverified', error: 'NOT_A_VIES_NUMBER' });
    expect(sim.requests.length).toBe(before);
  });
});
