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

/** An entry as the edit form and PUT want it: without the read-only updatedAt / updatedBy. */
export function entryInput(entry: StaffRegistryEntry): RegistryEntryInput {
  const { updatedAt: _at, updatedBy: _by, ...input } = entry;
  return input;
}
