import { ApiError, type RegistryEntry } from '@portal/shared';
import type { ApiUser, License, ProfileContact } from '@portal/shared/domain';

export function apiUser(email: string, parentUserId: string | null = null): ApiUser {
  return {
    id: `uid-${email}`,
    email,
    parentUserId,
    language: 'de',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

export function completeContact(email: string): ProfileContact {
  return {
    email,
    firstName: 'Erika',
    lastName: 'Muster',
    companyName: 'Shop GmbH',
    country: 'DE',
    city: 'Berlin',
    street: 'Hauptstraße',
    houseNumber: '1',
    postalCode: '10115',
    invoiceEmail: '',
    vatID: '',
    parentUserId: null,
  };
}

export function activeLicense(pluginName: License['pluginName']): License {
  return {
    id: `lic-${pluginName}`,
    productId: 'p1',
    productName: 'Basic',
    pluginName,
    key: 'KEY',
    status: 'active',
    licenseCreated: '2026-01-01T00:00:00.000Z',
    licenseExpired: '2099-01-01T00:00:00.000Z',
    licenseTypeDetails: { type: 'subscription' },
    licenseUser: [],
    priceNetto: { amount: 1000, currency: 'EUR' },
  };
}

export function registryEntry(id: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    id,
    remote: `mfe_${id}`,
    manifestUrl: `/remotes/mfe-${id}/mf-manifest.json`,
    routes: [`/features/${id}`],
    order: 0,
    ...overrides,
  };
}

/** The error the http client throws for an api answer with this status and slug. */
export const apiError = (status: number, slug: string, message = slug) => new ApiError(status, slug, message);
