import { SandboxProvider, signSandboxBody, verifySandboxSignature } from './sandbox-provider';
import { WebhookSignatureError } from './provider';

const SECRET = 'a'.repeat(64);
const body = Buffer.from(
  JSON.stringify({
    id: 'evt_1',
    type: 'PAYMENT.COMPLETED',
    created: new Date().toISOString(),
    resource: { ref: 'r'.repeat(32), amount_cents: 11900, currency: 'EUR' },
  }),
);

describe('sandbox event signature (HMAC-SHA256)', () => {
  it('verifies its own signature and parses the event', async () => {
    const provider = new SandboxProvider(SECRET, () => null);
    const event = await provider.verifyWebhook({
      headers: { 'x-sandbox-signature': signSandboxBody(SECRET, body) },
      rawBody: body,
    });
    expect(event).toMatchObject({
      eventId: 'evt_1',
      kind: 'completed',
      providerRef: 'r'.repeat(32),
      amountCents: 11900,
      currency: 'EUR',
    });
  });

  it('refuses another key, a changed body, an old timestamp and a missing header', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(() => verifySandboxSignature(SECRET, signSandboxBody('b'.repeat(64), body), body)).toThrow('does not match');
    const changed = Buffer.from(body.toString().replace('11900', '1'));
    expect(() => verifySandboxSignature(SECRET, signSandboxBody(SECRET, body), changed)).toThrow('does not match');
    expect(() => verifySandboxSignature(SECRET, signSandboxBody(SECRET, body, now - 3600), body)).toThrow('too old');
    expect(() => verifySandboxSignature(SECRET, null, body)).toThrow(WebhookSignatureError);
    expect(() => verifySandboxSignature(SECRET, 't=1,v1=zz', body)).toThrow('malformed');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    "refuses the type %j (a key every object inherits, not one of the sandbox's event types)",
    async (type) => {
      const provider = new SandboxProvider(SECRET, () => null);
      const raw = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), type }));
      await expect(
        provider.verifyWebhook({ headers: { 'x-sandbox-signature': signSandboxBody(SECRET, raw) }, rawBody: raw }),
      ).rejects.toThrow('not a sandbox event');
    },
  );

  it('makes a relative payment URL with a 192-bit random ref', async () => {
    const provider = new SandboxProvider(SECRET, () => null);
    const request = {
      invoiceId: 'x',
      amountCents: 1,
      currency: 'EUR',
      description: 'd',
      language: 'de' as const,
      subscription: null,
    };
    const a = await provider.createCheckout(request);
    const b = await provider.createCheckout(request);
    expect(a.paymentUrl).toBe(`/api/payment/sandbox/${a.providerRef}`);
    expect(Buffer.from(a.providerRef, 'base64url')).toHaveLength(24);
    expect(a.providerRef).not.toBe(b.providerRef);
  });

  it('cannot send an event while the api is not listening', async () => {
    const provider = new SandboxProvider(SECRET, () => null);
    await expect(
      provider.sendEvent('PAYMENT.COMPLETED', { ref: 'x', amount_cents: 1, currency: 'EUR' }),
    ).rejects.toThrow('not listening');
  });
});
