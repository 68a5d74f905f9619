import type { HttpClient } from '@portal/shared';
import type { AvvAcceptanceEntry, AvvCurrent, AvvVersion } from '@portal/shared/domain';

/** The version in force, the caller's newest acceptance and whether a re-acceptance is due. */
export function fetchAvvCurrent(http: HttpClient): Promise<AvvCurrent> {
  return http.get<AvvCurrent>('/avv/current');
}

/** One version with its texts (the accepted one, for the diff). */
export function fetchAvvVersion(http: HttpClient, id: string): Promise<AvvVersion> {
  return http.get<AvvVersion>(`/avv/versions/${encodeURIComponent(id)}`);
}

export function acceptAvvVersion(http: HttpClient, versionId: string): Promise<AvvAcceptanceEntry> {
  return http.post<AvvAcceptanceEntry>('/avv/accept', { versionId });
}
