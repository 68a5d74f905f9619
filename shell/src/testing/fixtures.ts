import Group from '@mui/icons-material/Group';
import Receipt from '@mui/icons-material/Receipt';
import VpnKey from '@mui/icons-material/VpnKey';
import { ApiError, definePortalRemote, type PortalRemote, type RegistryEntry } from '@portal/shared';
import type { ApiUser, License, ProfileContact } from '@portal/shared/domain';
import { licenseFixture } from '@portal/shared/testing';

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
    vatVerification: null,
    parentUserId: null,
  };
}

export function activeLicense(pluginName: License['pluginName']): License {
  return licenseFixture({
    id: `lic-${pluginName}`,
    productName: 'Basic',
    pluginName,
    licenseExpired: '2099-01-01T00:00:00.000Z',
  });
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

/**
 * Remotes as the shell sees them after loading their './remote' (nav entries with labels in their own namespace),
 * and the registry entries that list them — what a test needs for the sidebar.
 */
export const NAV_REMOTES: Record<string, PortalRemote> = {
  mfe_billing: definePortalRemote({
    id: 'billing',
    routes: [{ path: '/invoices', element: null }],
    nav: [{ path: '/invoices', labelKey: 'nav_invoices', icon: Receipt, order: 20, mainUserOnly: true }],
    translations: { en: { nav_invoices: 'Invoices' }, de: { nav_invoices: 'Rechnungen' } },
  }),
  mfe_licenses: definePortalRemote({
    id: 'licenses',
    routes: [{ path: '/licenses', element: null }],
    nav: [{ path: '/licenses', labelKey: 'nav_licenses', icon: VpnKey, order: 30 }],
    translations: { en: { nav_licenses: 'Licenses' }, de: { nav_licenses: 'Lizenzen' } },
  }),
  mfe_account: definePortalRemote({
    id: 'account',
    routes: [
      { path: '/profile', element: null },
      { path: '/user-management', element: null },
    ],
    nav: [{ path: '/user-management', labelKey: 'nav_user_management', icon: Group, order: 40, mainUserOnly: true }],
    translations: {
      en: { nav_user_management: 'User management' },
      de: { nav_user_management: 'Benutzerverwaltung' },
    },
  }),
};

export const NAV_ENTRIES: RegistryEntry[] = [
  registryEntry('account', { routes: ['/profile', '/user-management'] }),
  registryEntry('billing', { routes: ['/invoices'] }),
  registryEntry('licenses', { routes: ['/licenses', '/licenses/buy'] }),
];
