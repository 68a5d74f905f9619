import type { HttpClient } from '@portal/shared';
import type {
  AuditPage,
  AvvStaffVersion,
  AvvStaffVersionList,
  AvvVersion,
  AvvVersionInput,
  ManifestCheckResult,
  RegistryEntryInput,
  StaffRegistry,
  StaffRegistryEntry,
  StaffReleases,
  StaffWhoami,
} from '@portal/shared/domain';

export const AUDIT_PAGE_SIZE = 20;
const entryPath = (id: string) => `/staff/registry/${encodeURIComponent(id)}`;

/** GET /staff/whoami: whether the signed-in user is internal staff (verified INTERNAL_EMAILS). */
export async function fetchIsStaff(http: HttpClient): Promise<boolean> {
  const answer = await http.get<StaffWhoami>('/staff/whoami', { silent: true });
  return answer.staff === true;
}

/** GET /staff/registry: every entry, also the disabled ones. */
export async function fetchRegistryEntries(http: HttpClient): Promise<StaffRegistryEntry[]> {
  return (await http.get<StaffRegistry>('/staff/registry')).entries;
}

export function createRegistryEntry(http: HttpClient, input: RegistryEntryInput): Promise<StaffRegistryEntry> {
  return http.post<StaffRegistryEntry>('/staff/registry', input);
}

/** PUT /staff/registry/{id}: the body is the input without the id (the id is the path). */
export function updateRegistryEntry(http: HttpClient, input: RegistryEntryInput): Promise<StaffRegistryEntry> {
  const { id, ...body } = input;
  return http.put<StaffRegistryEntry>(entryPath(id), body);
}

export function deleteRegistryEntry(http: HttpClient, id: string): Promise<void> {
  return http.del<void>(entryPath(id));
}

export function checkManifest(http: HttpClient, manifestUrl: string): Promise<ManifestCheckResult> {
  return http.post<ManifestCheckResult>('/staff/registry/check', { manifestUrl });
}

export function fetchAuditLog(
  http: HttpClient,
  { page, entryId, pageSize = AUDIT_PAGE_SIZE }: { page: number; entryId?: string; pageSize?: number },
): Promise<AuditPage> {
  return http.get('/staff/audit', { query: { page, pageSize, entryId: entryId || undefined } });
}

/** GET /avv/versions (staff): every version, newest first. */
export async function fetchAvvVersions(http: HttpClient): Promise<AvvStaffVersion[]> {
  return (await http.get<AvvStaffVersionList>('/avv/versions')).versions;
}

export function publishAvvVersion(http: HttpClient, input: AvvVersionInput): Promise<AvvVersion> {
  return http.post<AvvVersion>('/avv/versions', input);
}

/** An entry as the edit form and PUT want it: without the read-only updatedAt / updatedBy and release state. */
export function entryInput(entry: StaffRegistryEntry): RegistryEntryInput {
  const { updatedAt: _at, updatedBy: _by, liveRelease: _live, previewRelease: _preview, ...input } = entry;
  return input;
}

const releasesPath = (id: string) => `${entryPath(id)}/releases`;
const releasePath = (id: string, release: string) => `${releasesPath(id)}/${encodeURIComponent(release)}`;

/** GET /staff/registry/{id}/releases: newest first, with the live, preview and rollback release. */
export function fetchReleases(http: HttpClient, id: string): Promise<StaffReleases> {
  return http.get<StaffReleases>(releasesPath(id));
}

/** The steps of an entry's releases; each answers the releases as they are after it. */
export const releaseSteps = {
  add: (http: HttpClient, id: string, manifestUrl: string) =>
    http.post<StaffReleases>(releasesPath(id), { manifestUrl }),
  preview: (http: HttpClient, id: string, release: string) =>
    http.post<StaffReleases>(`${releasePath(id, release)}/preview`),
  promote: (http: HttpClient, id: string, release: string) =>
    http.post<StaffReleases>(`${releasePath(id, release)}/promote`),
  endPreview: (http: HttpClient, id: string) => http.del<StaffReleases>(`${entryPath(id)}/preview`),
  rollback: (http: HttpClient, id: string) => http.post<StaffReleases>(`${entryPath(id)}/rollback`),
};
