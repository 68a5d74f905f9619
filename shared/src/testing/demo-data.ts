// Plausible demo data for fakes and standalone remotes (matches the api's seeded demo seller).
import type { ApiUser, AuthUser, DataSource, License, Product, Profile, SubUser } from '../domain/types';
import type { PortalLinks } from '../services/contract';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The demo links of the default portal config (shared/config/operating-company.js). */
export function demoLinks(): PortalLinks {
  return {
    imprint: 'https://www.example.com/imprint',
    privacy: 'https://www.example.com/privacy',
    terms: 'https://www.example.com/terms',
    contactEmail: 'support@portal.test',
    androidApp: 'https://play.google.com/store/apps/details?id=com.example.portal',
    iosApp: 'https://apps.apple.com/app/example-portal/id000000000',
    freshdeskApp: 'https://www.freshworks.com/apps/example-portal',
    freshdeskManual: 'https://www.example.com/manuals/freshdesk-connector',
  };
}

export function demoUser(): AuthUser {
  return { uid: 'demo-uid', email: 'demo@portal.test', displayName: 'Erika Muster', emailVerified: true };
}

export function demoApiUser(): ApiUser {
  return {
    id: 'demo-uid',
    email: 'demo@portal.test',
    parentUserId: null,
    language: 'de',
    isActive: true,
    createdAt: '2025-01-10T09:00:00.000Z',
  };
}

/** A sub-user of the demo seller. */
export function demoSubApiUser(): ApiUser {
  return { ...demoApiUser(), id: 'demo-sub-uid', email: 'lager@muster-shop.de', parentUserId: 'demo-uid' };
}

export function demoProfile(): Profile {
  return {
    contact: {
      email: 'demo@portal.test',
      firstName: 'Erika',
      lastName: 'Muster',
      companyName: 'Muster Shop GmbH',
      country: 'DE',
      city: 'Berlin',
      street: 'Friedrichstraße',
      houseNumber: '12',
      postalCode: '10117',
      invoiceEmail: '',
      vatID: 'DE123456788',
      vatVerification: null,
      parentUserId: null,
    },
    avv: { isAccepted: true, acceptedDate: '2025-01-11T10:00:00.000Z', version: '1.0' },
    language: 'de',
    verifyReminder: false,
  };
}

export function demoDataSource(): DataSource {
  return {
    host: 'db.muster-shop.de',
    port: 1433,
    database: 'eazybusiness',
    user: 'portal',
    engine: 'mssql',
    userEmails: ['demo@portal.test'],
    status: 'active',
  };
}

export function demoLicenses(): License[] {
  const base = {
    licenseUser: [{ type: 'email' as const, value: 'demo@portal.test' }],
    licenseCreated: '2025-01-12T08:00:00.000Z',
  };
  return [
    {
      ...base,
      id: 'lic-fd',
      productId: 'prod-fd-basic',
      productName: 'Fresh Desk Basic',
      pluginName: 'fresh_desk',
      key: 'FD-DEMO-0001',
      status: 'active',
      licenseExpired: inDays(200),
      licenseTypeDetails: { type: 'subscription' },
      priceNetto: { amount: 1990, currency: 'EUR' },
    },
    {
      ...base,
      id: 'lic-mob',
      productId: 'prod-mobile-default',
      productName: 'Mobile App',
      pluginName: 'mobile_default',
      key: 'MOB-DEMO-0001',
      status: 'active',
      licenseExpired: inDays(20),
      licenseTypeDetails: { type: 'subscription', extraOptions: { max_users: 3 } },
      priceNetto: { amount: 990, currency: 'EUR' },
    },
    {
      ...base,
      id: 'lic-gpsr',
      productId: 'prod-gpsr-trial',
      productName: 'GPSR Trial',
      pluginName: 'gpsr',
      key: 'GPSR-DEMO-0001',
      status: 'active',
      licenseExpired: inDays(-4),
      licenseTypeDetails: { type: 'trial' },
      priceNetto: { amount: 0, currency: 'EUR' },
    },
  ];
}

export function demoProducts(): Product[] {
  const details = (
    unit: 'month' | 'year' | 'day',
    duration: number,
    type: 'subscription' | 'trial' | 'free' = 'subscription',
  ) => [
    {
      type,
      licenseValidDuration: [{ unit, duration }],
      maxRegistrationsCount: 1,
      extraOptions: { email_quota_base: 1000, email_block_price_cents: 500, extra_user_price_cents: 300 },
    },
  ];
  return [
    {
      id: 'prod-fd-free',
      name: 'Fresh Desk Free',
      pluginName: 'fresh_desk',
      tier: null,
      priceNetto: { amount: 0, currency: 'EUR' },
      licenseTypeDetails: details('day', 3, 'trial'),
    },
    {
      id: 'prod-fd-basic',
      name: 'Basic',
      pluginName: 'fresh_desk',
      tier: 'Basic',
      priceNetto: { amount: 1990, currency: 'EUR' },
      licenseTypeDetails: details('month', 1),
    },
    {
      id: 'prod-fd-basic-y',
      name: 'Basic',
      pluginName: 'fresh_desk',
      tier: 'Basic',
      priceNetto: { amount: 19900, currency: 'EUR' },
      licenseTypeDetails: details('year', 1),
    },
    {
      id: 'prod-mobile-default',
      name: 'Mobile App',
      pluginName: 'mobile_default',
      tier: null,
      priceNetto: { amount: 990, currency: 'EUR' },
      licenseTypeDetails: details('month', 1),
    },
  ];
}

export function demoSubUsers(): SubUser[] {
  return [{ id: 'sub-1', name: 'Max Lager', email: 'lager@muster-shop.de', createdAt: '2025-02-01T12:00:00.000Z' }];
}
