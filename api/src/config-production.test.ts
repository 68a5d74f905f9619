// Production mode refuses to start on a demo identity: the operating company unset, still the demo's or on a
// placeholder domain, the sandbox payment provider, or mail written to files. One line per variable, naming it.
import { OPERATING_COMPANY_VARIABLES } from '@portal/shared/operating-company';
import testCompany from '@portal/shared/test-company.json';
import { PAYPAL_LIVE_ENV } from '../test/paypal-live-env';
import { loadConfig, productionRefusals, type SellerConfig } from './config';

/** A production configuration with every value real: the company, PayPal live, SMTP. */
const COMPLETE: Record<string, string> = {
  ...testCompany,
  PORTAL_MODE: 'production',
  DS_ENCRYPTION_KEY: 'ab'.repeat(32),
  ...PAYPAL_LIVE_ENV,
  SMTP_URL: 'smtps://portal:secret@mail.nordlicht-portal.de:465',
};

const refusals = (env: Record<string, string | undefined>) => {
  const full = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  return productionRefusals(loadConfig(full), full);
};
const without = (name: string) => ({ ...COMPLETE, [name]: undefined });

describe('productionRefusals', () => {
  it('lets a complete production configuration start, and uses its company everywhere', () => {
    expect(refusals(COMPLETE)).toEqual([]);
    const config = loadConfig(COMPLETE as NodeJS.ProcessEnv);
    expect(config.seller).toMatchObject({ name: 'Nordlicht Portal Software GmbH', vatId: 'DE294817359' });
    expect(config.company).toMatchObject({
      supportEmail: 'hilfe@nordlicht-portal.de',
      privacyEmail: 'datenschutz@nordlicht-portal.de',
      links: { imprint: 'https://www.nordlicht-portal.de/impressum' },
    });
    expect(config.supportEmail).toBe('hilfe@nordlicht-portal.de');
    expect(config.mailFrom).toBe('Nordlicht Portal <portal@nordlicht-portal.de>');
  });

  const required = OPERATING_COMPANY_VARIABLES.filter((v) => v.required).map((v) => [v.env, v.demo]);
  const optional = OPERATING_COMPANY_VARIABLES.filter((v) => !v.required).map((v) => [v.env, v.demo]);

  it('knows every variable of the test company', () => {
    expect(OPERATING_COMPANY_VARIABLES.map((v) => v.env).sort()).toEqual(Object.keys(testCompany).sort());
  });

  it.each(required)('refuses %s unset, with one line naming it', (name) => {
    const lines = refusals(without(name));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name} is not set: `));
  });

  it.each([...required, ...optional].filter(([name]) => name !== 'SELLER_COUNTRY'))(
    'refuses %s still at its demo value %j',
    (name, demo) => {
      const lines = refusals({ ...COMPLETE, [name]: demo });
      expect(lines).toEqual([expect.stringMatching(new RegExp(`^${name} is still the demo value "`))]);
    },
  );

  it.each(optional)('lets %s stay unset, and then prints nothing for it (never the demo value)', (name) => {
    expect(refusals(without(name))).toEqual([]);
    // SELLER_BANK_NAME → bankName
    const key = name
      .replace(/^SELLER_/, '')
      .toLowerCase()
      .replace(/_([a-z])/g, (_m: string, c: string) => c.toUpperCase()) as keyof SellerConfig;
    expect(loadConfig(without(name) as NodeJS.ProcessEnv).seller[key]).toBe('');
  });

  it('takes DE, the demo country, as a real one', () => {
    expect(refusals({ ...COMPLETE, SELLER_COUNTRY: 'de' })).toEqual([]);
    expect(loadConfig({ ...COMPLETE, SELLER_COUNTRY: 'at' } as NodeJS.ProcessEnv).seller.country).toBe('AT');
  });

  it.each([
    ['LINK_IMPRINT', 'https://www.example.com/impressum', 'www.example.com'],
    ['LINK_TERMS', 'https://shop.test/agb', 'shop.test'],
    ['SUPPORT_EMAIL', 'help@portal.example', 'portal.example'],
    ['MAIL_FROM', 'Portal <no-reply@mail.example.org>', 'mail.example.org'],
  ])('refuses %s on a placeholder domain', (name, value, host) => {
    expect(refusals({ ...COMPLETE, [name]: value })).toEqual([
      expect.stringMatching(new RegExp(`^${name} is on the placeholder domain ${host.replace(/\./g, '\\.')}: `)),
    ]);
  });

  it('refuses the sandbox payment provider, set or by default', () => {
    const line = /^PAYMENT_PROVIDER is (sandbox|unset \(sandbox\)): the sandbox takes no real money/;
    expect(refusals({ ...COMPLETE, PAYMENT_PROVIDER: 'sandbox' })).toEqual([expect.stringMatching(line)]);
    expect(refusals(without('PAYMENT_PROVIDER'))).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER is unset/)]);
  });

  it("refuses PayPal's sandbox environment, set or by default", () => {
    expect(refusals({ ...COMPLETE, PAYPAL_ENVIRONMENT: 'sandbox' })).toEqual([
      expect.stringMatching(/^PAYPAL_ENVIRONMENT is sandbox: /),
    ]);
    expect(refusals(without('PAYPAL_ENVIRONMENT'))).toEqual([expect.stringMatching(/^PAYPAL_ENVIRONMENT is unset/)]);
  });

  it('refuses mail written to files (no SMTP_URL)', () => {
    expect(refusals(without('SMTP_URL'))).toEqual([
      'SMTP_URL is not set: mail would be written to files under DATA_DIR/mail instead of being sent',
    ]);
  });

  it('names every problem at once, one line each', () => {
    const lines = refusals({ PORTAL_MODE: 'production', DS_ENCRYPTION_KEY: 'ab'.repeat(32) });
    const named = lines.map((l) => l.split(' ')[0]);
    expect(named).toEqual([...required.map(([name]) => name), 'PAYMENT_PROVIDER', 'SMTP_URL']);
  });

  it('refuses nothing outside production, where the demo company fills every gap', () => {
    for (const mode of ['development', 'test']) {
      const config = loadConfig({ PORTAL_MODE: mode } as NodeJS.ProcessEnv);
      expect(productionRefusals(config, { PORTAL_MODE: mode } as NodeJS.ProcessEnv)).toEqual([]);
      expect(config.seller).toMatchObject({ name: 'Portal Demo Software GmbH', vatId: 'DE811907980' });
      expect(config.company.links.imprint).toBe('https://www.example.com/imprint');
      expect(config.mailFrom).toBe('Portal <no-reply@portal.test>');
    }
    expect(loadConfig({} as NodeJS.ProcessEnv).mode).toBe('development');
  });
});
