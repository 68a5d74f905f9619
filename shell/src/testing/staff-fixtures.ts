// Test data of the staff console (shell/src/staff), in the api's shapes (the shared contract).
import { ApiError } from '@portal/shared';
import type { AuditEvent, AvvStaffVersion, StaffRegistryEntry, StaffReleases } from '@portal/shared/domain';
import en from '../locales/en.json';
import de from '../locales/de.json';

/** The shell's namespace for renderWithPortal (the staff texts are added by the console itself). */
export const shellTranslations = [{ id: 'shell', translations: { en, de } }];

export function registryEntry(overrides: Partial<StaffRegistryEntry> = {}): StaffRegistryEntry {
  return {
    id: 'mobile',
    remote: 'mfe_mobile',
    manifestUrl: '/remotes/mfe-mobile/mf-manifest.json',
    routes: ['/features/mobile-app'],
    enabled: true,
    audience: { kind: 'all' },
    comingSoon: false,
    buyWithoutFilling: true,
    order: 20,
    card: {
      pluginName: 'mobile',
      title: { en: 'Mobile app', de: 'Mobile App' },
      description: { en: 'Your shop on the go.', de: 'Ihr Shop unterwegs.' },
      illustration: 'mobile',
      configurePath: '/features/mobile-app',
    },
    updatedAt: '2026-11-20T10:00:00.000Z',
    updatedBy: null,
    liveRelease: null,
    previewRelease: null,
    ...overrides,
  };
}

/** The body a PUT of `entry` sends: every field staff edit, without the id (it is in the path) and the read-only ones. */
export function entryPutBody(entry: StaffRegistryEntry = registryEntry()) {
  const { id: _id, updatedAt: _at, updatedBy: _by, liveRelease: _live, previewRelease: _preview, ...edited } = entry;
  return edited;
}

export const RELEASE_1 = '0.1.0-aaaaaaaaaa';
export const RELEASE_2 = '0.2.0-bbbbbbbbbb';
export const releaseUrl = (id: string) => `/remotes/mfe-mobile/releases/${id}/mf-manifest.json`;

/** The releases of mobile: RELEASE_1 live, RELEASE_2 added after it (newest first). */
export function staffReleases(overrides: Partial<StaffReleases> = {}): StaffReleases {
  return {
    entryId: 'mobile',
    live: RELEASE_1,
    preview: null,
    rollbackTo: null,
    releases: [
      {
        id: RELEASE_2,
        version: '0.2.0',
        manifestUrl: releaseUrl(RELEASE_2),
        addedAt: '2026-11-22T09:00:00.000Z',
        addedBy: 'staff@portal.test',
        liveAt: null,
        liveBy: null,
      },
      {
        id: RELEASE_1,
        version: '0.1.0',
        manifestUrl: releaseUrl(RELEASE_1),
        addedAt: '2026-11-21T09:00:00.000Z',
        addedBy: 'staff@portal.test',
        liveAt: '2026-11-21T09:05:00.000Z',
        liveBy: 'staff@portal.test',
      },
    ],
    ...overrides,
  };
}

export const registryEntries = (): StaffRegistryEntry[] => [
  registryEntry({
    id: 'licenses',
    remote: 'mfe_licenses',
    manifestUrl: '/remotes/mfe-licenses/mf-manifest.json',
    routes: ['/licenses', '/licenses/buy'],
    order: 5,
    card: null,
  }),
  registryEntry(),
  registryEntry({
    id: 'gpsr',
    remote: 'mfe_gpsr',
    manifestUrl: '/remotes/mfe-gpsr/mf-manifest.json',
    routes: ['/features/gpsr'],
    enabled: false,
    comingSoon: true,
    audience: { kind: 'internal' },
    order: 30,
    card: { pluginName: 'gpsr', configurePath: '/features/gpsr' },
  }),
  registryEntry({
    id: 'content-master',
    remote: '',
    manifestUrl: '',
    routes: ['/features/content-master'],
    audience: { kind: 'sellers', emails: ['a@shop.test', 'b@shop.test'] },
    order: 40,
    card: null,
  }),
];

export function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  const before = registryEntry();
  return {
    id: 'ev1',
    at: '2026-11-21T09:30:00.000Z',
    actorEmail: 'staff@portal.test',
    action: 'update',
    entryId: 'mobile',
    before,
    after: { ...before, enabled: false },
    ...overrides,
  };
}

const AVV_TEXT = '## 1. Gegenstand\n\nDer Auftragnehmer verarbeitet personenbezogene Daten im Auftrag des Kunden.';

export function avvVersion(overrides: Partial<AvvStaffVersion> = {}): AvvStaffVersion {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    version: '1',
    effectiveDate: '2026-01-01',
    summary: { de: 'Erste Fassung.', en: 'First version.' },
    text: { de: AVV_TEXT, en: AVV_TEXT.replace('Gegenstand', 'Subject') },
    subProcessors: [{ name: 'Hetzner Online GmbH', purpose: 'Hosting', location: 'Germany' }],
    publishedAt: '2026-01-01T00:00:00.000Z',
    publishedBy: null,
    acceptedCount: 2,
    isCurrent: true,
    ...overrides,
  };
}

export const forbidden = () => new ApiError(403, 'forbidden-staff-only', 'Staff only');

/** Answers every console read with the fixtures above unless the test sets its own route. */
export function staffRoutes(routes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'GET /staff/whoami': { staff: true },
    'GET /staff/registry': { entries: registryEntries() },
    'GET /staff/audit': { events: [auditEvent()], total: 1 },
    'GET /avv/versions': { versions: [avvVersion()] },
    'GET /staff/registry/:id/releases': staffReleases(),
    ...routes,
  };
}
